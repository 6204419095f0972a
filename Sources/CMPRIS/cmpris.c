#include "cmpris.h"
#include <systemd/sd-bus.h>
