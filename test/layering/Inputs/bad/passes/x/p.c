/* a private header of another module */
#include "dialects/te/te_impl.h"
