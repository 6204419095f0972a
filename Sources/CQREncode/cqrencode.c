#include "cqrencode.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * libqrencode is opened with dlopen, as libvips and libchafa are (Sources/CVips,
 * Sources/CChafa): it is a Recommends of the package, not a Depends, so a box without it still
 * runs, and the web's invitation then gives its code as text and a link only. The build needs
 * neither the library nor its header.
 *
 * The entry points, the QRcode struct and the enum value below are those of <qrencode.h>,
 * stable under its soname 4 (libqrencode 4.0 and 4.1).
 */
typedef struct {
    int version;
    int width;
    unsigned char *data;
} QRcode;

enum { QR_ECLEVEL_M = 1 };

static struct {
    QRcode *(*encode_8bit)(const char *string, int version, int level);
    void (*free_code)(QRcode *code);
} qr;

static pthread_mutex_t opening = PTHREAD_MUTEX_INITIALIZER;

static char *copied(const char *text) { return strdup(text); }

int cqrencode_start(char **error) {
    pthread_mutex_lock(&opening);
    if (qr.encode_8bit != NULL) {
        pthread_mutex_unlock(&opening);
        return 0;
    }
    void *library = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        *error = copied(reason != NULL ? reason : "libqrencode.so.4 cannot be opened");
        pthread_mutex_unlock(&opening);
        return -1;
    }
    void *encode = dlsym(library, "QRcode_encodeString8bit");
    void *release = dlsym(library, "QRcode_free");
    if (encode == NULL || release == NULL) {
        *error = copied("libqrencode.so.4 lacks QRcode_encodeString8bit or QRcode_free");
        dlclose(library);
        pthread_mutex_unlock(&opening);
        return -1;
    }
    qr.free_code = (void (*)(QRcode *))release;
    qr.encode_8bit = (QRcode * (*)(const char *, int, int)) encode;
    pthread_mutex_unlock(&opening);
    return 0;
}

int cqrencode_encode(const char *text, int *width, unsigned char **modules, char **error) {
    pthread_mutex_lock(&opening);
    QRcode *(*encode_8bit)(const char *, int, int) = qr.encode_8bit;
    pthread_mutex_unlock(&opening);
    if (encode_8bit == NULL) {
        *error = copied("libqrencode is not open: call cqrencode_start first");
        return -1;
    }
    errno = 0;
    QRcode *code = encode_8bit(text, 0, QR_ECLEVEL_M);
    if (code == NULL) {
        *error = copied(errno == ERANGE ? "the text is too long for a QR code" : "libqrencode could not encode the text");
        return -1;
    }
    size_t count = (size_t)code->width * (size_t)code->width;
    unsigned char *out = malloc(count);
    if (out == NULL) {
        qr.free_code(code);
        *error = copied("out of memory");
        return -1;
    }
    /* Bit 0 of each byte is the module's colour (1 dark); the other bits say what it is part of. */
    for (size_t index = 0; index < count; index++) out[index] = code->data[index] & 1;
    *width = code->width;
    *modules = out;
    qr.free_code(code);
    return 0;
}
