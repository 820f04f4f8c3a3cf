#include "runtime/tensor.h"
