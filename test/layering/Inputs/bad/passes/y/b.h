/* an include cycle */
#include "passes/y/a.h"
