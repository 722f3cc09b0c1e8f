"""The files main.py writes while it is graded: ``open(name, 'w')`` (also ``'a'``, ``'x'``, ``'+'``, binary) gives a
:class:`MemoryFile` whose content stays in a :class:`MemoryFolder` of that submission, in memory. Nothing reaches the
disk: a name is only a key (``audit.log``, ``./audit.log`` and ``Path(__file__).with_name('audit.log')`` are one file;
``../x`` or ``/tmp/x`` are keys too, no folder is looked at or made). Reading a name written before gives its content
back (an audit line appended, then read again), any other read raises ``FileNotFoundError`` as in a folder that holds
main.py only. All files of one submission hold at most :data:`LIMIT` characters (or bytes) together, names included;
past that a write raises ``OSError`` "No space left on device", as a full disk does.

A file object offers what a student's code uses: ``write``, ``writelines``, ``read``, ``readline``, ``readlines``,
iteration, ``seek``/``tell`` (positions count characters), ``flush``, ``close``, ``closed``, ``with``. A write always
goes at the end of the file (as in mode ``'a'``); ``encoding`` only matters where a file written as text is read as
bytes or the other way round, and ``newline`` is checked but nothing is translated. ``Path``'s ``open``,
``write_text``, ``write_bytes``, ``read_text``, ``read_bytes``, ``exists`` and ``is_file`` work on the same files (set
on grader/sandbox/paths.py's :class:`Path` below). No class here can be built on, and a file object holds nothing but
its own folder (an underscore attribute, which main.py cannot read), its name's text and its position.
"""

from __future__ import annotations

import errno
from typing import Any, Iterator

from grader.sandbox.paths import FOLDER, Path, absolute

LIMIT = 2 ** 20
PER_FILE = 64  # what one more name costs in the size count, beyond its text: a million empty files also fill memory
PER_CHUNK = 64  # and what one write costs beyond its text
NEWLINES = (None, "", "\n", "\r", "\r\n")


def _not_found() -> OSError:
    return FileNotFoundError(errno.ENOENT, "No such file or directory while grading (main.py is the only file)")


