"""Data kept out of memory: written once to an anonymous temporary file, read back on demand.

A class of 10,000 students hands in some 40 MB of source, and its summaries and report stamps
take as much again. The grader's parent process keeps where each one is, not the data itself,
so that its memory does not grow with the class.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import IO, Iterator, Sequence


class Spill:
    """An append-only store of byte strings in one temporary file, removed when the process ends.

    The file is anonymous on POSIX (unlinked at creation); on Windows it is deleted when the
    process closes it. A child process must not read it after closing inherited files: read
    in the parent and hand the data over (grader.runner does so with sources).
    """

    def __init__(self) -> None:
        self._file: IO[bytes] | None = None
        self._size = 0

    def put(self, data: bytes) -> tuple[int, int] | bytes:
        """Store ``data``; out: its place (offset, length in bytes), or ``data`` itself when it is
        empty or the temporary folder cannot be written (a full or read-only disk: kept in memory)."""
        if not data:
            return data
        try:
            if self._file is None:
                self._file = tempfile.TemporaryFile(prefix="grader-spill-")
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

    def put_json(self, value: object) -> tuple[int, int] | bytes:
        """Store a JSON value (dicts, lists, text, numbers, booleans, None); out: its place."""
        return self.put(json.dumps(value, separators=(",", ":")).encode("ascii"))

    def get_json(self, place: tuple[int, int] | bytes) -> object:
        """The JSON value stored at ``place`` by :meth:`put_json` (a new copy on each call)."""
        return json.loads(self.get(place))


class SpilledList(Sequence):
    """A read-only list of JSON values held in ``spill`` at ``places``, each read when it is asked for."""

    def __init__(self, spill: Spill, places: list) -> None:
        self.spill, self.places = spill, places

    def __getitem__(self, index):  # noqa: ANN001 - an int or a slice, as for a list
        if isinstance(index, slice):
            return [self.spill.get_json(place) for place in self.places[index]]
        return self.spill.get_json(self.places[index])

    def __iter__(self) -> Iterator:
        return (self.spill.get_json(place) for place in self.places)

    def __len__(self) -> int:
        return len(self.places)
