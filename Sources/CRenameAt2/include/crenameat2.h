/*
 * crenameat2: renameat2(2)'s exchange and no-replace renames.
 *
 * Swift's Glibc module declares no renameat2 (it is a _GNU_SOURCE function), so it is called
 * here. Each returns 0, or the errno: EINVAL or ENOSYS where the file system or the kernel has
 * no such rename (FUSE exFAT, macOS), and the caller falls back to rename(2).
 */
#ifndef CRENAMEAT2_H
#define CRENAMEAT2_H

/* Swaps the two names atomically: each then names the other's file. */
int crenameat2_exchange(const char *first, const char *second);

/* Renames from to to, failing with EEXIST when to exists. */
int crenameat2_noreplace(const char *from, const char *to);

#endif
