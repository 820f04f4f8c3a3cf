#include "passes/y/b.h"
