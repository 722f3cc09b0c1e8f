"""Data kept out of memory: written once to an anonymous temporary file, read back on demand.

A class of 10,000 students hands in some 40 MB of source, and its summaries and report stamps
take as much again. The grader's parent process keeps where each one is, not the data itself,
so that its memory does not grow with the class.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import IO, Callable, Iterator, Sequence


# A place packs (offset, length) into one int: the low bits hold the length (up to 4 GiB).
_LENGTH_BITS = 32


class Spill:
    """An append-only store of byte strings in one temporary file, removed when the process ends.

    The file is anonymous on POSIX (unlinked at creation); on Windows it is deleted when the
    process closes it. A forked process that still holds the file may add to it (each
    addition goes at the file's end, wherever the last one was made); a child that closed its
    inherited files cannot read it: read in the parent and hand the data over (grader.runner
    does so with sources).
    """

    def __init__(self) -> None:
        self._file: IO[bytes] | None = None

    def open(self) -> bool:
        """Create the file now (before a fork, so that both processes share it); False when the
        temporary folder cannot be written."""
        if self._file is None:
            try:
                self._file = tempfile.TemporaryFile(prefix="grader-spill-")
            except OSError:
                return False
        return True

    def put(self, data: bytes) -> int | bytes:
        """Store ``data``; out: its place (an int: offset and length in bytes, one number so that
        a large class's places take little memory), or ``data`` itself when it is empty or the
        temporary folder cannot be written (a full or read-only disk: kept in memory)."""
        if not data or not self.open():
            return data
        fd = self._file.fileno()
        try:
            offset = os.lseek(fd, 0, os.SEEK_END)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        except OSError:
            return data
        return offset << _LENGTH_BITS | len(data)

    def get(self, place: int | bytes) -> bytes:
        """The bytes stored at ``place`` (as :meth:`put` returned it). Raises ``OSError`` when the
        file cannot be read (it was closed in this process)."""
        if isinstance(place, bytes):
            return place
        offset, length = place >> _LENGTH_BITS, place & ((1 << _LENGTH_BITS) - 1)
        fd = self._file.fileno()
        if hasattr(os, "pread"):  # no shared file position: safe next to forked processes
            return os.pread(fd, length, offset)
        os.lseek(fd, offset, os.SEEK_SET)  # Windows: no fork, one process
        return os.read(fd, length)

    def put_json(self, value: object) -> int | bytes:
        """Store a JSON value (dicts, lists, text, numbers, booleans, None); out: its place."""
        return self.put(json.dumps(value, separators=(",", ":")).encode("ascii"))

    def get_json(self, place: int | bytes) -> object:
        """The JSON value stored at ``place`` by :meth:`put_json` (a new copy on each call)."""
        return json.loads(self.get(place))


class SpilledList(Sequence):
    """A read-only list of JSON values held in ``spill`` at ``places``, each read when it is asked for.

    ``build`` turns each value into what the list holds (default: the value itself); every
    access builds a new one. A slice is a plain list.
    """

    def __init__(self, spill: Spill, places: list, build: Callable[[object], object] = lambda value: value) -> None:
        self.spill, self.places, self.build = spill, places, build

    def __getitem__(self, index):  # noqa: ANN001 - an int or a slice, as for a list
        if isinstance(index, slice):
            return [self.build(self.spill.get_json(place)) for place in self.places[index]]
        return self.build(self.spill.get_json(self.places[index]))

    def __iter__(self) -> Iterator:
        return (self.build(self.spill.get_json(place)) for place in self.places)

    def __len__(self) -> int:
        return len(self.places)
