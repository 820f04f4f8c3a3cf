/* host tensors: below the dialects */
#include "ir/support.h"
