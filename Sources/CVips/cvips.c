#include "cvips.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * libvips is opened with dlopen when covers are first made, not linked: linked, it loaded
 * about ninety libraries (glib, poppler, ImageMagick, the codecs...) into every cdwally
 * process, `cdwally status` included, and kept their pages resident in the player. Only the
 * cover worker (`cdwally cover-worker`) opens it now.
 *
 * The few entry points used here are declared as <vips/vips.h> declares them; their
 * signatures are stable across libvips 8 (soname 42).
 */
typedef struct _VipsImage VipsImage;

static struct {
    int (*init)(const char *argv0);
    void (*concurrency_set)(int concurrency);
    void (*cache_set_max)(int max);
    void (*cache_set_max_mem)(size_t max_mem);
    const char *(*error_buffer)(void);
    void (*error_clear)(void);
    int (*thumbnail_buffer)(void *buf, size_t len, VipsImage **out, int width, ...);
    int (*jpegsave_buffer)(VipsImage *in, void **buf, size_t *len, ...);
    int (*colourspace)(VipsImage *in, VipsImage **out, int space, ...);
    int (*cast_uchar)(VipsImage *in, VipsImage **out, ...);
    int (*get_width)(const VipsImage *image);
    int (*get_height)(const VipsImage *image);
    int (*get_bands)(const VipsImage *image);
    int (*get_format)(const VipsImage *image);
    void *(*write_to_memory)(VipsImage *in, size_t *size);
    void (*object_unref)(void *object);
    void (*free)(void *memory);
} vips;

enum { CVIPS_INTERESTING_CENTRE = 1, CVIPS_TRUE = 1, CVIPS_INTERPRETATION_SRGB = 22, CVIPS_FORMAT_UCHAR = 0 };

static char *take_error(void) {
    const char *message = vips.error_buffer();
    char *copy = strdup(message && *message ? message : "libvips failed without a message");
    vips.error_clear();
    return copy;
}

static char *formatted(const char *format, const char *detail) {
    size_t length = strlen(format) + strlen(detail) + 1;
    char *text = malloc(length);
    if (text != NULL) snprintf(text, length, format, detail);
    return text;
}

static int open_library(char **error) {
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        *error = formatted("cannot open libvips (Debian: libvips42): %s", dlerror());
        return -1;
    }
    struct {
        void **slot;
        const char *name;
    } symbols[] = {
        {(void **)&vips.init, "vips_init"},
        {(void **)&vips.concurrency_set, "vips_concurrency_set"},
        {(void **)&vips.cache_set_max, "vips_cache_set_max"},
        {(void **)&vips.cache_set_max_mem, "vips_cache_set_max_mem"},
        {(void **)&vips.error_buffer, "vips_error_buffer"},
        {(void **)&vips.error_clear, "vips_error_clear"},
        {(void **)&vips.thumbnail_buffer, "vips_thumbnail_buffer"},
        {(void **)&vips.jpegsave_buffer, "vips_jpegsave_buffer"},
        {(void **)&vips.colourspace, "vips_colourspace"},
        {(void **)&vips.cast_uchar, "vips_cast_uchar"},
        {(void **)&vips.get_width, "vips_image_get_width"},
        {(void **)&vips.get_height, "vips_image_get_height"},
        {(void **)&vips.get_bands, "vips_image_get_bands"},
        {(void **)&vips.get_format, "vips_image_get_format"},
        {(void **)&vips.write_to_memory, "vips_image_write_to_memory"},
        // glib's, found through libvips's own dependencies.
        {(void **)&vips.object_unref, "g_object_unref"},
        {(void **)&vips.free, "g_free"},
    };
    for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
        *symbols[index].slot = dlsym(library, symbols[index].name);
        if (*symbols[index].slot == NULL) {
            *error = formatted("libvips has no %s: a libvips 8 is needed", symbols[index].name);
            return -1;
        }
    }
    return 0;
}

int cvips_start(int threads, char **error) {
    if (open_library(error) != 0) return -1;
    if (vips.init("cdwally") != 0) {
        *error = take_error();
        return -1;
    }
    vips.concurrency_set(threads);
    vips.cache_set_max(0);
    vips.cache_set_max_mem(0);
    return 0;
}

int cvips_thumbnail(const void *image, size_t length, int size, void **jpeg, size_t *jpeg_length, char **error) {
    VipsImage *thumbnail = NULL;
    // libvips does not write through the pointer; its signature predates const.
    if (vips.thumbnail_buffer((void *)image, length, &thumbnail, size, "height", size, "crop",
                              CVIPS_INTERESTING_CENTRE, NULL) != 0) {
        *error = take_error();
        return -1;
    }
    int status = vips.jpegsave_buffer(thumbnail, jpeg, jpeg_length, "Q", 82, "strip", CVIPS_TRUE, NULL);
    vips.object_unref(thumbnail);
    if (status != 0) {
        *error = take_error();
        return -1;
    }
    return 0;
}

/* The image as 8-bit sRGB, its alpha kept; `image` is released. NULL on failure. */
static VipsImage *as_srgb8(VipsImage *image) {
    VipsImage *srgb = NULL;
    int status = vips.colourspace(image, &srgb, CVIPS_INTERPRETATION_SRGB, NULL);
    vips.object_unref(image);
    if (status != 0) return NULL;
    if (vips.get_format(srgb) == CVIPS_FORMAT_UCHAR) return srgb;
    VipsImage *bytes = NULL;
    status = vips.cast_uchar(srgb, &bytes, NULL);
    vips.object_unref(srgb);
    return status == 0 ? bytes : NULL;
}

int cvips_pixels(const void *image, size_t length, int size, unsigned char **rgba, char **error) {
    VipsImage *thumbnail = NULL;
    if (vips.thumbnail_buffer((void *)image, length, &thumbnail, size, "height", size, "crop",
                              CVIPS_INTERESTING_CENTRE, NULL) != 0) {
        *error = take_error();
        return -1;
    }
    VipsImage *srgb = as_srgb8(thumbnail);
    if (srgb == NULL) {
        *error = take_error();
        return -1;
    }
    int width = vips.get_width(srgb), height = vips.get_height(srgb), bands = vips.get_bands(srgb);
    size_t bytes = 0;
    unsigned char *memory = vips.write_to_memory(srgb, &bytes);
    vips.object_unref(srgb);
    if (memory == NULL) {
        *error = take_error();
        return -1;
    }
    // A crop may come out a pixel short of `size`: the rest stays transparent.
    *rgba = calloc((size_t)size * size, 4);
    if (*rgba == NULL || bands < 3 || (size_t)width * height * bands > bytes) {
        free(*rgba);
        vips.free(memory);
        *error = strdup(bands < 3 ? "libvips gave fewer than 3 bands" : "out of memory");
        return -1;
    }
    for (int y = 0; y < height && y < size; y++) {
        for (int x = 0; x < width && x < size; x++) {
            const unsigned char *from = memory + ((size_t)y * width + x) * bands;
            unsigned char *to = *rgba + ((size_t)y * size + x) * 4;
            to[0] = from[0];
            to[1] = from[1];
            to[2] = from[2];
            to[3] = bands > 3 ? from[3] : 255;
        }
    }
    vips.free(memory);
    return 0;
}

void cvips_free(void *pointer) {
    vips.free(pointer);
}
