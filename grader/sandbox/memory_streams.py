"""The file objects ``open()`` gives main.py (grader/sandbox/memory_files.py): a :class:`MemoryFile` on the bytes of
one name, a :class:`Content`, kept in memory by that submission's folder, which counts their room. Python's own ``io``
code does the work; main.py reads nothing of a file object but its name's text and its mode (the rest are underscore
attributes, which main.py cannot read), and no class can be built on it."""

from __future__ import annotations

import errno
import io
import operator
from typing import TYPE_CHECKING, Any, Callable, Iterator

from grader.sandbox import clock

if TYPE_CHECKING:
    from grader.sandbox.memory_files import MemoryFolder

BOM = 4  # the most a text encoder puts before a file's first character (utf-32's byte order mark)


def _closed() -> ValueError:
    return ValueError("I/O operation on closed file.")


class Content(io.BytesIO):
    """The bytes of one name, shared by every file open on it (as a file on a disk is), and when they last changed
    (``modified``, on the clock main.py reads). ``close`` keeps them: a closed (or forgotten) file object leaves the
    content to the other files and to the next ``open``."""

    def __init__(self) -> None:
        super().__init__()
        self.modified = clock.time()

    def close(self) -> None:
        pass


def _bytes(data: object) -> bytes:
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"a bytes-like object is required, not '{type(data).__name__}'")
    return bytes(memoryview(data).cast("B")) if isinstance(data, memoryview) else bytes(data)


class MemoryFile:
    """A file of main.py's, open on a name of a :class:`MemoryFolder` (made by :meth:`MemoryFolder.open` only).

    Python's own ``io`` code does the work, on bytes in memory: ``io.BytesIO`` (the content, :class:`Content`) in
    binary mode, an ``io.TextIOWrapper`` over it in text mode (encoding, ``errors``, ``newline`` translation,
    positions as Python's). Neither has a file descriptor, and both stay in underscore attributes, which main.py cannot
    read: main.py gets str, bytes, ints and lists back. Every write (``write``, ``writelines``, ``truncate``) first
    takes the room its content could grow to, so no position or size reaches past :data:`LIMIT`."""

    __slots__ = ("_folder", "_content", "_stream", "_newline", "_position", "_closed", "name", "mode")

    def __init__(self, folder: MemoryFolder, content: Content, name: str, mode: str, encoding: str, errors: object,
                 newline: object) -> None:
        if type(content) is not Content:
            raise TypeError("use open() to open a file")
        content.seek(0, 2 if "a" in mode else 0)  # a text file opened to append writes no byte order mark again
        self._stream: Any = content if "b" in mode else io.TextIOWrapper(content, encoding, errors, newline,
                                                                         write_through=True)
        self._folder, self._content, self.name, self.mode = folder, content, name, mode
        self._newline = newline if newline in ("\r", "\r\n") else ""  # what a text write makes of "\n"
        self._position, self._closed = content.tell(), False

    def __init_subclass__(cls, **keywords: object) -> None:
        if cls.__module__ != __name__:  # only the four kinds below, named as Python's
            raise TypeError("a class built on a file class is not available in the grader")

    def __repr__(self) -> str:
        text = "" if "b" in self.mode else f" mode={self.mode!r} encoding={self.encoding!r}"
        return f"<_io.{type(self).__name__} name={self.name!r}{text}>"

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def encoding(self) -> str:
        return self._text().encoding

    @property
    def errors(self) -> str:
        return self._text().errors

    @property
    def newlines(self) -> object:
        return self._text().newlines

    def _text(self) -> io.TextIOWrapper:
        if "b" in self.mode:
            raise AttributeError(f"a file open in mode {self.mode!r} has no text attributes")
        return self._stream

    def _use(self, reading: bool, action: Callable[[Any, Content], Any]) -> Any:
        """``action(stream, content)`` with the content at this file's own position (another file open on the same
        name moves it too); ``ValueError`` on a closed file, ``OSError`` EBADF for a read or write its mode lacks."""
        if self._closed:
            raise _closed()
        if reading and not self.readable():
            raise OSError(errno.EBADF, "not readable")
        if not reading and not self.writable():
            raise OSError(errno.EBADF, "not writable")
        content = self._content
        content.seek(self._position)
        try:
            return action(self._stream, content)
        finally:
            self._position = content.tell()

    def write(self, data: object) -> int:
        """``data`` (a str, or bytes in binary mode) written at the position (at the end in mode ``'a'``); out: how
        many characters (bytes)."""
        if "b" in self.mode:
            data = _bytes(data)
            size = len(data)
        elif isinstance(data, str):
            data = str.__str__(data)  # a str subclass's own __len__ would defeat the size count
            stream, newline = self._stream, self._newline
            size = len((data.replace("\n", newline) if newline else data).encode(stream.encoding, stream.errors)) \
                + BOM  # the bytes it becomes, at most
        else:
            raise TypeError(f"write() argument must be str, not {type(data).__name__}")

        def write(stream: Any, content: Content) -> int:
            if "a" in self.mode:
                content.seek(0, 2)
            largest = max(content.tell() + size, self._folder._length(content))
            return self._folder._change(content, largest, lambda: stream.write(data))
        return self._use(False, write)

    def writelines(self, lines: object) -> None:
        for line in lines:  # type: ignore[attr-defined]
            self.write(line)

    def truncate(self, size: object = None) -> int:
        """The content cut (or made longer with zero bytes) to ``size``, the position by default; out: ``size``."""
        wanted = None if size is None else operator.index(size)  # type: ignore[arg-type]  # one int from here on

        def truncate(stream: Any, content: Content) -> int:
            end = self._folder._length(content)
            if wanted is None or wanted <= end:
                return self._folder._change(content, end, lambda: stream.truncate(wanted))
            stream.flush()
            position = content.tell()
            content.seek(end)
            self._folder._change(content, wanted, lambda: content.write(bytes(wanted - end)))
            content.seek(position)
            return wanted
        return self._use(False, truncate)

    def read(self, size: object = -1) -> Any:
        return self._use(True, lambda stream, content: stream.read(size))

    def readline(self, size: object = -1) -> Any:
        return self._use(True, lambda stream, content: stream.readline(size))

    def readlines(self, hint: object = -1) -> list[Any]:
        return self._use(True, lambda stream, content: stream.readlines(hint))

    def __iter__(self) -> Iterator[Any]:
        self._use(True, lambda stream, content: None)
        return self

    def __next__(self) -> Any:
        return self._use(True, lambda stream, content: next(stream))

    def seek(self, offset: object, whence: object = 0) -> int:
        """As Python's: in text mode ``offset`` is 0 or a number ``tell()`` gave, ``whence`` 1 and 2 with 0 only."""
        if self._closed:
            raise _closed()
        return self._use(self.readable(), lambda stream, content: stream.seek(offset, whence))

    def tell(self) -> int:
        if self._closed:
            raise _closed()
        return self._use(self.readable(), lambda stream, content: stream.tell())

    def flush(self) -> None:
        if self._closed:
            raise _closed()

    def close(self) -> None:
        self._closed = True

    def readable(self) -> bool:
        if self._closed:
            raise _closed()
        return "r" in self.mode or "+" in self.mode

    def writable(self) -> bool:
        if self._closed:
            raise _closed()
        return not self.mode.startswith("r") or "+" in self.mode

    def seekable(self) -> bool:
        if self._closed:
            raise _closed()
        return True

    def isatty(self) -> bool:
        if self._closed:
            raise _closed()
        return False

    def fileno(self) -> int:
        raise OSError(errno.EBADF, "a file of main.py's has no file descriptor while grading")

    def __enter__(self) -> "MemoryFile":
        self.flush()
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()


