"""The files main.py writes while it is graded: ``open(name, 'w')`` (also ``'a'``, ``'x'``, ``'+'``, binary) gives a
:class:`MemoryFile` whose content stays in a :class:`MemoryFolder` of that submission, in memory. Nothing reaches the
disk: a name is only a key (``audit.log``, ``./audit.log`` and ``Path(__file__).with_name('audit.log')`` are one file;
``../x`` or ``/tmp/x`` are keys too, no folder is looked at or made). Reading a name written before gives its content
back (an audit line appended, then read again), any other read raises ``FileNotFoundError`` as in a folder that holds
main.py only. All files of one submission hold at most :data:`LIMIT` bytes together, names included;
past that a write raises ``OSError`` "No space left on device", as a full disk does.

A file object offers what a student's code uses: ``write``, ``writelines``, ``read``, ``readline``, ``readlines``,
iteration, ``seek``/``tell``, ``truncate``, ``flush``, ``close``, ``closed``, ``with``, as Python's (Python's own
``io`` code does the work on bytes in memory: a write at the position, at the end in mode ``'a'``; ``encoding``,
``errors`` and ``newline`` as in Python). ``Path``'s and ``os``'s file functions work on the same files
(grader/sandbox/memory_paths.py); main.py is there too, but not opened. No class here can be built on, and a file
object holds nothing main.py can read but its name's text and its mode (the rest are underscore attributes, which
main.py cannot read).
"""

from __future__ import annotations

import codecs
import errno
import io
import operator
import posixpath
from typing import Any, Callable, Iterator

from grader.sandbox import clock
from grader.sandbox.paths import FOLDER, MAIN_FILE, absolute

LIMIT = 2 ** 20
PER_FILE = 64  # what one more name costs in the size count, beyond its text: a million empty files also fill memory
NEWLINES = (None, "", "\n", "\r", "\r\n")
BOM = 4  # the most a text encoder puts before a file's first character (utf-32's byte order mark)


def _not_found() -> OSError:
    return FileNotFoundError(errno.ENOENT, "No such file or directory while grading (main.py is the only file)")


def _closed() -> ValueError:
    return ValueError("I/O operation on closed file.")


class _Content(io.BytesIO):
    """The bytes of one name, shared by every file open on it (as a file on a disk is), and when they last changed
    (``modified``, on the clock main.py reads). ``close`` keeps them: a closed (or forgotten) file object leaves the
    content to the other files and to the next ``open``."""

    def __init__(self) -> None:
        super().__init__()
        self.modified = clock.time()

    def close(self) -> None:
        pass


