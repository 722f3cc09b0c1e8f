"""``Path``'s and ``os``'s functions that look at or change main.py's files, which stay in memory
(grader/sandbox/memory_files.py): ``Path.open``, ``read_text``, ``write_text``, ``exists``, ``is_file``, ``is_dir``,
``mkdir``, ``touch``, ``unlink``, ``stat``, ``lstat``, ``iterdir``, ``glob`` (set on grader/sandbox/paths.py's
:class:`Path`, whose other file-system methods stay stand-ins), ``os.path.exists``, ``isfile``, ``isdir``, ``getsize``,
``getmtime``, ``getatime``, ``getctime`` and ``os.mkdir``, ``makedirs``, ``remove``, ``unlink``, ``stat``, ``lstat``,
``listdir`` (:func:`os_path_names`, :func:`os_names`). Each works on the folder of the submission loaded last
(:func:`grader.sandbox.memory_files.new_folder`) and answers as Python does on a folder that holds what main.py
wrote. Nothing here touches the disk: a path is only a key of that folder."""

from __future__ import annotations

import fnmatch
import os
import stat
from typing import Any, Iterator

from grader.sandbox.memory_files import MemoryFile, _current
from grader.sandbox.paths import Path

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


def _path_iterdir(self: Path) -> Iterator[Path]:
    return iter([self / name for name in _listdir(self)])


def _path_glob(self: Path, pattern: object) -> Iterator[Path]:
    """``Path.glob`` of a pattern of names (``'*.log'``, ``'logs/*.log'``) on main.py's files in memory, sorted;
    ``ValueError`` and ``NotImplementedError`` as Python's for an empty or absolute pattern; ``'**'`` is not offered
    (``PermissionError``)."""
    parts = Path(pattern).parts  # TypeError for anything but a str or a path
    if not parts:
        raise ValueError(f"Unacceptable pattern: {pattern!r}")
    if Path(pattern).is_absolute():
        raise NotImplementedError("Non-relative patterns are unsupported")
    if "**" in parts:
        raise PermissionError("Path.glob() of '**' is not available in the grader: name each folder instead")
    found = [self]
    for part in parts:
        found = [path / name for path in found if _current[0].is_folder(path) for name in _listdir(path)
                 if fnmatch.fnmatchcase(name, part)]
    return iter(found)


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
            "listdir": staticmethod(_listdir)}


for _name, _method in {"open": _path_open, "write_text": _path_write_text, "write_bytes": _path_write_bytes,
                       "read_text": _path_read_text, "read_bytes": _path_read_bytes, "exists": _test("exists"),
                       "is_file": _test("is_file"), "is_dir": _test("is_folder"), "mkdir": _path_mkdir,
                       "touch": _path_touch, "unlink": _path_unlink, "stat": _stat, "lstat": _stat,
                       "iterdir": _path_iterdir, "glob": _path_glob}.items():
    setattr(Path, _name, _method)
del _name, _method
