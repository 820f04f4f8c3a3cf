/* a listed exception */
#include "dialects/graph/graph_impl.h"
