/*
 * cfilesystemtype: the type of the file system a path lies on.
 *
 * Swift's Glibc module does not import <sys/vfs.h>, so statfs(2) is called here.
 */
#ifndef CFILESYSTEMTYPE_H
#define CFILESYSTEMTYPE_H

/* statfs(2)'s f_type for path (a magic number of linux/magic.h), or -1 when statfs fails
 * or the system has no such number (macOS). */
long long cfilesystemtype_of(const char *path);

#endif
