#include "lowering/a-to-b/l.h"
