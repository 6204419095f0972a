"""Counting the sample frames in a WAV file, and in audio files decoded by ffmpeg.

mpv's ao=pcm writes a RIFF WAVE file whose sizes it fixes up when it closes the file; a
size that was never fixed up (0 or 0xFFFFFFFF) is taken from the file's length instead.
"""

from __future__ import annotations

import struct
import subprocess
import tempfile
from pathlib import Path

from procs import MeasurementError


def frames(path: Path) -> int:
    """Sample frames (one sample per channel) in the WAV file at `path`."""
    data = path.read_bytes()
    if len(data) < 12 or data[0:4] != b"RIFF" or data[8:12] != b"WAVE":
        raise MeasurementError(f"{path} is not a WAV file")
    offset = 12
    block_align = None
    while offset + 8 <= len(data):
        chunk, size = struct.unpack_from("<4sI", data, offset)
        body = offset + 8
        if chunk == b"fmt ":
            block_align = struct.unpack_from("<H", data, body + 12)[0]
        elif chunk == b"data":
            if block_align is None or block_align == 0:
                raise MeasurementError(f"{path}: data before a usable fmt chunk")
            available = len(data) - body
            if size == 0 or size == 0xFFFFFFFF or size > available:
                size = available
            return size // block_align
        offset = body + size + (size & 1)
    raise MeasurementError(f"{path} has no data chunk")


def decoded_frames(track: Path) -> int:
    """Frames ffmpeg decodes from one audio file on its own: the reference for a gap."""
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "track.wav"
        subprocess.run(
            ["ffmpeg", "-nostdin", "-v", "error", "-i", str(track), "-vn", "-c:a", "pcm_s16le", str(output)],
            check=True,
        )
        return frames(output)
