#include "dialects/graph/graph.h"
