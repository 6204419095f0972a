#!/bin/sh
# GNOME custom shortcuts for cdwally: run `sh gnome-shortcuts.sh` once as yourself (no sudo);
# `sh gnome-shortcuts.sh --remove` takes them away again. They show up in Settings >
# Keyboard > Keyboard Shortcuts > Custom Shortcuts, where you can change the keys.
#
# Play/pause, next and previous need no shortcut: GNOME sends the media keys to cdwally
# over MPRIS already, and binding them here as well would make every press act twice.
# These add what MPRIS cannot ask for, with the keys of cdwally's own display:
#   Super+Ctrl+]  next disc      Super+Ctrl+[  previous disc      Super+Ctrl+R  random disc
set -eu

schema=org.gnome.settings-daemon.plugins.media-keys
base=/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings

add() { # id, name, command, binding
    path="$base/$1/"
    gsettings set "$schema.custom-keybinding:$path" name "$2"
    gsettings set "$schema.custom-keybinding:$path" command "$3"
    gsettings set "$schema.custom-keybinding:$path" binding "$4"
    # Append to the list of custom shortcuts, keeping the ones already there.
    list=$(gsettings get "$schema" custom-keybindings)
    case "$list" in
        *"'$path'"*) ;;
        "@as []" | "[]") gsettings set "$schema" custom-keybindings "['$path']" ;;
        *) gsettings set "$schema" custom-keybindings "${list%]}, '$path']" ;;
    esac
}

remove() { # id
    path="$base/$1/"
    list=$(gsettings get "$schema" custom-keybindings)
    list=$(printf '%s' "$list" | sed "s|, '$path'||; s|'$path', ||; s|'$path'||")
    gsettings set "$schema" custom-keybindings "$list"
    gsettings reset-recursively "$schema.custom-keybinding:$path"
}

ids="cdwally-next-disc cdwally-previous-disc cdwally-random-disc"
if [ "${1:-}" = "--remove" ]; then
    for id in $ids; do remove "$id"; done
    echo "Removed the cdwally shortcuts."
    exit 0
fi

add cdwally-next-disc "cdwally: next disc" "cdwally disc next" "<Super><Control>bracketright"
add cdwally-previous-disc "cdwally: previous disc" "cdwally disc previous" "<Super><Control>bracketleft"
add cdwally-random-disc "cdwally: random disc" "cdwally disc random" "<Super><Control>r"
echo "Added: Super+Ctrl+] next disc, Super+Ctrl+[ previous disc, Super+Ctrl+R random disc."
