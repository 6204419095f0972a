/*
 * The MPRIS 2 vtables and the thunks that forward to Swift. See cmpris.h.
 *
 * sd-bus hands a getter the property's name and a method handler its message, so
 * one thunk of each kind serves every member: it looks the name up in the tables
 * below and passes the id on. sd-bus answers Introspect, Get, GetAll, Set and
 * PropertiesChanged from the vtables, so none of that is written here.
 */
#include "cmpris.h"

#include <errno.h>
#include <string.h>
#include <sys/eventfd.h>

#define ROOT_INTERFACE "org.mpris.MediaPlayer2"
#define PLAYER_INTERFACE "org.mpris.MediaPlayer2.Player"
#define METHOD_COUNT (CMPRISMethodOpenUri + 1)
#define PROPERTY_COUNT (CMPRISPropertyShuffle + 1)

static const char *const method_names[METHOD_COUNT] = {
    [CMPRISMethodRaise] = "Raise",
    [CMPRISMethodQuit] = "Quit",
    [CMPRISMethodNext] = "Next",
    [CMPRISMethodPrevious] = "Previous",
    [CMPRISMethodPause] = "Pause",
    [CMPRISMethodPlayPause] = "PlayPause",
    [CMPRISMethodStop] = "Stop",
    [CMPRISMethodPlay] = "Play",
    [CMPRISMethodSeek] = "Seek",
    [CMPRISMethodSetPosition] = "SetPosition",
    [CMPRISMethodOpenUri] = "OpenUri",
};

static const char *const property_names[PROPERTY_COUNT] = {
    [CMPRISPropertyCanQuit] = "CanQuit",
    [CMPRISPropertyCanRaise] = "CanRaise",
    [CMPRISPropertyHasTrackList] = "HasTrackList",
    [CMPRISPropertyIdentity] = "Identity",
    [CMPRISPropertyDesktopEntry] = "DesktopEntry",
    [CMPRISPropertySupportedUriSchemes] = "SupportedUriSchemes",
    [CMPRISPropertySupportedMimeTypes] = "SupportedMimeTypes",
    [CMPRISPropertyPlaybackStatus] = "PlaybackStatus",
    [CMPRISPropertyRate] = "Rate",
    [CMPRISPropertyMinimumRate] = "MinimumRate",
    [CMPRISPropertyMaximumRate] = "MaximumRate",
    [CMPRISPropertyMetadata] = "Metadata",
    [CMPRISPropertyVolume] = "Volume",
    [CMPRISPropertyPosition] = "Position",
    [CMPRISPropertyCanGoNext] = "CanGoNext",
    [CMPRISPropertyCanGoPrevious] = "CanGoPrevious",
    [CMPRISPropertyCanPlay] = "CanPlay",
    [CMPRISPropertyCanPause] = "CanPause",
    [CMPRISPropertyCanSeek] = "CanSeek",
    [CMPRISPropertyCanControl] = "CanControl",
    [CMPRISPropertyShuffle] = "Shuffle",
};

static int lookup(const char *const *names, int count, const char *name) {
    if (name == NULL) return -1;
    for (int i = 0; i < count; i++) {
        if (strcmp(names[i], name) == 0) return i;
    }
    return -1;
}

static int on_method(sd_bus_message *message, void *userdata, sd_bus_error *error) {
    const CMPRISHandlers *handlers = userdata;
    int method = lookup(method_names, METHOD_COUNT, sd_bus_message_get_member(message));
    if (method < 0) return -EOPNOTSUPP;
    int r = handlers->call(handlers->context, (CMPRISMethod)method, message, error);
    /* 1: the handler answers later, once the player carried the command out. */
    if (r != 0) return r;
    return sd_bus_reply_method_return(message, NULL);
}

int cmpris_reply(sd_bus_message *call, const char *error_name, const char *error_message) {
    if (error_name == NULL) return sd_bus_reply_method_return(call, NULL);
    sd_bus_error error = SD_BUS_ERROR_MAKE_CONST(error_name, error_message);
    return sd_bus_reply_method_error(call, &error);
}

static int on_get(sd_bus *bus, const char *path, const char *interface, const char *name,
                  sd_bus_message *reply, void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface;
    const CMPRISHandlers *handlers = userdata;
    int property = lookup(property_names, PROPERTY_COUNT, name);
    if (property < 0) return -EOPNOTSUPP;
    return handlers->get(handlers->context, (CMPRISProperty)property, reply, error);
}

static int on_set(sd_bus *bus, const char *path, const char *interface, const char *name,
                  sd_bus_message *value, void *userdata, sd_bus_error *error) {
    (void)bus, (void)path, (void)interface;
    const CMPRISHandlers *handlers = userdata;
    int property = lookup(property_names, PROPERTY_COUNT, name);
    if (property < 0) return -EOPNOTSUPP;
    return handlers->set(handlers->context, (CMPRISProperty)property, value, error);
}

/* The member names below must match the tables above (a lookup miss answers
 * EOPNOTSUPP); the tests call every method and read every property. */
#define CONST_PROPERTY(name, signature) \
    SD_BUS_PROPERTY(name, signature, on_get, 0, SD_BUS_VTABLE_PROPERTY_CONST)
#define CHANGING_PROPERTY(name, signature) \
    SD_BUS_PROPERTY(name, signature, on_get, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE)

