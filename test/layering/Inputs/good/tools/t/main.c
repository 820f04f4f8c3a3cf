#include "tools/common/register.h"
#include "runtime/tensor.h"
