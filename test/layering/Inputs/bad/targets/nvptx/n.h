#include "targets/target.h"
