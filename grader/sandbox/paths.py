"""``__file__``, ``pathlib`` and ``os.path`` as a main.py that names a file next to itself uses them at module level
(``LOG = Path(__file__).with_name("log.json")``, ``HERE = os.path.dirname(os.path.abspath(__file__))``).

``__file__`` is the text :data:`MAIN_FILE`, in a folder that does not exist. Every operation on a path's text is
offered (``name``, ``stem``, ``suffix``, ``parent``, ``with_name``, ``joinpath``, ``/``, ``str``...; ``os.path.join``,
``dirname``...): defining such a path loads. Anything that would touch the file system (``rmdir``, ``chmod``,
``os.path.islink``...) answers as for a folder that holds main.py only: a test such as ``is_symlink()`` is False, a
read raises ``FileNotFoundError``, anything else ``PermissionError``. ``Path.open``, ``read_text``, ``write_text``,
``exists``, ``mkdir``, ``unlink``, ``stat``, ``iterdir``, ``glob``... and ``os.path.exists``, ``isfile``, ``isdir``,
``getsize`` and ``getmtime``... of the files and folders main.py makes in memory (and of main.py) replace these
stand-ins (grader/sandbox/memory_paths.py). :class:`Path` is built on ``PurePosixPath``, which
has no method that reads the file system; Python's ``pathlib.Path`` is not reachable, and no class can be built on
:class:`Path`. ``resolve()`` and ``absolute()`` only anchor a relative path in :data:`FOLDER` (no link is looked up).
"""

from __future__ import annotations

import errno
import pathlib
import posixpath
import types
from typing import Any

FOLDER = "/submission"
MAIN_FILE = f"{FOLDER}/main.py"

# Path methods of Python's pathlib.Path (3.11, 3.12) that reach the file system or the user's folders.
FILE_SYSTEM_METHODS = (
    "chmod", "exists", "expanduser", "glob", "group", "hardlink_to", "home", "is_block_device",
    "is_char_device", "is_dir", "is_fifo", "is_file", "is_junction", "is_mount", "is_socket", "is_symlink", "iterdir",
    "lchmod", "link_to", "lstat", "mkdir", "open", "owner", "read_bytes", "read_text", "readlink", "rename", "replace",
    "rglob", "rmdir", "samefile", "stat", "symlink_to", "touch", "unlink", "walk", "write_bytes", "write_text")


# What the file-system functions find while grading, where main.py is the only file: no other path exists (a test
# answers False), reading one raises FileNotFoundError; anything else, writing above all, raises PermissionError.
EXISTENCE_TESTS = ("exists", "lexists", "is_file", "isfile", "is_dir", "isdir", "is_symlink", "islink", "is_mount",
                   "ismount", "is_junction", "is_block_device", "is_char_device", "is_fifo", "is_socket")
READS = ("read_text", "read_bytes", "stat", "lstat", "getsize", "getmtime", "getatime", "getctime", "iterdir")


class Refused:
    """A stand-in for the function ``name`` that answers as for a path that does not exist (``exists()`` is False,
    ``read_text()`` raises ``FileNotFoundError``) or raises ``PermissionError`` when called. Not a function: read off a path it stays itself (no method is bound), and it holds nothing but its name."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError(f"{self._name} is read-only in the grader")

    def __call__(self, *args: object, **kwargs: object) -> bool:
        function = self._name.rpartition(".")[2]
        if function in EXISTENCE_TESTS:
            return False
        mode = kwargs.get("mode", args[0] if args else "r")
        if function in READS or function == "open" and type(mode) is str and not set(mode) & set("wax+"):
            raise FileNotFoundError(errno.ENOENT, "No such file or directory while grading (main.py is the only file)")
        raise PermissionError(f"{self._name}() is not available in the grader: open(path, 'w') writes a file instead")

    def __repr__(self) -> str:
        return f"<{self._name}: not available in the grader>"




class PurePosixPath(pathlib.PurePosixPath):
    """``pathlib.PurePath`` and ``PurePosixPath`` in the grader: Python's, on which main.py builds no class (its
    objects would be main.py's own, and read pathlib's private attributes, shared with the grader)."""

    __slots__ = ()

    def __init_subclass__(cls, **keywords: object) -> None:
        if cls.__module__ != __name__:
            raise TypeError("a class built on a pathlib class is not available in the grader")


class Path(PurePosixPath):
    """``pathlib.Path`` in the grader: a pure path (``PurePosixPath``) whose file-system methods raise when called."""

    __slots__ = ()

    @classmethod
    def cwd(cls) -> "Path":
        """``Path.cwd()``: :data:`FOLDER`, the submission's folder (never the grading process's)."""
        return cls(FOLDER)

    def absolute(self) -> "Path":
        return self if self.is_absolute() else Path(FOLDER, self)

    def resolve(self, strict: bool = False) -> "Path":
        """The path anchored in :data:`FOLDER` with ``..`` and ``.`` taken out (``strict=True`` would read the disk)."""
        if strict:
            Refused("Path.resolve")()
        return Path(posixpath.normpath(str(self.absolute())))


for _name in FILE_SYSTEM_METHODS:
    setattr(Path, _name, Refused(f"Path.{_name}"))
del _name


def absolute(path: Any) -> str:
    """``os.path.abspath``: anchored in :data:`FOLDER` (Python's reads the process's working folder)."""
    path = posixpath.normpath(str.__str__(_check_text(path)))
    return path if posixpath.isabs(path) else posixpath.normpath(posixpath.join(FOLDER, path))


def _check_text(path: Any) -> str:
    if isinstance(path, PurePosixPath):
        return str(path)
    if not isinstance(path, str):
        raise TypeError(f"expected str or os.PathLike object, not {type(path).__name__}")
    return path


def _private(function: types.FunctionType) -> types.FunctionType:
    """A copy of posixpath's pure function for one submission (its own defaults and attributes)."""
    made = types.FunctionType(function.__code__, function.__globals__, function.__name__, function.__defaults__,
                              function.__closure__)
    made.__qualname__, made.__doc__ = function.__qualname__, function.__doc__
    return made


PURE_OS_PATH = ("join", "dirname", "basename", "split", "splitext", "normpath", "normcase", "isabs",
                "commonprefix", "commonpath", "splitdrive")
FILE_SYSTEM_OS_PATH = ("exists", "lexists", "isfile", "isdir", "islink", "ismount", "getsize", "getmtime",
                       "getatime", "getctime", "samefile", "expanduser", "expandvars")


def os_path_names() -> dict[str, Any]:
    """The class attributes of an ``os.path`` view: posixpath's pure functions, ``abspath``/``realpath`` anchored in
    :data:`FOLDER`, the separators, and stand-ins that raise for the rest."""
    names: dict[str, Any] = {name: staticmethod(_private(getattr(posixpath, name))) for name in PURE_OS_PATH}
    names.update({name: Refused(f"os.path.{name}") for name in FILE_SYSTEM_OS_PATH})
    names.update({"abspath": staticmethod(absolute), "realpath": staticmethod(lambda path, **options: absolute(path)),
                  "sep": "/", "extsep": ".", "pardir": "..", "curdir": "."})
    return names


def pathlib_names() -> dict[str, Any]:
    """The class attributes of a ``pathlib`` view: :class:`Path` (also as ``PosixPath``) and the pure classes."""
    return {"Path": Path, "PosixPath": Path, "PurePath": PurePosixPath, "PurePosixPath": PurePosixPath}
