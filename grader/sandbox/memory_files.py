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
(grader/sandbox/memory_paths.py); main.py is there too, its own text to read (never to change), and a name below a
file raises ``NotADirectoryError``. The file objects are grader/sandbox/memory_streams.py's.
"""

from __future__ import annotations

import codecs
import collections
import errno
import posixpath
from typing import Any, Callable

from grader.sandbox import clock
from grader.sandbox.memory_streams import Content, MemoryFile, file_class
from grader.sandbox.paths import FOLDER, MAIN_FILE, absolute

LIMIT = 2 ** 20
PER_FILE = 64  # what one more name costs in the size count, beyond its text: a million empty files also fill memory
NEWLINES = (None, "", "\n", "\r", "\r\n")


def _not_found() -> OSError:
    return FileNotFoundError(errno.ENOENT, "No such file or directory while grading (main.py is the only file)")


class MemoryFolder:
    """The files one submission wrote: normalized name -> its bytes (a :class:`Content`), and their size in all."""

    __slots__ = ("_files", "_lengths", "_folders", "_size", "_start", "_main")

    def __init__(self) -> None:
        self._files: dict[str, Content] = {}
        self._lengths: collections.Counter[int] = collections.Counter()  # how many names of _files have each length
        self._folders: dict[str, float] = {}  # the folders main.py made (os.makedirs, Path.mkdir) -> when
        self._size = 0
        self._start = clock.time()  # when FOLDER and main.py, which are there from the start, last changed
        self._main = b""  # main.py's own bytes, which it may read (show_main)

    def __init_subclass__(cls, **keywords: object) -> None:
        raise TypeError("a class built on a file class is not available in the grader")

    def open(self, file: object, mode: object = "r", buffering: object = -1, encoding: object = None,
             errors: object = None, newline: object = None, closefd: object = True, opener: object = None) -> "MemoryFile":
        """``open()`` of main.py: ``file`` a str or a grader path, ``mode`` as Python's; out: a :class:`MemoryFile`.
        Raises as Python does for a bad mode or argument, ``FileNotFoundError`` for a read of a name never written,
        ``NotADirectoryError`` for a name below a file, ``FileExistsError`` for ``'x'`` on a name written,
        ``ValueError`` for a file descriptor or an opener; main.py itself opens for reading only (its own bytes, as
        :func:`show_main` was given them), ``PermissionError`` for a change."""
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
        key = self._below_folders(file)  # TypeError for anything but a str or a grader path (a file descriptor)
        text = str.__str__(file) if isinstance(file, str) else str(file)
        if key == MAIN_FILE:  # there, main.py's own text to read, but not to change while it is graded
            if mode.strip("bt") != "r":
                raise PermissionError(errno.EACCES, "Permission denied: main.py is not changed while it is graded")
            content = Content()
            content.write(self._main)
            return file_class(mode)(self, content, text, mode, encoding or "utf-8", errors, newline)
        if self.is_folder(key) or text.endswith("/"):
            raise IsADirectoryError(errno.EISDIR, "Is a directory")
        if "x" in mode and key in self._files:
            raise FileExistsError(errno.EEXIST, "File exists")
        if "r" in mode and key not in self._files:
            raise _not_found()
        if key not in self._files:
            self._grow(PER_FILE + len(key))
            self._files[key] = Content()
            self._lengths[len(key)] += 1
        if "w" in mode:  # emptied in place: a file still open on it sees it empty, as on a disk
            content = self._files[key]
            self._change(content, 0, lambda: content.truncate(0))
        return file_class(mode)(self, self._files[key], text, mode, encoding or "utf-8", errors, newline)

    def _below_folders(self, path: object) -> str:
        """``path``'s key; ``NotADirectoryError`` when the path goes through a file main.py wrote (or main.py), as
        Python's for ``open('audit.log/x')`` and ``os.scandir('main.py/..')``."""
        key = absolute(path)  # TypeError for anything but a str or a grader path (a file descriptor)
        if self._through_file(path):
            raise NotADirectoryError(errno.ENOTDIR, "Not a directory")
        return key

    def _through_file(self, path: object) -> bool:
        """Whether ``path`` (a str or a grader path, as written) names a file followed by more: ``audit.log/x``,
        ``main.py/..``, ``main.py/.`` or ``main.py/``, where the system finds a file in place of a folder."""
        text = str.__str__(path) if isinstance(path, str) else str(path)
        lengths, stack, length = {*self._lengths, len(MAIN_FILE)}, [], 0  # length: of "/" + "/".join(stack)
        for part in (text if text.startswith("/") else f"{FOLDER}/{text}").split("/")[1:]:
            # only the lengths of names written are looked at: a path of many thousand folders costs no more
            if stack and length in lengths and self.is_written("/".join(["", *stack])):
                return True
            if part == "..":
                length -= len(stack.pop()) + 1 if stack else 0
            elif part not in ("", "."):
                stack.append(part)
                length += len(part) + 1
        return False

    def _grow(self, size: int) -> None:
        if self._size + size > LIMIT:
            raise OSError(errno.ENOSPC, "No space left on device (main.py's files are kept in memory while grading)")
        self._size += size

    @staticmethod
    def _length(content: Content) -> int:
        with content.getbuffer() as view:
            return view.nbytes

    def _change(self, content: Content, largest: int, change: Callable[[], Any]) -> Any:
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

    def is_written(self, key: str) -> bool:
        """Whether ``key``, a normalized absolute name, is a file: one main.py wrote, or main.py."""
        return key in self._files or key == MAIN_FILE

    def is_file(self, path: object) -> bool:
        """``os.path.isfile``, ``Path.is_file``: True for a name written and for main.py (False for a path through a
        file, such as ``main.py/.``)."""
        return self.is_written(absolute(path)) and not self._through_file(path)

    def is_folder(self, path: object) -> bool:
        """``os.path.isdir``, ``Path.is_dir``: True for :data:`FOLDER`, the folders above it and those made (False for
        a path through a file, such as ``main.py/..``)."""
        key = absolute(path)
        return (key in self._folders or FOLDER == key or FOLDER.startswith(key.rstrip("/") + "/")) \
            and not self._through_file(path)

    def exists(self, path: object) -> bool:
        """``os.path.exists``, ``Path.exists``: a file written or a folder."""
        return self.is_file(path) or self.is_folder(path)

    def size(self, path: object) -> int:
        """``os.path.getsize``: the bytes of a name written, else ``FileNotFoundError``."""
        return self.stat(path)[1]

    def stat(self, path: object) -> tuple[bool, int, float]:
        """What ``os.stat`` tells of a file or folder: (is a folder, its bytes, when it last changed on the clock
        main.py reads); ``FileNotFoundError`` for any other name, ``NotADirectoryError`` for one below a file."""
        key = self._below_folders(path)
        if key in self._files:
            return False, self._length(self._files[key]), self._files[key].modified
        if not self.exists(key):
            raise _not_found()
        return not self.is_file(key), len(self._main) if key == MAIN_FILE else 0, self._folders.get(key, self._start)

    def names(self, path: object) -> list[str]:
        """``os.listdir``: the names in the folder ``path`` (main.py, what main.py wrote and made), sorted;
        ``FileNotFoundError`` for a name that is not a folder, ``NotADirectoryError`` for a file or one below it."""
        key = self._below_folders(path)
        if not self.is_folder(key):
            raise NotADirectoryError(errno.ENOTDIR, "Not a directory") if self.is_file(key) else _not_found()
        inside = {*self._files, *self._folders, MAIN_FILE, FOLDER}  # FOLDER: in "/", the folder above it
        return sorted({posixpath.basename(name) for name in inside if name != key and posixpath.dirname(name) == key})

    def below(self, path: object) -> list[str]:
        """Every name below the folder ``path`` (files and folders, at any depth), relative to it, each folder
        before what it holds (``os.walk``'s order, names sorted); ``[]`` for a name that is not a folder."""
        key = absolute(path)
        if not self.is_folder(key):
            return []
        start = key.rstrip("/") + "/"
        inside = {*self._files, *self._folders, MAIN_FILE, *(FOLDER[:end] for end in range(1, len(FOLDER) + 1)
                                                             if FOLDER[end:end + 1] in ("", "/"))}
        return sorted((name[len(start):] for name in inside if name.startswith(start)), key=lambda name: name.split("/"))

    def make_folder(self, path: object, parents: object = False, exist_ok: object = False) -> None:
        """``Path.mkdir``, ``os.mkdir``, ``os.makedirs``: a folder (a name only: a file's name needs none), made as
        Python does (``FileExistsError``, ``FileNotFoundError`` for a missing parent without ``parents``,
        ``NotADirectoryError`` below a file)."""
        key = self._below_folders(path)
        if self.is_file(key) or self.is_folder(key):
            if exist_ok and not self.is_file(key):
                return
            raise FileExistsError(errno.EEXIST, "File exists")
        made, cost, parent = [key], PER_FILE + len(key), posixpath.dirname(key)
        while not self.is_folder(parent):  # the folders above it that are missing, the room they take counted on
            if not parents:
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
        for a file still open on it); ``FileNotFoundError`` for a name not written unless ``missing_ok``,
        ``NotADirectoryError`` for one below a file."""
        key = self._below_folders(path)
        if key in self._folders:
            raise IsADirectoryError(errno.EISDIR, "Is a directory")
        if key == MAIN_FILE:
            raise PermissionError(errno.EACCES, "Permission denied: main.py is not removed while it is graded")
        if key not in self._files:
            if missing_ok:
                return
            raise _not_found()
        content = self._files.pop(key)
        self._lengths[len(key)] -= 1
        if not self._lengths[len(key)]:
            del self._lengths[len(key)]
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


_current = [MemoryFolder()]  # the folder of the submission loaded last in this process (one per grading process)


def new_folder() -> MemoryFolder:
    """An empty :class:`MemoryFolder` for a submission being loaded; ``Path``'s file methods and ``os``'s use it from
    now on (grader/sandbox/memory_paths.py)."""
    _current[0] = MemoryFolder()
    return _current[0]


def show_main(source: bytes) -> None:
    """Gives the folder of the submission loaded last main.py's own ``source`` bytes, which ``open(__file__)`` and
    ``Path(__file__).read_text()`` read and ``os.stat(__file__).st_size`` counts: the text that is loaded, never
    another file."""
    _current[0]._main = bytes(source)
