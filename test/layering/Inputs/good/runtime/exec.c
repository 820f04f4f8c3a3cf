/* the runtime may include a target folder */
#include "targets/nvptx/n.h"
#include "lowering/a-to-b/l.h"
#include "runtime/tensor.h"
