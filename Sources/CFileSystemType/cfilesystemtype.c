#include "cfilesystemtype.h"

#ifdef __linux__
#include <sys/vfs.h>

long long cfilesystemtype_of(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (long long)(unsigned long)info.f_type;
}
#else
long long cfilesystemtype_of(const char *path) {
    (void)path;
    return -1;
}
#endif