class TextIOWrapper(MemoryFile):
    """A file open in text mode; its class is named as Python's (``type(f).__name__``, ``isinstance(f,
    io.TextIOWrapper)`` in main.py, whose ``io`` offers a stand-in of it that makes nothing)."""

    __slots__ = ()


class BufferedReader(MemoryFile):
    """A file open in ``'rb'``."""

    __slots__ = ()


class BufferedWriter(MemoryFile):
    """A file open in ``'wb'``, ``'ab'`` or ``'xb'``."""

    __slots__ = ()


class BufferedRandom(MemoryFile):
    """A file open in a binary mode with ``'+'``."""

    __slots__ = ()


FILE_CLASSES = (TextIOWrapper, BufferedReader, BufferedWriter, BufferedRandom)
# The module and io base classes Python's have: type(f) reads '_io.TextIOWrapper', isinstance(f, io.IOBase) holds.
for _kind, _base in ((TextIOWrapper, io.TextIOBase), (BufferedReader, io.BufferedIOBase),
                     (BufferedWriter, io.BufferedIOBase), (BufferedRandom, io.BufferedIOBase)):
    _kind.__module__ = "_io"
    _base.register(_kind)
del _kind, _base


def file_class(mode: str) -> type[MemoryFile]:
    """The class of a file open in ``mode`` (a valid mode of ``open()``), as Python's ``open`` picks it."""
    if "b" not in mode:
        return TextIOWrapper
    return BufferedRandom if "+" in mode else BufferedReader if "r" in mode else BufferedWriter
