#define _GNU_SOURCE
#include "crenameat2.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>

#if defined(__linux__) && defined(RENAME_EXCHANGE)
static int rename2(const char *from, const char *to, unsigned int flags) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, flags) == 0 ? 0 : errno;
}

int crenameat2_exchange(const char *first, const char *second) {
    return rename2(first, second, RENAME_EXCHANGE);
}

int crenameat2_noreplace(const char *from, const char *to) {
    return rename2(from, to, RENAME_NOREPLACE);
}
#else
int crenameat2_exchange(const char *first, const char *second) {
    (void)first;
    (void)second;
    return ENOSYS;
}

int crenameat2_noreplace(const char *from, const char *to) {
    (void)from;
    (void)to;
    return ENOSYS;
}
#endif
