/*
 * cvips: cover thumbnails through libvips, behind a plain C header for Swift.
 *
 * Swift cannot call libvips's variadic functions (vips_thumbnail_buffer, vips_jpegsave_buffer),
 * so this shim makes the one call cdwally needs: any image libvips reads, scaled and
 * centre-cropped to a square, as a JPEG.
 *
 * Contract:
 * - Call cvips_start once, before any thumbnail: it opens libvips (dlopen, libvips.so.42),
 *   limits it to `threads` worker threads and turns its operation cache off (a small board has
 *   little memory). It returns 0, or -1 and a message in `*error` (free it with free).
 * - cvips_thumbnail may run on any thread. On success it returns 0 and a JPEG in `*jpeg`
 *   (free it with cvips_free); on failure -1 and libvips's message in `*error` (free it with free).
 * - cvips_pixels, for the terminal's covers, scales and centre-crops the image to `size`×`size`
 *   and returns 0 and its sRGB pixels as RGBA, 4 bytes a pixel, row after row, in `*rgba` (free
 *   it with free); on failure -1 and libvips's message in `*error` (free it with free).
 */
#ifndef CVIPS_H
#define CVIPS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

int cvips_start(int threads, char **error);
int cvips_thumbnail(const void *image, size_t length, int size, void **jpeg, size_t *jpeg_length, char **error);
int cvips_pixels(const void *image, size_t length, int size, unsigned char **rgba, char **error);
void cvips_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
