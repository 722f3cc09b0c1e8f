"""``Path``'s and ``os``'s functions that look at or change main.py's files, which stay in memory
(grader/sandbox/memory_files.py): ``Path.open``, ``read_text``, ``write_text``, ``exists``, ``is_file``, ``is_dir``,
``mkdir``, ``touch``, ``unlink``, ``stat``, ``lstat``, ``iterdir``, ``glob`` (set on grader/sandbox/paths.py's
:class:`Path`, whose other file-system methods stay stand-ins), ``os.path.exists``, ``isfile``, ``isdir``, ``getsize``,
``getmtime``, ``getatime``, ``getctime`` and ``os.mkdir``, ``makedirs``, ``remove``, ``unlink``, ``stat``, ``lstat``,
``listdir``, ``scandir``, ``walk``, ``fspath`` (:func:`os_path_names`, :func:`os_names`). Each works on the folder of the submission loaded last
(:func:`grader.sandbox.memory_files.new_folder`) and answers as Python does on a folder that holds what main.py
wrote. Nothing here touches the disk: a path is only a key of that folder."""

from __future__ import annotations

import fnmatch
import glob as glob_module
import os
import posixpath
import stat
from pathlib import PurePosixPath
from typing import Any, Iterator

from grader.sandbox.memory_files import MemoryFile, _current
from grader.sandbox.paths import Path, absolute

_NS = 1_000_000_000


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


def _path_mkdir(self: Path, mode: object = 0o777, parents: object = False, exist_ok: object = False) -> None:
    _current[0].make_folder(self, parents, exist_ok)


def _path_touch(self: Path, mode: object = 0o666, exist_ok: object = True) -> None:
    _current[0].touch(self, exist_ok)


def _path_unlink(self: Path, missing_ok: object = False) -> None:
    _current[0].remove(self, missing_ok)


def _stat(path: object, *, follow_symlinks: object = True, dir_fd: object = None) -> os.stat_result:
    """``os.stat``, ``Path.stat``: an ``os.stat_result`` the grader builds of plain ints and floats (no real file is
    looked at): the kind of file and its size as main.py's files in memory are, its times when it last changed,
    on the clock main.py reads (grader/sandbox/clock.py); ``FileNotFoundError`` for a name that is not there."""
    if dir_fd is not None:
        raise ValueError("file descriptors are not available in the grader")
    folder, size, moment = _current[0].stat(path)
    mode = stat.S_IFDIR | 0o755 if folder else stat.S_IFREG | 0o644
    whole, nanoseconds = int(moment), int(moment * _NS)
    times = {f"st_{kind}time": moment for kind in "amc"}
    times.update({f"st_{kind}time_ns": nanoseconds for kind in "amc"})
    return os.stat_result((mode, 0, 0, 1, 0, 0, size, whole, whole, whole), times)


def _time(kind: str) -> Any:
    """``os.path.getatime``, ``getmtime`` or ``getctime`` (``kind`` a, m or c) as an ``os.path`` class attribute."""
    return staticmethod(lambda filename: getattr(_stat(filename), f"st_{kind}time"))


def _listdir(path: object = ".") -> list[str]:
    return _current[0].names(path)


class DirEntry:
    """What ``os.scandir`` gives for one name: ``name``, ``path`` (the folder as written joined with it),
    ``is_file()``, ``is_dir()``, ``is_symlink()`` and ``stat()``, as Python's ``os.DirEntry`` answers them."""

    __slots__ = ("name", "path")

    def __init__(self, folder: str, name: str) -> None:
        self.name, self.path = name, posixpath.join(folder, name)

    def __init_subclass__(cls, **keywords: object) -> None:
        raise TypeError("a class built on os.DirEntry is not available in the grader")

    def __repr__(self) -> str:
        return f"<DirEntry {self.name!r}>"

    def __fspath__(self) -> str:
        return self.path

    def is_file(self, *, follow_symlinks: object = True) -> bool:
        return _current[0].is_file(self.path)

    def is_dir(self, *, follow_symlinks: object = True) -> bool:
        return _current[0].is_folder(self.path)

    def is_symlink(self) -> bool:
        return False

    def stat(self, *, follow_symlinks: object = True) -> os.stat_result:
        return _stat(self.path)


class ScandirIterator:
    """``os.scandir(path)``: its :class:`DirEntry` objects, also in a ``with`` block, which ``close()`` ends."""

    __slots__ = ("_entries",)

    def __init__(self, entries: list[DirEntry]) -> None:
        self._entries = iter(entries)

    def __init_subclass__(cls, **keywords: object) -> None:
        raise TypeError("a class built on os.scandir's iterator is not available in the grader")

    def __iter__(self) -> "ScandirIterator":
        return self

    def __next__(self) -> DirEntry:
        return next(self._entries)

    def close(self) -> None:
        self._entries = iter(())

    def __enter__(self) -> "ScandirIterator":
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()