class MemoryFolder:
    """The files one submission wrote: normalized name -> list of chunks (all str or all bytes)."""

    __slots__ = ("_files", "_size")

    def __init__(self) -> None:
        self._files: dict[str, list[Any]] = {}
        self._size = 0

    def __init_subclass__(cls, **keywords: object) -> None:
        raise TypeError("a class built on a file class is not available in the grader")

    def open(self, file: object, mode: object = "r", buffering: object = -1, encoding: object = None,
             errors: object = None, newline: object = None, closefd: object = True, opener: object = None) -> "MemoryFile":
        """``open()`` of main.py: ``file`` a str or a grader path, ``mode`` as Python's; out: a :class:`MemoryFile`.
        Raises as Python does for a bad mode or argument, ``FileNotFoundError`` for a read of a name never written,
        ``FileExistsError`` for ``'x'`` on a name written, ``ValueError`` for a file descriptor or an opener."""
        if closefd is not True or opener is not None:
            raise ValueError("file descriptors and openers are not available in the grader")
        if type(mode) is not str or len(set(mode)) != len(mode) or not set(mode) <= set("rwaxbt+") \
                or sum(mode.count(kind) for kind in "rwax") != 1 or {"b", "t"} <= set(mode):
            raise ValueError(f"invalid mode: {mode!r}")
        binary = "b" in mode
        for value, what in ((encoding, "encoding"), (errors, "errors")):
            if value is not None and (type(value) is not str or binary):
                raise (ValueError if binary else TypeError)(f"{what} must be a str in text mode")
        if newline not in NEWLINES or type(newline) not in (str, type(None)) or (binary and newline is not None):
            raise ValueError(f"illegal newline value: {newline!r}")
        if type(buffering) is not int:
            raise TypeError("buffering must be an int")
        key = absolute(file)  # TypeError for anything but a str or a grader path (a file descriptor)
        text = str.__str__(file) if isinstance(file, str) else str(file)
        if key == FOLDER or text.endswith("/"):
            raise IsADirectoryError(errno.EISDIR, "Is a directory")
        if "x" in mode and key in self._files:
            raise FileExistsError(errno.EEXIST, "File exists")
        if "r" in mode and key not in self._files:
            raise _not_found()
        if "w" in mode or key not in self._files:
            self._take(key, self._files.pop(key, None))
        return MemoryFile(self, key, text, mode, encoding or "utf-8")

    def _take(self, key: str, old: list[Any] | None) -> None:
        """``key``'s content made empty (a name costs its length and :data:`PER_FILE`)."""
        if old is not None:
            self._size -= PER_FILE + len(key) + _cost(old)
        self._grow(PER_FILE + len(key))
        self._files[key] = []

    def _grow(self, size: int) -> None:
        if self._size + size > LIMIT:
            raise OSError(errno.ENOSPC, "No space left on device (main.py's files are kept in memory while grading)")
        self._size += size

    def _replace(self, chunks: list[Any], content: Any) -> None:
        """``chunks`` made the one chunk ``content`` (its text, or the same as the other kind)."""
        self._grow(_cost([content]) - _cost(chunks))  # first: a write past the room leaves the file as it was
        chunks[:] = [content]

    def _content(self, key: str, binary: bool, encoding: str) -> Any:
        """The whole content of ``key`` as bytes or str (one chunk from now on, so that reading again is cheap)."""
        chunks = self._files.get(key)
        if chunks is None:
            raise _not_found()
        if len(chunks) > 1:
            self._replace(chunks, ("" if type(chunks[0]) is str else b"").join(chunks))
        content = chunks[0] if chunks else (b"" if binary else "")
        if binary and type(content) is str:
            return content.encode(encoding)
        return content.decode(encoding) if not binary and type(content) is bytes else content

    def _append(self, key: str, data: Any, encoding: str) -> None:
        chunks = self._files.get(key)
        if chunks is None:
            raise _not_found()
        if chunks and type(chunks[0]) is not type(data):
            self._replace(chunks, self._content(key, type(data) is bytes, encoding))
        self._grow(_cost([data]))
        chunks.append(data)


def _cost(chunks: list[Any]) -> int:
    """What ``chunks`` count for in :data:`LIMIT`: their length, and :data:`PER_CHUNK` each (a million one-letter
    writes also fill memory)."""
    return sum(len(chunk) + PER_CHUNK for chunk in chunks)