class MemoryFolder:
    """The files one submission wrote: normalized name -> its bytes (a :class:`_Content`), and their size in all."""

    __slots__ = ("_files", "_folders", "_size", "_start")

    def __init__(self) -> None:
        self._files: dict[str, _Content] = {}
        self._folders: dict[str, float] = {}  # the folders main.py made (os.makedirs, Path.mkdir) -> when
        self._size = 0
        self._start = clock.time()  # when FOLDER and main.py, which are there from the start, last changed

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
        if not binary:
            codecs.lookup(encoding or "utf-8")  # LookupError for an unknown encoding, before a file is made
        key = absolute(file)  # TypeError for anything but a str or a grader path (a file descriptor)
        text = str.__str__(file) if isinstance(file, str) else str(file)
        if key == MAIN_FILE:  # there, but not main.py's to read or change while it is graded
            raise PermissionError(errno.EACCES, "Permission denied: main.py is not opened while it is graded")
        if self.is_folder(key) or text.endswith("/"):
            raise IsADirectoryError(errno.EISDIR, "Is a directory")
        if "x" in mode and key in self._files:
            raise FileExistsError(errno.EEXIST, "File exists")
        if "r" in mode and key not in self._files:
            raise _not_found()
        if key not in self._files:
            self._grow(PER_FILE + len(key))
            self._files[key] = _Content()
        if "w" in mode:  # emptied in place: a file still open on it sees it empty, as on a disk
            content = self._files[key]
            self._change(content, 0, lambda: content.truncate(0))
        return MemoryFile(self, key, text, mode, encoding or "utf-8", errors, newline)

    def _grow(self, size: int) -> None:
        if self._size + size > LIMIT:
            raise OSError(errno.ENOSPC, "No space left on device (main.py's files are kept in memory while grading)")
        self._size += size

    @staticmethod
    def _length(content: _Content) -> int:
        with content.getbuffer() as view:
            return view.nbytes

    def _change(self, content: _Content, largest: int, change: Callable[[], Any]) -> Any:
        """``change()``'s result, ``change`` making ``content`` at most ``largest`` bytes long: the room for
        that is taken first (``OSError`` ENOSPC when it is not there, the content left as it was), and what it did
        not use is given back."""
        before = self._length(content)
        self._grow(max(largest - before, 0))
        try:
            return change()
        finally:
            self._size += self._length(content) - max(largest, before)
            content.modified = clock.time()

    def is_file(self, path: object) -> bool:
        """``os.path.isfile``, ``Path.is_file``: True for a name written and for main.py."""
        key = absolute(path)
        return key in self._files or key == MAIN_FILE

    def is_folder(self, path: object) -> bool:
        """``os.path.isdir``, ``Path.is_dir``: True for :data:`FOLDER`, the folders above it and those made."""
        key = absolute(path)
        return key in self._folders or FOLDER == key or FOLDER.startswith(key.rstrip("/") + "/")

    def exists(self, path: object) -> bool:
        """``os.path.exists``, ``Path.exists``: a file written or a folder."""
        return self.is_file(path) or self.is_folder(path)

    def size(self, path: object) -> int:
        """``os.path.getsize``: the bytes of a name written, else ``FileNotFoundError``."""
        return self.stat(path)[1]

    def stat(self, path: object) -> tuple[bool, int, float]:
        """What ``os.stat`` tells of a file or folder: (is a folder, its bytes, when it last changed on the clock
        main.py reads); ``FileNotFoundError`` for any other name. main.py's size is not told (0)."""
        key = absolute(path)
        if key in self._files:
            return False, self._length(self._files[key]), self._files[key].modified
        if not self.exists(key):
            raise _not_found()
        return not self.is_file(key), 0, self._folders.get(key, self._start)

    def names(self, path: object) -> list[str]:
        """``os.listdir``: the names in the folder ``path`` (main.py, what main.py wrote and made), sorted;
        ``FileNotFoundError`` for a name that is not a folder, ``NotADirectoryError`` for a file."""
        key = absolute(path)
        if not self.is_folder(key):
            raise NotADirectoryError(errno.ENOTDIR, "Not a directory") if self.is_file(key) else _not_found()
        inside = {*self._files, *self._folders, MAIN_FILE, FOLDER}  # FOLDER: in "/", the folder above it
        return sorted({posixpath.basename(name) for name in inside if name != key and posixpath.dirname(name) == key})

    def make_folder(self, path: object, parents: object = False, exist_ok: object = False) -> None:
        """``Path.mkdir``, ``os.mkdir``, ``os.makedirs``: a folder (a name only: a file's name needs none), made as
        Python does (``FileExistsError``, or ``FileNotFoundError`` for a missing parent without ``parents``)."""
        key = absolute(path)
        if self.is_file(key) or self.is_folder(key):
            if exist_ok and not self.is_file(key):
                return
            raise FileExistsError(errno.EEXIST, "File exists")
        made, cost, parent = [key], PER_FILE + len(key), posixpath.dirname(key)
        while not self.is_folder(parent):  # the folders above it that are missing, the room they take counted on
            if not parents or self.is_file(parent):
                raise _not_found()
            made.append(parent)
            cost += PER_FILE + len(parent)
            if self._size + cost > LIMIT:  # before a long path's many folder names are held
                self._grow(cost)
            parent = posixpath.dirname(parent)
        self._grow(cost)
        self._folders.update(dict.fromkeys(made, clock.time()))

    def remove(self, path: object, missing_ok: object = False) -> None:
        """``Path.unlink``, ``os.remove``, ``os.unlink``: the file's name and room given back (its content emptied
        for a file still open on it); ``FileNotFoundError`` for a name not written unless ``missing_ok``."""
        key = absolute(path)
        if key in self._folders:
            raise IsADirectoryError(errno.EISDIR, "Is a directory")
        if key == MAIN_FILE:
            raise PermissionError(errno.EACCES, "Permission denied: main.py is not removed while it is graded")
        if key not in self._files:
            if missing_ok:
                return
            raise _not_found()
        content = self._files.pop(key)
        self._change(content, 0, lambda: content.truncate(0))
        self._size -= PER_FILE + len(key)

    def touch(self, path: object, exist_ok: object = True) -> None:
        """``Path.touch``: an empty file made if the name is not written (``FileExistsError`` without ``exist_ok``)."""
        if self.exists(path) and not exist_ok:
            raise FileExistsError(errno.EEXIST, "File exists")
        if not self.exists(path):
            self.open(path, "a").close()
        elif absolute(path) in self._files:  # its time moved to now, as Python's touch does
            self._files[absolute(path)].modified = clock.time()


