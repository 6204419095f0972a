#!/usr/bin/python3
# Holds a writer inside the guest at a system call on one file, for Scripts/check-machine's
# cuts (installed as /usr/local/sbin/check-machine-hold): the thread that enters CALLS naming
# PATH is left stopped at the call's entry, its call not made, until the plug is pulled.
# Where strace's delay injection cannot: strace 6.1's -P matches only the first path of
# rename(2), the temporary file, never the file it replaces (AtomicFile's plain rename of a
# state file); renameat and renameat2 it matches. Calls on a descriptor (write, pwrite64,
# ftruncate, fsync) match when the descriptor is PATH.
#
#   check-machine-hold PATH CALLS --tasks TID…      the given threads (of a running process)
#   check-machine-hold PATH CALLS -- COMMAND…        COMMAND and every process it starts
#
# Prints "held TID CALL" once a thread is held. Only the threads asked for stop at their
# system calls: a jukebox's other threads (the music) run on untraced.
import ctypes, os, signal, sys

SEIZE, INTERRUPT, SYSCALL, SETOPTIONS, TRACEME, GET_SYSCALL_INFO = 0x4206, 0x4207, 24, 0x4200, 0, 0x420e
SYSGOOD, TRACEFORK, TRACEVFORK, TRACECLONE, TRACEEXEC = 1, 2, 4, 8, 0x10
EVENT_STOP = 128
NUMBERS = {"write": 1, "pwrite64": 18, "fsync": 74, "fdatasync": 75, "ftruncate": 77, "rename": 82,
           "renameat": 264, "renameat2": 316}
libc = ctypes.CDLL(None, use_errno=True)
libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
libc.ptrace.restype = ctypes.c_long


def ptrace(request, pid, addr=0, data=0):
    result = libc.ptrace(request, pid, ctypes.c_void_p(addr), ctypes.c_void_p(data))
    if result == -1 and ctypes.get_errno():
        raise OSError(ctypes.get_errno(), f"ptrace {request} {pid}")
    return result


def entry(tid):
    """The call TID is entering: (number, args), or None at a call's exit."""
    info = ctypes.create_string_buffer(88)
    ptrace(GET_SYSCALL_INFO, tid, 88, ctypes.addressof(info))
    raw = info.raw
    if raw[0] != 1:
        return None
    words = [int.from_bytes(raw[24 + 8 * i:32 + 8 * i], "little") for i in range(7)]
    return words[0], words[1:]


def string(tid, address):
    try:
        with open(f"/proc/{tid}/mem", "rb") as memory:
            memory.seek(address)
            return memory.read(4096).split(b"\0", 1)[0].decode(errors="replace")
    except (OSError, ValueError, OverflowError):
        return None


def names(tid, number, args):
    """Whether the call TID enters names PATH: the file a rename replaces, or the descriptor."""
    if number == NUMBERS["rename"]:
        return string(tid, args[1]) == PATH
    if number in (NUMBERS["renameat"], NUMBERS["renameat2"]):
        return string(tid, args[3]) == PATH
    try:
        return os.readlink(f"/proc/{tid}/fd/{args[0]}") == PATH
    except OSError:
        return False


def watch(first):
    """Runs the traced threads until FIRST (the command, if any) exits; its exit status."""
    held, fresh = set(), set()
    while True:
        try:
            tid, status = os.waitpid(-1, 0x40000000)  # __WALL
        except ChildProcessError:
            return 0
        if os.WIFEXITED(status) or os.WIFSIGNALED(status):
            if tid == first:
                return os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
            continue
        if not os.WIFSTOPPED(status):
            continue
        stop, event = os.WSTOPSIG(status), status >> 16
        deliver = 0
        if stop == signal.SIGTRAP | 0x80:
            call = entry(tid)
            if call and call[0] in CALLS and names(tid, *call):
                held.add(tid)
                print(f"held {tid} {call[0]}", flush=True)
                continue  # left stopped at the entry: the call is never made
        elif event:
            pass  # a clone, fork, exec or a group stop: on
        elif stop == signal.SIGSTOP and tid not in fresh:
            fresh.add(tid)  # a new child's first stop
        else:
            deliver = stop
        try:
            ptrace(SYSCALL, tid, 0, deliver)
        except OSError:
            pass


def main():
    global PATH, CALLS
    PATH, calls, mode, *rest = sys.argv[1:]
    CALLS = {NUMBERS[c] for c in calls.split(",")}
    if mode == "--tasks":
        for tid in map(int, rest):
            ptrace(SEIZE, tid, 0, SYSGOOD)
            ptrace(INTERRUPT, tid)
        return watch(None)
    child = os.fork()
    if child == 0:
        ptrace(TRACEME, 0)
        os.kill(os.getpid(), signal.SIGSTOP)
        os.execvp(rest[0], rest)
    os.waitpid(child, 0x40000000)
    ptrace(SETOPTIONS, child, 0, SYSGOOD | TRACEFORK | TRACEVFORK | TRACECLONE | TRACEEXEC)
    ptrace(SYSCALL, child)
    return watch(child)


if __name__ == "__main__":
    sys.exit(main())
