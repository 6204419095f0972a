#include "cchafa.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * libchafa is opened with dlopen, as libvips is (Sources/CVips): only the terminal cover worker
 * (`cdwally terminal-cover`) needs it, so neither it nor glib loads into any other process, and
 * the build needs no glib include folders.
 *
 * The entry points and enum values below are those of <chafa.h>; libchafa keeps them stable
 * under its soname 0 (checked against the headers of chafa 1.12, 1.16 and 1.18). The values
 * are written out because the header cannot be included without glib's.
 */
typedef struct ChafaTermDb ChafaTermDb;
typedef struct ChafaTermInfo ChafaTermInfo;
typedef struct ChafaCanvasConfig ChafaCanvasConfig;
typedef struct ChafaCanvas ChafaCanvas;
typedef struct ChafaSymbolMap ChafaSymbolMap;
/* glib's GString, whose layout is part of glib's ABI. */
typedef struct {
    char *str;
    size_t len;
    size_t allocated_len;
} GString;

enum {
    TERM_SEQ_SET_COLOR_FG_DIRECT = 31,
    TERM_SEQ_SET_COLOR_FG_256 = 34,
    TERM_SEQ_SET_COLOR_FG_16 = 37,
    TERM_SEQ_BEGIN_SIXELS = 40,
    TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1 = 43,
    TERM_SEQ_BEGIN_ITERM2_IMAGE = 47,
    CANVAS_MODE_TRUECOLOR = 0,
    CANVAS_MODE_INDEXED_256 = 1,
    CANVAS_MODE_INDEXED_16 = 3,
    PIXEL_MODE_SYMBOLS = 0,
    PIXEL_MODE_SIXELS = 1,
    PIXEL_MODE_KITTY = 2,
    PIXEL_MODE_ITERM2 = 3,
    PIXEL_RGBA8_UNASSOCIATED = 4,
    /* Solid, block, half and quarter blocks, never a space: every cell of the disc shows a glyph. */
    SYMBOL_TAGS = (1 << 1) | (1 << 3) | (1 << 7) | (1 << 8) | (1 << 9),
    /* Solid and half blocks alone (█ ▀ ▄ ▌ ▐): the block tag would add the eighths (▁ ▂ ▊ ▏...)
     * and the quadrant tag ▖ ▗ ▘ ▝, which no Linux console font holds. */
    HALF_BLOCK_TAGS = (1 << 1) | (1 << 8) | (1 << 9),
};

static struct {
    ChafaTermDb *(*term_db_get_default)(void);
    ChafaTermInfo *(*term_db_detect)(ChafaTermDb *db, char **envp);
    int (*term_info_have_seq)(const ChafaTermInfo *info, int seq);
    void (*term_info_unref)(ChafaTermInfo *info);
    ChafaSymbolMap *(*symbol_map_new)(void);
    void (*symbol_map_add_by_tags)(ChafaSymbolMap *map, int tags);
    void (*symbol_map_unref)(ChafaSymbolMap *map);
    ChafaCanvasConfig *(*config_new)(void);
    void (*config_set_geometry)(ChafaCanvasConfig *config, int width, int height);
    void (*config_set_cell_geometry)(ChafaCanvasConfig *config, int width, int height);
    void (*config_set_canvas_mode)(ChafaCanvasConfig *config, int mode);
    void (*config_set_pixel_mode)(ChafaCanvasConfig *config, int mode);
    void (*config_set_symbol_map)(ChafaCanvasConfig *config, const ChafaSymbolMap *map);
    void (*config_unref)(ChafaCanvasConfig *config);
    ChafaCanvas *(*canvas_new)(const ChafaCanvasConfig *config);
    void (*canvas_draw_all_pixels)(ChafaCanvas *canvas, int type, const unsigned char *pixels, int width,
                                   int height, int rowstride);
    GString *(*canvas_print)(ChafaCanvas *canvas, ChafaTermInfo *info);
    void (*canvas_unref)(ChafaCanvas *canvas);
    char *(*string_free)(GString *string, int free_segment);
} chafa;

static char *formatted(const char *format, const char *detail) {
    size_t length = strlen(format) + strlen(detail) + 1;
    char *text = malloc(length);
    if (text != NULL) snprintf(text, length, format, detail);
    return text;
}

