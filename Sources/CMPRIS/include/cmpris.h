/*
 * cmpris: the sd-bus vtables of cdwally's MPRIS 2 object.
 *
 * Swift cannot import sd-bus's vtable macros, so the two interfaces of
 * /org/mpris/MediaPlayer2 are declared here. Every method call, property read and
 * property write is forwarded, with an id instead of a name, to three callbacks
 * the Swift side provides; Swift reads arguments and writes values with sd-bus's
 * non-variadic message API. The C side also wraps the few variadic sd-bus calls
 * Swift cannot make.
 *
 * Not thread-safe: like the sd_bus connection it works on, everything here runs
 * on the thread that owns that connection.
 */
#ifndef CMPRIS_H
#define CMPRIS_H

#include <stdint.h>
#include <systemd/sd-bus.h>

#define CMPRIS_OBJECT_PATH "/org/mpris/MediaPlayer2"

/* The methods of both interfaces. */
typedef enum __attribute__((enum_extensibility(closed))) CMPRISMethod {
    CMPRISMethodRaise,
    CMPRISMethodQuit,
    CMPRISMethodNext,
    CMPRISMethodPrevious,
    CMPRISMethodPause,
    CMPRISMethodPlayPause,
    CMPRISMethodStop,
    CMPRISMethodPlay,
    CMPRISMethodSeek,
    CMPRISMethodSetPosition,
    CMPRISMethodOpenUri,
} CMPRISMethod;

/* The properties of both interfaces; an id is also its bit in a change mask. */
typedef enum __attribute__((enum_extensibility(closed))) CMPRISProperty {
    CMPRISPropertyCanQuit,
    CMPRISPropertyCanRaise,
    CMPRISPropertyHasTrackList,
    CMPRISPropertyIdentity,
    CMPRISPropertyDesktopEntry,
    CMPRISPropertySupportedUriSchemes,
    CMPRISPropertySupportedMimeTypes,
    CMPRISPropertyPlaybackStatus,
    CMPRISPropertyRate,
    CMPRISPropertyMinimumRate,
    CMPRISPropertyMaximumRate,
    CMPRISPropertyMetadata,
    CMPRISPropertyVolume,
    CMPRISPropertyPosition,
    CMPRISPropertyCanGoNext,
    CMPRISPropertyCanGoPrevious,
    CMPRISPropertyCanPlay,
    CMPRISPropertyCanPause,
    CMPRISPropertyCanSeek,
    CMPRISPropertyCanControl,
    CMPRISPropertyShuffle,
} CMPRISProperty;

/*
 * What the object calls. Each returns >= 0 on success, or a negative errno with
 * `error` set (sd_bus_error_set) to make the caller's reply an error. `call`
 * reads the arguments from `message`; on 0 the reply is sent here, on 1 the
 * handler took a reference to `message` and answers later with cmpris_reply. `get` appends one
 * value of the property's type to `reply`; `set` reads one from `value`.
 */
typedef struct CMPRISHandlers {
    void *context;
    int (*call)(void *context, CMPRISMethod method, sd_bus_message *message, sd_bus_error *error);
    int (*get)(void *context, CMPRISProperty property, sd_bus_message *reply, sd_bus_error *error);
    int (*set)(void *context, CMPRISProperty property, sd_bus_message *value, sd_bus_error *error);
} CMPRISHandlers;

/*
 * Adds the object with both interfaces to `bus`; DesktopEntry is listed only when
 * `with_desktop_entry` is nonzero. `handlers` must stay valid until both slots
 * are unreferenced. Returns 0 or a negative errno; on failure no slot is left.
 */
int cmpris_export(sd_bus *bus, const CMPRISHandlers *handlers, int with_desktop_entry,
                  sd_bus_slot **root_slot, sd_bus_slot **player_slot);

/* Emits PropertiesChanged for the Player properties whose bits (1 << id) are set in `mask`. */
int cmpris_emit_properties_changed(sd_bus *bus, uint64_t mask);

/* Emits the Player interface's Seeked signal. */
int cmpris_emit_seeked(sd_bus *bus, int64_t position_us);

/* The D-Bus name of a property, e.g. "PlaybackStatus". */
const char *cmpris_property_name(CMPRISProperty property);

/* Answers a method call whose handler returned 1: an empty return when
 * `error_name` is NULL, else that D-Bus error with `error_message`. */
int cmpris_reply(sd_bus_message *call, const char *error_name, const char *error_message);

/* A non-blocking, close-on-exec eventfd, or a negative errno. */
int cmpris_eventfd_open(void);

#endif
