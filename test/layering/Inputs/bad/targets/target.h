/* targets may include only ir */
#include "dialects/te/te.h"
