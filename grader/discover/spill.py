"""Submission sources kept out of memory: written once to an anonymous temporary file, read back on demand.

A class of 10,000 students hands in some 40 MB of source. The grader's parent process only
needs a source twice (to hand it to the submission's child process, and to compare
submissions for similarity), so it keeps where each source is, not the source itself.
"""

from __future__ import annotations

import os
import tempfile
from typing import IO


class SourceSpill:
    """An append-only store of byte strings in one temporary file, removed when the process ends.

    The file is anonymous on POSIX (unlinked at creation); on Windows it is deleted when the
    process closes it. A child process must not read it after closing inherited files: read
    the source in the parent and hand it over (grader.runner does).
    """

    def __init__(self) -> None:
        self._file: IO[bytes] | None = None
        self._size = 0

    def put(self, data: bytes) -> tuple[int, int] | bytes:
        """Store ``data``; out: its place (offset, length in bytes), or ``data`` itself when the
        temporary folder cannot be written (a full or read-only disk: kept in memory, as before)."""
        if not data:
            return data
        try:
            if self._file is None:
                self._file = tempfile.TemporaryFile(prefix="grader-sources-")
            self._file.seek(self._size)
            self._file.write(data)
            self._file.flush()
        except OSError:
            return data
        place = (self._size, len(data))
        self._size += len(data)
        return place

    def get(self, place: tuple[int, int] | bytes) -> bytes:
        """The bytes stored at ``place`` (as :meth:`put` returned it). Raises ``OSError`` when the
        file cannot be read (it was closed in this process)."""
        if isinstance(place, bytes):
            return place
        offset, length = place
        if hasattr(os, "pread"):  # no shared file position: safe next to forked children
            return os.pread(self._file.fileno(), length, offset)
        self._file.seek(offset)
        return self._file.read(length)


SOURCES = SourceSpill()
