/* the exception for ir/parser_impl.h no longer occurs */
#include "dialects/te/te_impl.h"