def _bytes(data: object) -> bytes:
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"a bytes-like object is required, not '{type(data).__name__}'")
    return bytes(memoryview(data).cast("B")) if isinstance(data, memoryview) else bytes(data)


class MemoryFile:
    """A file of main.py's, open on a name of a :class:`MemoryFolder` (made by :meth:`MemoryFolder.open` only).

    Python's own ``io`` code does the work, on bytes in memory: ``io.BytesIO`` (the content, :class:`_Content`) in
    binary mode, an ``io.TextIOWrapper`` over it in text mode (encoding, ``errors``, ``newline`` translation,
    positions as Python's). Neither has a file descriptor, and both stay in underscore attributes, which main.py cannot
    read: main.py gets str, bytes, ints and lists back. Every write (``write``, ``writelines``, ``truncate``) first
    takes the room its content could grow to, so no position or size reaches past :data:`LIMIT`."""

    __slots__ = ("_folder", "_content", "_stream", "_newline", "_position", "_closed", "name", "mode")

    def __init__(self, folder: MemoryFolder, key: str, name: str, mode: str, encoding: str, errors: object,
                 newline: object) -> None:
        if type(folder) is not MemoryFolder:
            raise TypeError("use open() to open a file")
        content = folder._files[key]
        content.seek(0, 2 if "a" in mode else 0)  # a text file opened to append writes no byte order mark again
        self._stream: Any = content if "b" in mode else io.TextIOWrapper(content, encoding, errors, newline,
                                                                         write_through=True)
        self._folder, self._content, self.name, self.mode = folder, content, name, mode
        self._newline = newline if newline in ("\r", "\r\n") else ""  # what a text write makes of "\n"
        self._position, self._closed = content.tell(), False

    def __init_subclass__(cls, **keywords: object) -> None:
        raise TypeError("a class built on a file class is not available in the grader")

    def __repr__(self) -> str:
        return f"<file name={self.name!r} mode={self.mode!r}>"

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

    def _use(self, reading: bool, action: Callable[[Any, _Content], Any]) -> Any:
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

        def write(stream: Any, content: _Content) -> int:
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

        def truncate(stream: Any, content: _Content) -> int:
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


_current = [MemoryFolder()]  # the folder of the submission loaded last in this process (one per grading process)


def new_folder() -> MemoryFolder:
    """An empty :class:`MemoryFolder` for a submission being loaded; ``Path``'s file methods and ``os``'s use it from
    now on (grader/sandbox/memory_paths.py)."""
    _current[0] = MemoryFolder()
    return _current[0]
