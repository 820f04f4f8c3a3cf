#include "dialects/te/te.h"
