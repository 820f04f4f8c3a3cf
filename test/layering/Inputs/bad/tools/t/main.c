/* a tool reaches into a target folder */
#include "targets/nvptx/n.h"
