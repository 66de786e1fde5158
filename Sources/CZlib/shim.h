// The system zlib (Debian: zlib1g-dev). Only Sources/cardmap/HTML/Gzip.swift calls into it, to
// compress the data `cardmap page` carries.
#include <zlib.h>
