#include "cvips.h"

#include <stdlib.h>
#include <string.h>

/*
 * The few libvips 8.x entry points used here, declared as <vips/vips.h> declares them.
 * Including that header needs glib's include folders, which only pkg-config knows, and
 * SwiftPM refuses the "-pthread" that libvips's pkg-config flags carry; the libraries link by
 * name (Package.swift). These signatures are stable across libvips 8.
 */
typedef struct _VipsImage VipsImage;
int vips_init(const char *argv0);
void vips_concurrency_set(int concurrency);
void vips_cache_set_max(int max);
void vips_cache_set_max_mem(size_t max_mem);
const char *vips_error_buffer(void);
void vips_error_clear(void);
int vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, ...);
int vips_jpegsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
void g_object_unref(void *object);
void g_free(void *memory);

enum { CVIPS_INTERESTING_CENTRE = 1, CVIPS_TRUE = 1 };

static char *take_error(void) {
    const char *message = vips_error_buffer();
    char *copy = strdup(message && *message ? message : "libvips failed without a message");
    vips_error_clear();
    return copy;
}

int cvips_start(int threads, char **error) {
    if (vips_init("cdwally") != 0) {
        *error = take_error();
        return -1;
    }
    vips_concurrency_set(threads);
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    return 0;
}

int cvips_thumbnail(const void *image, size_t length, int size, void **jpeg, size_t *jpeg_length, char **error) {
    VipsImage *thumbnail = NULL;
    // libvips does not write through the pointer; its signature predates const.
    if (vips_thumbnail_buffer((void *)image, length, &thumbnail, size, "height", size, "crop",
                              CVIPS_INTERESTING_CENTRE, NULL) != 0) {
        *error = take_error();
        return -1;
    }
    int status = vips_jpegsave_buffer(thumbnail, jpeg, jpeg_length, "Q", 82, "strip", CVIPS_TRUE, NULL);
    g_object_unref(thumbnail);
    if (status != 0) {
        *error = take_error();
        return -1;
    }
    return 0;
}

void cvips_free(void *pointer) {
    g_free(pointer);
}
