// The system PROJ library (Debian: libproj-dev), called directly: the baseline the kernels are measured against.
#include <proj.h>
