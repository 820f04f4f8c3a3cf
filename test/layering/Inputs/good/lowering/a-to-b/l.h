#include "targets/target.h"
#include "dialects/graph/graph.h"