def _scandir(path: object = ".") -> ScandirIterator:
    """``os.scandir`` of a folder of main.py's in memory (``FileNotFoundError``/``NotADirectoryError`` as
    ``os.listdir``); a file descriptor is a ``TypeError`` (the path must be a str or a path)."""
    folder = str.__str__(path) if isinstance(path, str) else str(Path(path))  # TypeError for anything else
    return ScandirIterator([DirEntry(folder, name) for name in _listdir(path)])


def _fspath(path: object) -> object:
    """``os.fspath``: a str or bytes as it is, a grader path or ``os.scandir``'s entry as its str; ``TypeError`` for
    anything else, as Python's (main.py's own ``__fspath__`` is not called)."""
    if isinstance(path, (str, bytes)):
        return path
    if isinstance(path, (PurePosixPath, DirEntry)):
        return path.__fspath__()
    raise TypeError(f"expected str, bytes or os.PathLike object, not {type(path).__name__}")


class Walk:
    """``os.walk(top, topdown=True, onerror=None, followlinks=False)`` of main.py's folders in memory: for each folder,
    ``(its path as written, its folders, its files)``, names sorted, as Python's order. From the top down, a folder's
    list of folders is read when the walk goes on, so removing names from it leaves them out (as Python's); bottom
    up, a folder comes after all below it. ``onerror`` is called with the ``OSError`` of a folder that cannot be
    listed (a missing ``top`` gives nothing)."""

    __slots__ = ("_waiting", "_onerror", "_last", "_ready", "_order")

    def __init__(self, top: object, topdown: object = True, onerror: object = None, followlinks: object = False) -> None:
        self._waiting, self._onerror, self._last, self._ready = [_fspath(top)], onerror, None, None
        self._order: Any = reversed  # the folders below one are pushed last first, so they come first
        if not topdown:  # Python's bottom-up order: backwards, the top-down order with the folders below backwards
            self._order = list
            self._ready = list(self)

    def __init_subclass__(cls, **keywords: object) -> None:
        raise TypeError("a class built on os.walk's iterator is not available in the grader")

    def __iter__(self) -> "Walk":
        return self

    def __next__(self) -> tuple:
        if self._ready:
            return self._ready.pop()
        if self._last is not None:  # the folders below the one given last, as the caller left its list
            path, folders = self._last
            self._waiting.extend(posixpath.join(path, name) for name in self._order(folders))
            self._last = None
        while self._waiting and self._ready is None:
            path = self._waiting.pop()
            try:
                names = _listdir(path)
            except OSError as error:
                if self._onerror is not None:
                    self._onerror(error)
                continue
            folders = [name for name in names if _current[0].is_folder(posixpath.join(path, name))]
            self._last = (path, folders)
            return path, folders, [name for name in names if name not in folders]
        raise StopIteration


def _path_iterdir(self: Path) -> Iterator[Path]:
    return iter([self / name for name in _listdir(self)])


def _matches(start: str, parts: list[str], recursive: bool, hidden: bool, whole: bool) -> list[str]:
    """The names below the folder ``start`` that the pattern ``parts`` (one per folder level) matches, relative to
    it, as ``glob`` (``whole``: a last ``'**'`` gives files too, and the folder itself as ``'d/'``) or ``Path.glob``
    (``'**'`` matches folders only) finds them; ``recursive``: ``'**'`` is any number of folder levels; ``hidden``:
    a wildcard matches names that start with a dot."""
    folder = _current[0]
    found = [""]
    for index, part in enumerate(parts):
        last, following = index == len(parts) - 1, []
        for relative in found:
            base = posixpath.join(start, relative)
            if recursive and part == "**":
                names = [name for name in folder.below(base) if hidden or not name.startswith(".")
                         and "/." not in name]
                if whole and last:  # glob's: the folder itself as 'd/' (none at the top) and all it holds
                    following += [posixpath.join(relative, "")] if relative else []
                    following += [posixpath.join(relative, name) for name in names]
                else:  # no folder level or any number of them
                    following += [relative, *(posixpath.join(relative, name) for name in names
                                              if folder.is_folder(posixpath.join(base, name)))]
            elif glob_module.has_magic(part):
                following += [posixpath.join(relative, name) for name in
                              (folder.names(base) if folder.is_folder(base) else [])
                              if fnmatch.fnmatchcase(name, part) and (hidden or part.startswith(".")
                                                                      or not name.startswith("."))]
            elif folder.exists(posixpath.join(base, part)) if last else folder.is_folder(posixpath.join(base, part)):
                following.append(posixpath.join(relative, part))
        found = list(dict.fromkeys(following))  # '**/**' finds a name once
    return found


