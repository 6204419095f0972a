/*
 * cxattr: extended attributes (an ACL, the user's own), so that a file replaced by a rename
 * keeps them.
 *
 * Swift's Glibc module declares no <sys/xattr.h>, so they are called here. Each returns what
 * the system call does (a size, or 0), or -1 with errno set: ENOTSUP where there are none
 * (the file system, or a system other than Linux).
 */
#ifndef CXATTR_H
#define CXATTR_H

#include <stddef.h>
#include <sys/types.h>

/* The attribute names of the file at path, each ended by a NUL (listxattr). */
ssize_t cxattr_list(const char *path, char *names, size_t size);

/* The value of the attribute name of the file at path (getxattr). */
ssize_t cxattr_get(const char *path, const char *name, void *value, size_t size);

/* Sets the attribute name of the file open at descriptor (fsetxattr). */
int cxattr_fset(int descriptor, const char *name, const void *value, size_t size);

#endif