class MemoryFile:
    """A file of main.py's, open on a name of a :class:`MemoryFolder` (made by :meth:`MemoryFolder.open` only)."""

    __slots__ = ("_folder", "_key", "name", "mode", "encoding", "_position", "_closed")

    def __init__(self, folder: MemoryFolder, key: str, name: str, mode: str, encoding: str) -> None:
        if type(folder) is not MemoryFolder:
            raise TypeError("use open() to open a file")
        self._folder, self._key, self.name, self.mode, self.encoding = folder, key, name, mode, encoding
        self._position, self._closed = 0, False

    def __init_subclass__(cls, **keywords: object) -> None:
        raise TypeError("a class built on a file class is not available in the grader")

    def __repr__(self) -> str:
        return f"<file name={self.name!r} mode={self.mode!r}>"

    @property
    def closed(self) -> bool:
        return self._closed

    def _check(self, reading: bool) -> None:
        if self._closed:
            raise ValueError("I/O operation on closed file.")
        if reading and not ("r" in self.mode or "+" in self.mode):
            raise OSError(errno.EBADF, "not readable")
        if not reading and self.mode.startswith("r") and "+" not in self.mode:
            raise OSError(errno.EBADF, "not writable")

    def _text(self) -> Any:
        return self._folder._content(self._key, "b" in self.mode, self.encoding)

    def write(self, data: object) -> int:
        """``data`` (a str, or bytes in binary mode) added at the end; out: how many characters (bytes)."""
        self._check(reading=False)
        if "b" in self.mode:
            if not isinstance(data, (bytes, bytearray)):
                raise TypeError(f"a bytes-like object is required, not '{type(data).__name__}'")
            data = bytes(data)
        elif isinstance(data, str):
            data = str.__str__(data)  # a str subclass's own __len__ would defeat the size count
        else:
            raise TypeError(f"write() argument must be str, not {type(data).__name__}")
        self._folder._append(self._key, data, self.encoding)
        if "+" in self.mode:
            self._position = len(self._text())
        return len(data)

    def writelines(self, lines: object) -> None:
        for line in lines:  # type: ignore[attr-defined]
            self.write(line)

    def read(self, size: object = -1) -> Any:
        self._check(reading=True)
        content, start = self._text(), self._position
        end = len(content) if size is None or size < 0 else start + int(size)  # type: ignore[operator]
        self._position = min(max(end, start), len(content))
        return content[start:self._position]

    def readline(self, size: object = -1) -> Any:
        self._check(reading=True)
        content, start = self._text(), self._position
        end = content.find(b"\n" if type(content) is bytes else "\n", start)
        end = len(content) if end < 0 else end + 1
        if size is not None and size >= 0:  # type: ignore[operator]
            end = min(end, start + int(size))  # type: ignore[call-overload]
        self._position = max(end, start)
        return content[start:self._position]

    def readlines(self, hint: object = -1) -> list[Any]:
        return list(self)

    def __iter__(self) -> Iterator[Any]:
        self._check(reading=True)
        return self

    def __next__(self) -> Any:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def seek(self, offset: object, whence: object = 0) -> int:
        self.flush()
        if type(offset) is not int or whence not in (0, 1, 2) or (whence and offset) or offset < 0:
            raise OSError(errno.EINVAL, "seek: only an absolute position or the current or end position")
        self._position = [offset, self._position, len(self._text())][whence]  # type: ignore[index]
        return self._position

    def tell(self) -> int:
        """The position a read starts at; the end of the file for a file open to write only."""
        if self._closed:
            raise ValueError("I/O operation on closed file.")
        return self._position if self.readable() else len(self._text())

    def flush(self) -> None:
        if self._closed:
            raise ValueError("I/O operation on closed file.")

    def close(self) -> None:
        self._closed = True

    def readable(self) -> bool:
        return "r" in self.mode or "+" in self.mode

    def writable(self) -> bool:
        return not self.mode.startswith("r") or "+" in self.mode

    def seekable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "a file of main.py's has no file descriptor while grading")

    def __enter__(self) -> "MemoryFile":
        self.flush()
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()


_current = [MemoryFolder()]  # the folder of the submission loaded last in this process (one per grading process)


def new_folder() -> MemoryFolder:
    """An empty :class:`MemoryFolder` for a submission being loaded; ``Path``'s file methods use it from now on."""
    _current[0] = MemoryFolder()
    return _current[0]


def _path_open(self: Path, mode: object = "r", buffering: object = -1, encoding: object = None, errors: object = None,
               newline: object = None) -> MemoryFile:
    return _current[0].open(self, mode, buffering, encoding, errors, newline)


def _path_write_text(self: Path, data: object, encoding: object = None, errors: object = None,
                     newline: object = None) -> int:
    if not isinstance(data, str):
        raise TypeError(f"data must be str, not {type(data).__name__}")
    with _path_open(self, "w", encoding=encoding, errors=errors, newline=newline) as file:
        return file.write(data)


def _path_write_bytes(self: Path, data: object) -> int:
    with _path_open(self, "wb") as file:
        return file.write(data)


def _path_read_text(self: Path, encoding: object = None, errors: object = None) -> str:
    with _path_open(self, encoding=encoding, errors=errors) as file:
        return file.read()


def _path_read_bytes(self: Path) -> bytes:
    with _path_open(self, "rb") as file:
        return file.read()


def _path_exists(self: Path, *, follow_symlinks: object = True) -> bool:
    return absolute(self) in _current[0]._files


# Path's methods that read or write a file of main.py's (its stand-ins in grader/sandbox/paths.py refuse the others).
for _name, _method in {"open": _path_open, "write_text": _path_write_text, "write_bytes": _path_write_bytes,
                       "read_text": _path_read_text, "read_bytes": _path_read_bytes, "exists": _path_exists,
                       "is_file": _path_exists}.items():
    setattr(Path, _name, _method)
del _name, _method
