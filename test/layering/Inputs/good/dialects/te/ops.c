/* a listed exception */
#include "ir/parser_impl.h"
