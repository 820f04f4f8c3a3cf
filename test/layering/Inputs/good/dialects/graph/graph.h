#include "runtime/tensor.h"
#include "ir/core.h"