int cchafa_start(char **error) {
    void *library = dlopen("libchafa.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        *error = formatted("cannot open libchafa (Debian: libchafa0): %s", dlerror());
        return -1;
    }
    struct {
        void **slot;
        const char *name;
    } symbols[] = {
        {(void **)&chafa.term_db_get_default, "chafa_term_db_get_default"},
        {(void **)&chafa.term_db_detect, "chafa_term_db_detect"},
        {(void **)&chafa.term_info_have_seq, "chafa_term_info_have_seq"},
        {(void **)&chafa.term_info_unref, "chafa_term_info_unref"},
        {(void **)&chafa.symbol_map_new, "chafa_symbol_map_new"},
        {(void **)&chafa.symbol_map_add_by_tags, "chafa_symbol_map_add_by_tags"},
        {(void **)&chafa.symbol_map_unref, "chafa_symbol_map_unref"},
        {(void **)&chafa.config_new, "chafa_canvas_config_new"},
        {(void **)&chafa.config_set_geometry, "chafa_canvas_config_set_geometry"},
        {(void **)&chafa.config_set_cell_geometry, "chafa_canvas_config_set_cell_geometry"},
        {(void **)&chafa.config_set_canvas_mode, "chafa_canvas_config_set_canvas_mode"},
        {(void **)&chafa.config_set_pixel_mode, "chafa_canvas_config_set_pixel_mode"},
        {(void **)&chafa.config_set_symbol_map, "chafa_canvas_config_set_symbol_map"},
        {(void **)&chafa.config_unref, "chafa_canvas_config_unref"},
        {(void **)&chafa.canvas_new, "chafa_canvas_new"},
        {(void **)&chafa.canvas_draw_all_pixels, "chafa_canvas_draw_all_pixels"},
        {(void **)&chafa.canvas_print, "chafa_canvas_print"},
        {(void **)&chafa.canvas_unref, "chafa_canvas_unref"},
        // glib's, found through libchafa's own dependencies.
        {(void **)&chafa.string_free, "g_string_free"},
    };
    for (size_t index = 0; index < sizeof symbols / sizeof symbols[0]; index++) {
        *symbols[index].slot = dlsym(library, symbols[index].name);
        if (*symbols[index].slot == NULL) {
            *error = formatted("libchafa has no %s: chafa 1.12 or later is needed", symbols[index].name);
            return -1;
        }
    }
    return 0;
}

static ChafaTermInfo *detected(char **environment) {
    return chafa.term_db_detect(chafa.term_db_get_default(), environment);
}

int cchafa_detect(char **environment, int pictures) {
    ChafaTermInfo *info = detected(environment);
    int mode = 0;
    // Pictures first, then the most colours the terminal takes.
    if (pictures && chafa.term_info_have_seq(info, TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1)) {
        mode = CCHAFA_MODE_KITTY;
    } else if (pictures && chafa.term_info_have_seq(info, TERM_SEQ_BEGIN_ITERM2_IMAGE)) {
        mode = CCHAFA_MODE_ITERM2;
    } else if (pictures && chafa.term_info_have_seq(info, TERM_SEQ_BEGIN_SIXELS)) {
        mode = CCHAFA_MODE_SIXEL;
    } else if (chafa.term_info_have_seq(info, TERM_SEQ_SET_COLOR_FG_DIRECT)) {
        mode = CCHAFA_MODE_SYMBOLS_TRUECOLOR;
    } else if (chafa.term_info_have_seq(info, TERM_SEQ_SET_COLOR_FG_256)) {
        mode = CCHAFA_MODE_SYMBOLS_256;
    } else if (chafa.term_info_have_seq(info, TERM_SEQ_SET_COLOR_FG_16)) {
        mode = CCHAFA_MODE_SYMBOLS_16;
    }
    chafa.term_info_unref(info);
    return mode;
}

int cchafa_draw(const unsigned char *pixels, int width, int height, int columns, int rows, int cell_width,
                int cell_height, int mode, int glyphs, char **environment, char **text, size_t *length,
                char **error) {
    ChafaCanvasConfig *config = chafa.config_new();
    chafa.config_set_geometry(config, columns, rows);
    chafa.config_set_cell_geometry(config, cell_width, cell_height);
    ChafaSymbolMap *symbols = NULL;
    switch (mode) {
    case CCHAFA_MODE_KITTY:
        chafa.config_set_pixel_mode(config, PIXEL_MODE_KITTY);
        break;
    case CCHAFA_MODE_ITERM2:
        chafa.config_set_pixel_mode(config, PIXEL_MODE_ITERM2);
        break;
    case CCHAFA_MODE_SIXEL:
        chafa.config_set_pixel_mode(config, PIXEL_MODE_SIXELS);
        break;
    default:
        chafa.config_set_pixel_mode(config, PIXEL_MODE_SYMBOLS);
        chafa.config_set_canvas_mode(config, mode == CCHAFA_MODE_SYMBOLS_TRUECOLOR ? CANVAS_MODE_TRUECOLOR
                                             : mode == CCHAFA_MODE_SYMBOLS_256    ? CANVAS_MODE_INDEXED_256
                                                                                   : CANVAS_MODE_INDEXED_16);
        symbols = chafa.symbol_map_new();
        chafa.symbol_map_add_by_tags(symbols, glyphs == CCHAFA_GLYPHS_HALF_BLOCKS ? HALF_BLOCK_TAGS : SYMBOL_TAGS);
        chafa.config_set_symbol_map(config, symbols);
        break;
    }
    ChafaCanvas *canvas = chafa.canvas_new(config);
    if (symbols != NULL) chafa.symbol_map_unref(symbols);
    chafa.config_unref(config);
    if (canvas == NULL) {
        *error = formatted("libchafa made no canvas%s", "");
        return -1;
    }
    chafa.canvas_draw_all_pixels(canvas, PIXEL_RGBA8_UNASSOCIATED, pixels, width, height, width * 4);
    ChafaTermInfo *info = detected(environment);
    GString *printed = chafa.canvas_print(canvas, info);
    chafa.term_info_unref(info);
    chafa.canvas_unref(canvas);
    *text = malloc(printed->len + 1);
    if (*text == NULL) {
        chafa.string_free(printed, 1);
        *error = formatted("out of memory%s", "");
        return -1;
    }
    memcpy(*text, printed->str, printed->len + 1);
    *length = printed->len;
    chafa.string_free(printed, 1);
    return 0;
}
