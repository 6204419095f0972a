/*
 * cqrencode: QR codes through libqrencode, behind a plain C header for Swift.
 *
 * Contract:
 * - cqrencode_start opens libqrencode (dlopen, libqrencode.so.4) the first time and returns 0,
 *   or -1 and a message in `*error` (free it with free) when it is not installed. It may be
 *   called again; once opened, the library stays.
 * - cqrencode_encode makes the QR code of the NUL-terminated `text` (8-bit mode, error
 *   correction level M, the smallest version that holds it) and returns 0, its width in
 *   modules in `*width`, and `*width` × `*width` bytes in `*modules`, row by row, 1 for a dark
 *   module and 0 for a light one (free it with free). On failure it returns -1 and a message
 *   in `*error` (free it with free).
 * Any thread, once cqrencode_start has returned 0.
 */
#ifndef CQRENCODE_H
#define CQRENCODE_H

#ifdef __cplusplus
extern "C" {
#endif

int cqrencode_start(char **error);
int cqrencode_encode(const char *text, int *width, unsigned char **modules, char **error);

#ifdef __cplusplus
}
#endif

#endif
