/*
 * cchafa: pictures for the terminal through libchafa, behind a plain C header for Swift.
 *
 * libchafa turns RGBA pixels into what a terminal can show: a kitty, sixel or iTerm2 image, or
 * symbols (block characters) in truecolor, 256 or 16 colours. Its terminal database reads the
 * environment (TERM, COLORTERM, KITTY_WINDOW_ID, TERM_PROGRAM, VTE_VERSION...) to say which of
 * those the terminal announced.
 *
 * Contract:
 * - Call cchafa_start once, before anything else: it opens libchafa (dlopen, libchafa.so.0).
 *   It returns 0, or -1 and a message in `*error` (free it with free).
 * - cchafa_detect returns the best CCHAFA_MODE_* the terminal described by `environment`
 *   (NULL-terminated "NAME=value" strings) announced; with `pictures` 0, the best symbols.
 * - cchafa_draw draws `width`×`height` unassociated RGBA pixels on `columns`×`rows` cells of
 *   `cell_width`×`cell_height` pixels each, in `mode`, and returns 0 and the bytes to write
 *   to the terminal in `*text` and `*length` (free with free). Symbols are drawn with the
 *   CCHAFA_GLYPHS_* set `glyphs` names. Symbol rows are separated by "\n". On failure it
 *   returns -1 and a message in `*error` (free it with free).
 * One thread at a time.
 */
#ifndef CCHAFA_H
#define CCHAFA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    CCHAFA_MODE_SYMBOLS_16 = 1,
    CCHAFA_MODE_SYMBOLS_256 = 2,
    CCHAFA_MODE_SYMBOLS_TRUECOLOR = 3,
    CCHAFA_MODE_SIXEL = 4,
    CCHAFA_MODE_KITTY = 5,
    CCHAFA_MODE_ITERM2 = 6,
};

enum {
    /* Solid, block, half and quarter blocks: eighths and quadrants for finer edges. */
    CCHAFA_GLYPHS_BLOCKS = 0,
    /* The full block and the four half blocks only: all the Linux console's fonts hold. */
    CCHAFA_GLYPHS_HALF_BLOCKS = 1,
};

int cchafa_start(char **error);
int cchafa_detect(char **environment, int pictures);
int cchafa_draw(const unsigned char *pixels, int width, int height, int columns, int rows, int cell_width,
                int cell_height, int mode, int glyphs, char **environment, char **text, size_t *length,
                char **error);

#ifdef __cplusplus
}
#endif

#endif
