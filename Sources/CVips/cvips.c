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
    void (*object_unref)(void *object);
    void (*free)(void *memory);
} vips;

enum { CVIPS_INTERESTING_CENTRE = 1, CVIPS_TRUE = 1 };

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

void cvips_free(void *pointer) {
    vips.free(pointer);
}
