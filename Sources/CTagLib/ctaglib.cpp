#include "ctaglib.h"
#include <taglib.h>
