// The system PROJ library (Debian: libproj-dev). Only Sources/Projection/PROJ.swift calls into it.
#include <proj.h>
