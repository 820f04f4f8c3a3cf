/* not a path from the root */
#include "core.h"
#include <stdio.h>
