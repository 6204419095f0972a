#include <mpv/client.h>
#include <dlfcn.h>

// libmpv links ALSA, and ALSA prints its own errors ("ALSA lib pcm.c: Unknown PCM default")
// straight to stderr when a device is missing, over cdwally's display and around its one
// clear message. ALSA's error handler is variadic, which Swift cannot define, so this header
// carries a silent one and installs it through dlsym: no ALSA headers or link line needed,
// and nothing happens where libmpv was built without ALSA.
static void cdwally_alsa_silent(const char *file, int line, const char *function, int err, const char *format, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)format;
}

static inline void cdwally_silence_alsa(void) {
    void *alsa = dlopen("libasound.so.2", RTLD_LAZY | RTLD_NOLOAD);
    if (alsa == NULL) return;
    int (*set_handler)(void *) = (int (*)(void *))dlsym(alsa, "snd_lib_error_set_handler");
    if (set_handler != NULL) set_handler((void *)cdwally_alsa_silent);
    dlclose(alsa);
}
