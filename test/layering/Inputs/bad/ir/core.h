/* upward: the core includes a dialect */
#include "dialects/graph/graph.h"
