"""A Landlock ruleset for a grading child (Linux 5.13+): it may read Python's own files and nothing else.

Seccomp (grader/sandbox/syscalls.py) refuses writing but cannot tell one file read from
another. Landlock can: after :func:`restrict`, the kernel refuses (``EACCES``) opening any
file or folder outside the directories Python and the grader are loaded from: the standard
library, site-packages, and the folder (or file) of every module loaded before the first
fork, the grader and its check battery among them. Other students' submissions, the
instructor's files, the result cache's signing key (``~/.cache/ticket-grader/key``) and the
rest of the machine stay out of reach even of code that escaped the sandbox. Writing,
creating, removing and renaming files is refused everywhere.

Plain system calls through ctypes (no dependency): ``landlock_create_ruleset`` (444),
``landlock_add_rule`` (445), ``landlock_restrict_self`` (446), the same numbers on every
architecture. Where the kernel has no Landlock (disabled, older than 5.13) or the platform is
not Linux, :func:`restrict` does nothing and returns False; the other layers still hold.
Reference: the kernel's Documentation/userspace-api/landlock.rst.
"""

from __future__ import annotations

import ctypes
import os
import site
import sys
import sysconfig
from typing import Iterable

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1  # flag: ask for the ABI version
_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38

_READ_FILE, _READ_DIR = 1 << 2, 1 << 3


class _PathBeneath(ctypes.Structure):
    _pack_ = 1  # struct landlock_path_beneath_attr is packed
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


_LIBC = _libc()


def abi_version() -> int:
    """The kernel's Landlock ABI version (1, 2, ...), 0 where there is none."""
    if _LIBC is None:
        return 0
    version = _LIBC.syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION))
    return max(0, version)


def _handled(abi: int) -> int:
    """Every file-system right the kernel's ABI knows: all of them are refused unless a rule allows them."""
    rights = (1 << 13) - 1  # ABI 1: execute ... make_sym
    if abi >= 2:
        rights |= 1 << 13  # refer (link or rename into another folder)
    if abi >= 3:
        rights |= 1 << 14  # truncate
    if abi >= 5:
        rights |= 1 << 15  # ioctl on devices
    return rights


def readable_paths(folders: Iterable[str] = ()) -> list[str]:
    """The folders and files a grading child may read: absolute paths, without duplicates.

    The standard library and site-packages (``sysconfig``, the user's too; Python imports lazily), ``folders``
    (the check battery's), and for every module in ``sys.modules`` that lies outside them, the
    folder of its top-level package or, for a single-file module, that file. Call it in the
    grader's process after the battery is collected, before the first fork.
    """
    scheme = sysconfig.get_paths()
    roots = {os.path.realpath(scheme[key]) for key in ("stdlib", "platstdlib", "purelib", "platlib") if scheme.get(key)}
    if site.ENABLE_USER_SITE:  # packages installed with pip install --user
        roots.add(os.path.realpath(site.getusersitepackages()))
    roots = {root for root in roots | {os.path.realpath(folder) for folder in folders} if os.path.isdir(root)}
    paths = set(roots)
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if not isinstance(file, str) or not os.path.isabs(file):
            continue
        file = os.path.realpath(file)
        if any(file.startswith(root + os.sep) for root in roots):
            continue
        top = sys.modules.get(name.partition(".")[0])
        top_file = getattr(top, "__file__", None) if top is not None else None
        if isinstance(top_file, str) and os.path.basename(top_file) == "__init__.py":
            paths.add(os.path.dirname(os.path.realpath(top_file)))
        else:
            paths.add(file)
    return sorted(path for path in paths if os.path.exists(path))


def restrict(paths: list[str]) -> bool:
    """Allow this process (and anything it starts) to read only beneath ``paths``; True when in force.

    Irreversible; sets no_new_privs. Call it in the child after its file descriptors are set
    up (open descriptors keep working) and before any student code runs. Returns False where
    Landlock is not available; a path that cannot be opened is skipped (so it stays unreadable).
    """
    abi = abi_version()
    if abi < 1:
        return False
    handled = ctypes.c_uint64(_handled(abi))
    ruleset = _LIBC.syscall(_CREATE_RULESET, ctypes.byref(handled), ctypes.c_size_t(8), ctypes.c_uint32(0))
    if ruleset < 0:
        return False
    try:
        for path in paths:
            try:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            except OSError:
                continue
            try:
                is_dir = os.path.isdir(path)
                rule = _PathBeneath((_READ_FILE | _READ_DIR) if is_dir else _READ_FILE, fd)
                _LIBC.syscall(_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH),
                              ctypes.byref(rule), ctypes.c_uint32(0))
            finally:
                os.close(fd)
        if _LIBC.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return False
        return _LIBC.syscall(_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) == 0
    finally:
        os.close(ruleset)