#define ROOT_MEMBERS                                          \
    SD_BUS_METHOD("Raise", "", "", on_method, 0),             \
    SD_BUS_METHOD("Quit", "", "", on_method, 0),              \
    CONST_PROPERTY("CanQuit", "b"),                           \
    CONST_PROPERTY("CanRaise", "b"),                          \
    CONST_PROPERTY("HasTrackList", "b"),                      \
    CONST_PROPERTY("Identity", "s"),                          \
    CONST_PROPERTY("SupportedUriSchemes", "as"),              \
    CONST_PROPERTY("SupportedMimeTypes", "as")

static const sd_bus_vtable root_vtable[] = {
    SD_BUS_VTABLE_START(0),
    ROOT_MEMBERS,
    SD_BUS_VTABLE_END,
};

static const sd_bus_vtable root_vtable_with_desktop_entry[] = {
    SD_BUS_VTABLE_START(0),
    ROOT_MEMBERS,
    CONST_PROPERTY("DesktopEntry", "s"),
    SD_BUS_VTABLE_END,
};

static const sd_bus_vtable player_vtable[] = {
    SD_BUS_VTABLE_START(0),
    SD_BUS_METHOD("Next", "", "", on_method, 0),
    SD_BUS_METHOD("Previous", "", "", on_method, 0),
    SD_BUS_METHOD("Pause", "", "", on_method, 0),
    SD_BUS_METHOD("PlayPause", "", "", on_method, 0),
    SD_BUS_METHOD("Stop", "", "", on_method, 0),
    SD_BUS_METHOD("Play", "", "", on_method, 0),
    SD_BUS_METHOD_WITH_NAMES("Seek", "x", SD_BUS_PARAM(Offset), "", , on_method, 0),
    SD_BUS_METHOD_WITH_NAMES("SetPosition", "ox", SD_BUS_PARAM(TrackId) SD_BUS_PARAM(Position), "", ,
                             on_method, 0),
    SD_BUS_METHOD_WITH_NAMES("OpenUri", "s", SD_BUS_PARAM(Uri), "", , on_method, 0),
    SD_BUS_SIGNAL_WITH_NAMES("Seeked", "x", SD_BUS_PARAM(Position), 0),
    CHANGING_PROPERTY("PlaybackStatus", "s"),
    CONST_PROPERTY("Rate", "d"),
    CONST_PROPERTY("MinimumRate", "d"),
    CONST_PROPERTY("MaximumRate", "d"),
    CHANGING_PROPERTY("Metadata", "a{sv}"),
    SD_BUS_WRITABLE_PROPERTY("Volume", "d", on_get, on_set, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    /* Position moves all the time: clients read it, and Seeked reports jumps. */
    SD_BUS_PROPERTY("Position", "x", on_get, 0, 0),
    CHANGING_PROPERTY("CanGoNext", "b"),
    CHANGING_PROPERTY("CanGoPrevious", "b"),
    CHANGING_PROPERTY("CanPlay", "b"),
    CHANGING_PROPERTY("CanPause", "b"),
    CHANGING_PROPERTY("CanSeek", "b"),
    CONST_PROPERTY("CanControl", "b"),
    SD_BUS_WRITABLE_PROPERTY("Shuffle", "b", on_get, on_set, 0, SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE),
    SD_BUS_VTABLE_END,
};

int cmpris_export(sd_bus *bus, const CMPRISHandlers *handlers, int with_desktop_entry,
                  sd_bus_slot **root_slot, sd_bus_slot **player_slot) {
    const sd_bus_vtable *root = with_desktop_entry ? root_vtable_with_desktop_entry : root_vtable;
    int r = sd_bus_add_object_vtable(bus, root_slot, CMPRIS_OBJECT_PATH, ROOT_INTERFACE, root,
                                     (void *)handlers);
    if (r < 0) return r;
    r = sd_bus_add_object_vtable(bus, player_slot, CMPRIS_OBJECT_PATH, PLAYER_INTERFACE,
                                 player_vtable, (void *)handlers);
    if (r < 0) *root_slot = sd_bus_slot_unref(*root_slot);
    return r < 0 ? r : 0;
}

int cmpris_emit_properties_changed(sd_bus *bus, uint64_t mask) {
    /* Only Player properties change: the root interface's are constant. */
    char *names[PROPERTY_COUNT + 1];
    int count = 0;
    for (int i = CMPRISPropertyPlaybackStatus; i < PROPERTY_COUNT; i++) {
        if (mask & (UINT64_C(1) << i)) names[count++] = (char *)property_names[i];
    }
    names[count] = NULL;
    if (count == 0) return 0;
    return sd_bus_emit_properties_changed_strv(bus, CMPRIS_OBJECT_PATH, PLAYER_INTERFACE, names);
}

int cmpris_emit_seeked(sd_bus *bus, int64_t position_us) {
    return sd_bus_emit_signal(bus, CMPRIS_OBJECT_PATH, PLAYER_INTERFACE, "Seeked", "x", position_us);
}

const char *cmpris_property_name(CMPRISProperty property) {
    if ((int)property < 0 || (int)property >= PROPERTY_COUNT) return "";
    return property_names[property];
}

int cmpris_eventfd_open(void) {
    int fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    return fd < 0 ? -errno : fd;
}