def _path_glob(self: Path, pattern: object) -> Iterator[Path]:
    """``Path.glob`` (Python 3.11's) of a pattern on main.py's files in memory, sorted; ``'**'`` is any number of
    folders (not files); ``ValueError`` and ``NotImplementedError`` as Python's for an empty or absolute pattern."""
    parts = Path(pattern).parts  # TypeError for anything but a str or a path
    if not parts:
        raise ValueError(f"Unacceptable pattern: {pattern!r}")
    if Path(pattern).is_absolute():
        raise NotImplementedError("Non-relative patterns are unsupported")
    return iter([self / name for name in _matches(absolute(self), list(parts), True, True, False)])


def _path_rglob(self: Path, pattern: object) -> Iterator[Path]:
    """``Path.rglob``: ``glob`` of ``'**/' + pattern``."""
    return _path_glob(self, Path("**", pattern))


def _glob(pathname: object, *, root_dir: object = None, dir_fd: object = None, recursive: object = False,
          include_hidden: object = False) -> list[str]:
    """``glob.glob`` on main.py's files and folders in memory: the names ``pathname`` (a str, relative or absolute)
    matches, as written (``'logs/*.log'`` gives ``'logs/a.log'``), folders before what they hold; ``ValueError``
    for a file descriptor."""
    if dir_fd is not None:
        raise ValueError("file descriptors are not available in the grader")
    if not isinstance(pathname, (str, PurePosixPath)):
        raise TypeError(f"expected str or os.PathLike object, not {type(pathname).__name__}")
    pattern = str.__str__(pathname) if isinstance(pathname, str) else str(pathname)
    if not pattern:
        return []
    start = absolute("/" if pattern.startswith("/") else "." if root_dir is None else root_dir)
    parts = [part for part in pattern.split("/") if part]
    found = _matches(start, parts, bool(recursive), bool(include_hidden), True)
    if pattern.endswith("/"):  # folders only, written with their '/'
        found = list(dict.fromkeys(name.rstrip("/") + "/" for name in found
                                   if _current[0].is_folder(posixpath.join(start, name))))
    return [posixpath.join("/", name) for name in found] if pattern.startswith("/") else found


def glob_names() -> dict[str, Any]:
    """The class attributes of the ``glob`` view: ``glob`` and ``iglob`` (an iterator of the same names), and Python's
    ``escape`` and ``has_magic``, functions of a str or bytes only."""
    return {"glob": staticmethod(_glob), "iglob": staticmethod(lambda *args, **options: iter(_glob(*args, **options))),
            "escape": staticmethod(glob_module.escape), "has_magic": staticmethod(glob_module.has_magic)}


def _test(name: str) -> Any:
    """The folder's test ``name`` (``exists``, ``is_file``, ``is_folder``) as a Path method."""
    def test(self: Path, *, follow_symlinks: object = True) -> bool:
        return getattr(_current[0], name)(self)
    test.__name__ = test.__qualname__ = name
    return test


def os_path_names() -> dict[str, Any]:
    """``os.path``'s functions that look at a file, on main.py's files in memory (what a ``Path`` answers too); class
    attributes of the ``os.path`` view, over grader/sandbox/paths.py's stand-ins."""
    exists = staticmethod(lambda path: _current[0].exists(path))
    return {"exists": exists, "lexists": exists, "isfile": staticmethod(lambda path: _current[0].is_file(path)),
            "isdir": staticmethod(lambda path: _current[0].is_folder(path)),
            "getsize": staticmethod(lambda filename: _current[0].size(filename)),
            **{f"get{kind}time": _time(kind) for kind in "amc"}}


def os_names() -> dict[str, Any]:
    """``os``'s functions that make a folder, remove a file, tell of one or list a folder of main.py's in memory:
    class attributes of the ``os`` view (grader/sandbox/imports.py)."""
    remove = staticmethod(lambda path: _current[0].remove(path))
    return {"mkdir": staticmethod(lambda path, mode=0o777: _current[0].make_folder(path)),
            "makedirs": staticmethod(lambda name, mode=0o777, exist_ok=False: _current[0].make_folder(name, True,
                                                                                                      exist_ok)),
            "remove": remove, "unlink": remove, "stat": staticmethod(_stat), "lstat": staticmethod(_stat),
            "listdir": staticmethod(_listdir), "scandir": staticmethod(_scandir), "walk": Walk,
            "fspath": staticmethod(_fspath)}


for _name, _method in {"open": _path_open, "write_text": _path_write_text, "write_bytes": _path_write_bytes,
                       "read_text": _path_read_text, "read_bytes": _path_read_bytes, "exists": _test("exists"),
                       "is_file": _test("is_file"), "is_dir": _test("is_folder"), "mkdir": _path_mkdir,
                       "touch": _path_touch, "unlink": _path_unlink, "stat": _stat, "lstat": _stat,
                       "iterdir": _path_iterdir, "glob": _path_glob, "rglob": _path_rglob}.items():
    setattr(Path, _name, _method)
del _name, _method
