/* sideways: graph and te are siblings */
#include "dialects/te/te.h"
