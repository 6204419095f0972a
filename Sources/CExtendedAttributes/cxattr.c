#include "cxattr.h"

#include <errno.h>

#if defined(__linux__)
#include <sys/xattr.h>

ssize_t cxattr_list(const char *path, char *names, size_t size) {
    return listxattr(path, names, size);
}

ssize_t cxattr_get(const char *path, const char *name, void *value, size_t size) {
    return getxattr(path, name, value, size);
}

int cxattr_fset(int descriptor, const char *name, const void *value, size_t size) {
    return fsetxattr(descriptor, name, value, size, 0);
}
#else
ssize_t cxattr_list(const char *path, char *names, size_t size) {
    (void)path;
    (void)names;
    (void)size;
    errno = ENOTSUP;
    return -1;
}

ssize_t cxattr_get(const char *path, const char *name, void *value, size_t size) {
    (void)path;
    (void)name;
    (void)value;
    (void)size;
    errno = ENOTSUP;
    return -1;
}

int cxattr_fset(int descriptor, const char *name, const void *value, size_t size) {
    (void)descriptor;
    (void)name;
    (void)value;
    (void)size;
    errno = ENOTSUP;
    return -1;
}
#endif
