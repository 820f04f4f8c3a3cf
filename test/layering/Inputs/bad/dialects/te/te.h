#include "ir/core.h"
