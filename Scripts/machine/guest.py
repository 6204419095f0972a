# One QEMU guest of Scripts/check-machine: boots the prepared disks under TCG with an HDA card
# recorded to a WAV, talks to the guest's agent over virtio-serial and to QEMU over QMP, and
# pulls the plug (kill -9). Standard library only.
import base64, json, os, signal, socket, subprocess, threading, time

import tones


class Guest:
    def __init__(self, work, name, kernel, initrd, disks, rtc=None, smp=2):
        self.work, self.name = work, name
        self.wav = os.path.join(work, f"{name}.wav")
        self.console = os.path.join(work, f"{name}.console")
        self.agent_path = os.path.join(work, f"{name}.agent")
        self.qmp_path = os.path.join(work, f"{name}.qmp")
        for path in (self.wav, self.agent_path, self.qmp_path):
            if os.path.exists(path):
                os.unlink(path)
        command = [
            "qemu-system-x86_64", "-accel", "tcg", "-m", "1024", "-smp", str(smp),
            "-display", "none", "-no-reboot", "-nic", "none",
            "-serial", f"file:{self.console}", "-monitor", "none",
            "-kernel", kernel, "-initrd", initrd,
            "-append", "console=ttyS0 root=/dev/vda rw quiet",
            "-device", "intel-hda", "-device", "hda-duplex,audiodev=snd0",
            "-audiodev", f"wav,id=snd0,path={self.wav}",
            "-device", "virtio-serial",
            "-chardev", f"socket,id=agent,path={self.agent_path},server=on,wait=off",
            "-device", "virtserialport,chardev=agent,name=agent",
            "-qmp", f"unix:{self.qmp_path},server=on,wait=off",
            "-device", "qemu-xhci,id=xhci",
        ]
        for disk in disks:
            command += ["-drive", f"file={disk},format=raw,if=virtio"]
        if rtc:
            command += ["-rtc", f"base={rtc}"]
        self.started = time.monotonic()
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL,
                                        stdout=open(self.console + ".qemu", "w"),
                                        stderr=subprocess.STDOUT)
        self.first_sound = None
        self.ids = 0
        self.replies = {}
        self.lock = threading.Condition()
        self.sock = None
        threading.Thread(target=self._watch_wav, daemon=True).start()

    # The host time of the first sample above silence, seen as the WAV grows.
    def _watch_wav(self):
        seen = 0
        while self.process.poll() is None and self.first_sound is None:
            try:
                size = os.path.getsize(self.wav)
            except OSError:
                size = 0
            if size > 44 + seen:
                with open(self.wav, "rb") as wav:
                    wav.seek(44 + seen)
                    chunk = wav.read(size - 44 - seen)
                chunk = chunk[:len(chunk) // 4 * 4]
                for at in range(0, len(chunk), 4):
                    if abs(int.from_bytes(chunk[at:at + 2], "little", signed=True)) > 64:
                        self.first_sound = time.monotonic() - self.started
                        break
                seen += len(chunk)
            time.sleep(0.05)

    def _reader(self, sock):
        pending = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            pending += chunk
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                try:
                    reply = json.loads(line)
                except ValueError:
                    continue
                with self.lock:
                    self.replies[reply["id"]] = reply
                    self.lock.notify_all()

    def wait_agent(self, timeout=300):
        """Waits until the guest's agent answers; returns seconds since power-on."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name}: qemu ended ({self.process.returncode})")
            if self.sock is None and os.path.exists(self.agent_path):
                try:
                    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    sock.connect(self.agent_path)
                    self.sock = sock
                    threading.Thread(target=self._reader, args=(sock,), daemon=True).start()
                except OSError:
                    pass
            if self.sock is not None:
                try:
                    self.run("true", timeout=3)
                    return time.monotonic() - self.started
                except TimeoutError:
                    pass
            else:
                time.sleep(0.5)
        raise TimeoutError(f"{self.name}: the guest's agent never answered")

    def send(self, command, timeout=120):
        with self.lock:
            self.ids += 1
            ident = self.ids
        request = json.dumps({"id": ident, "cmd": command, "timeout": timeout}) + "\n"
        self.sock.sendall(request.encode())
        return ident

    def reply(self, ident, timeout=120):
        deadline = time.monotonic() + timeout
        with self.lock:
            while ident not in self.replies:
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise TimeoutError(f"{self.name}: no answer to request {ident}")
                self.lock.wait(min(left, 0.5))
            reply = self.replies.pop(ident)
        return reply["rc"], base64.b64decode(reply["out"]).decode(errors="replace")

    def run(self, command, timeout=120):
        """Runs COMMAND in the guest as root: (exit status, output)."""
        return self.reply(self.send(command, timeout + 5), timeout + 10)

    def cdwally(self, arguments, timeout=60):
        return self.run(f"runuser -u listener -- cdwally {arguments}", timeout)

    def qmp(self, *commands):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.qmp_path)
        stream = sock.makefile("rw")
        stream.readline()
        answers = []
        for command in [{"execute": "qmp_capabilities"}, *commands]:
            stream.write(json.dumps(command) + "\n")
            stream.flush()
            while True:
                answer = json.loads(stream.readline())
                if "event" not in answer:
                    break
            answers.append(answer)
        sock.close()
        return answers[1:]

    def pull_plug(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self._close()

    def power_off(self, timeout=180):
        try:
            self.send("systemctl poweroff", 10)
        except OSError:
            pass
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.pull_plug()
            raise RuntimeError(f"{self.name}: did not power off within {timeout} s")
        self._close()

    def _close(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def samples(self):
        return tones.read_raw(self.wav)

    def heard_since(self, start, disc, seconds, timeout):
        """Waits until the WAV holds SECONDS of DISC's tone after sample START; the album
        times heard, or [] when it never did."""
        def enough():
            samples, rate = self.samples()
            part = [w for w in tones.windows(samples[start:], rate, 0, step=0.25) if w[1] == disc]
            return part if len(part) >= seconds * 4 else None

        return [w[2] for w in wait_until(enough, timeout) or []]


def wait_until(predicate, timeout, step=1.0):
    """PREDICATE's first true value within TIMEOUT seconds, asked every STEP; None if none."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return None
