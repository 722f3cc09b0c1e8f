"""Reading a real folder on disk into a :class:`grader.discover.files.Tree`: a walk that follows no
symbolic link, the wrapping folders above the students' own, and distinct names for every student."""

from __future__ import annotations

import collections
import errno
import os
from pathlib import Path
from typing import Callable, Iterator

from grader.discover.files import WINDOWS, FileRef, Tree, clean_rel, is_junk
from grader.discover.leftout import skipped_reason

# A folder walk refuses to go on after this many files (someone pointed the grader at their home folder).
MAX_FILES = 200_000
# One top-level folder (one student's) contributes at most this many files; the rest of it is skipped
# with a note for that student, so a student who hands in a data folder costs no other student anything.
MAX_FOLDER_FILES = 2_000

def _refuse_folder(limit: int) -> bytes:
    raise IsADirectoryError("a folder that could not be listed is not read")


def _refuse_special(limit: int) -> bytes:
    raise OSError(errno.EINVAL, "no regular file (a named pipe, socket or device)")


def _why(error: OSError) -> str:
    """An OSError's reason without its path (which names the grader's own machine)."""
    return error.strerror or type(error).__name__


def _file_opener(path: str) -> Callable[[int], bytes]:
    def read(limit: int) -> bytes:
        with open(path, "rb") as handle:
            return handle.read(limit)
    return read


def scan_folder(folder: Path) -> Tree:
    """Every file under ``folder`` (sorted), without following symbolic links; a named pipe, socket or device
    is listed too, and raises ``OSError`` when read (it is never opened: a pipe would block).

    Junk (see :func:`is_junk`) is left out; folders holding ``.git`` are remembered. Nothing
    is opened or changed. A student's folder with more than MAX_FOLDER_FILES files keeps its
    first ones and gets a ``too-many-files`` note (``folder``: its path on disk, relative to
    ``folder``). A student's folder is a top-level one, or one in the wrapping folders
    :func:`_wrappers` finds (files there are each their own). No two entries of a folder, at any depth,
    get the same clean name (:func:`_distinct_names`); a file whose path had to change so keeps its name on
    disk as its :attr:`FileRef.real` (the layout notes a student renamed so).
    Raises ``OSError`` when ``folder`` cannot be listed, and grader.discover.UsageError beyond MAX_FILES files.
    """
    files: list[FileRef] = []
    entries: dict[str, str] = {}  # the students' own entries (a folder's name ends in "/") -> their paths on disk
    git_dirs: set[str] = set()
    counts: dict[str, int] = {}  # files kept per student folder (its path on disk)
    notes: list[dict] = []
    reals: dict[str, str] = {}  # a renamed entry (its path on disk) -> its clean name before the renaming
    tops = _distinct_entries(folder, reals)  # raises early for an unreadable root
    level = len(_wrappers(folder))  # how deep the students' own folders are, less one

    def filled(owner: str) -> bool:
        """Whether student folder ``owner`` has all the files it may have (noted once, under its own path)."""
        if not owner or counts.get(owner, 0) < MAX_FOLDER_FILES:
            return False
        if not any(note == {"kind": "too-many-files", "folder": owner, "limit": MAX_FOLDER_FILES} for note in notes):
            notes.append({"kind": "too-many-files", "folder": owner, "limit": MAX_FOLDER_FILES})
        return True

    placed: dict[str, tuple[str, str, str, str, int, str]] = {str(folder): ("", "", "", "", 0, "")}
    cleaned: dict[str, str] = {}  # a folder below the top level (its path on disk) -> its clean name, till placed

    def place(current: str) -> tuple[str, str, str, int, str]:
        """(head: its top-level entry on disk, prefix: its clean name + ``/``, owner: the student's folder on
        disk, depth, real: its clean name before any renaming + ``/``, or "" when it is ``prefix``) of the
        folder ``current``, made from its parent's (placed before it: linear time in the depth, where cleaning
        the whole path again at each level took seconds for a folder 1,000 deep)."""
        if current not in placed:
            parent, name = os.path.split(current)
            head, top, inner, owner, depth, real = placed[parent]
            if head:  # below the top-level entry, which stays as it is: its name as its folder's listing gave it
                own = cleaned.pop(current, None) or clean_rel(name, drive=False)
                if real or current in reals:  # renamed, or in a renamed folder: its real path is kept beside
                    real = (real or "/".join(part for part in (top, inner) if part)) + "/" + reals.pop(current, own)
                inner = "/".join(part for part in (inner, own) if part)
            else:
                head, top, real = name, tops.get(name, ""), reals.pop(current, "")
            depth += 1
            owner = owner or (os.path.relpath(current, folder) if depth == level + 1 else "")
            placed[current] = head, top, inner, owner, depth, real
        head, top, inner, owner, depth, real = placed[current]
        return (head, "/".join(part for part in (top, inner) if part) + "/" if head else "", owner, depth,
                real and real + "/")

    def rel_of(head: str, prefix: str, name: str, local: dict[str, str]) -> str | None:
        """The clean relative name of the entry ``name`` of a folder that :func:`place` gave ``head`` and
        ``prefix`` and whose entries :func:`_distinct_names` gave ``local``."""
        own = local.get(name) if head else None
        return (own and prefix + own) if head else tops.get(name)

    def unlisted(error: OSError) -> None:
        """A folder the walk cannot list (no read permission): a stand-in for its files, so it is said."""
        head, prefix, _, _, real = place(str(error.filename))
        if head and prefix:
            files.append(FileRef(prefix, 0, str(error.filename), _refuse_folder, unlisted=_why(error), shown=real))

    for current, dirs, names in walk(str(folder), unlisted):
        dirs.sort()
        head, prefix, owner, depth, real = place(current)
        if filled(owner):
            dirs[:] = []  # this student's folder is full: nothing deeper is read
            continue
        local: dict[str, str] = {}
        if head:  # (the top level's names are ``tops``) two entries never share a name, at any depth
            local, renamed = _distinct_names(dirs + names, set(dirs), drive=False)
            cleaned.update((os.path.join(current, name), local[name]) for name in dirs if name in local)
            reals.update((os.path.join(current, raw), old) for raw, old in renamed)
        if depth == level:  # the students' own entries: those that give no file are named (Tree.skipped)
            for group, end in ((dirs, "/"), (names, "")):
                entries.update((rel + end, os.path.join(current, name)) for name in group
                               if not is_junk(name) and (rel := rel_of(head, prefix, name, local)))
        if ".git" in dirs:
            git_dirs.add(prefix.rstrip("/"))
        dirs[:] = [d for d in dirs if not is_junk(d) and not os.path.islink(os.path.join(current, d))]
        for name in sorted(names):
            full = os.path.join(current, name)
            rel = rel_of(head, prefix, name, local)
            if rel is None or is_junk(rel) or os.path.islink(full):
                continue
            if filled(owner):
                break
            counts[owner] = counts.get(owner, 0) + 1
            own = reals.pop(full, None)
            shown = (real or prefix) + (own or rel[len(prefix):]) if real or own else ""
            if os.path.isfile(full):
                files.append(FileRef(rel, os.path.getsize(full), full, _file_opener(full), shown=shown))
            else:  # a named pipe, socket or device: listed (its student's report says it), never opened
                files.append(FileRef(rel, 0, full, _refuse_special, shown=shown))
            if len(files) > MAX_FILES:
                from grader.discover.model import UsageError  # (model imports this module)
                raise UsageError(f"more than {MAX_FILES:,} files under {folder}: is this the folder of submissions?",
                                 f"meer dan {MAX_FILES:,} bestanden in {folder}: is dit de map met inzendingen?")
    taken = {"/".join(ref.rel.split("/", level + 1)[:level + 1]) for ref in files}
    skipped = {entry: skipped_reason(entries[entry]) for entry in sorted(entries) if entry.rstrip("/") not in taken}
    return Tree(clean_rel(folder.resolve().name) or "submissions", str(folder), files, git_dirs, notes, None, skipped)


def walk(top: str, onerror: Callable[[OSError], None]) -> Iterator[tuple[str, list[str], list[str]]]:
    """``os.walk(top, onerror=onerror)`` top-down, without following symbolic links, by a stack instead
    of recursion: Python 3.11's os.walk recurses once per level, and a folder nested a thousand deep
    raised RecursionError. Yields (folder, names of its folders, names of its other entries); the caller
    may prune the folder list in place, as with os.walk. A folder that cannot be listed goes to ``onerror``."""
    stack = [top]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as found:
                entries = list(found)
        except OSError as error:
            onerror(error)
            continue
        dirs, names = [], []
        for entry in entries:
            try:
                is_dir = entry.is_dir()
            except OSError:
                is_dir = False
            (dirs if is_dir else names).append(entry.name)
        yield current, dirs, names
        stack.extend(path for name in reversed(dirs) if not os.path.islink(path := os.path.join(current, name)))


def _wrappers(folder: Path) -> list[str]:
    """The names of the folders that wrap the students' folders of ``folder``: while a folder's only
    entry (junk, symbolic links and files that may lie beside a wrapper, grader.discover.layouts.folders.aside,
    left out) is a folder that holds no ``main.py`` (or a variant: then it is one student's own), that folder
    wraps. Out: the names on disk, outermost first; [] when ``folder``'s own entries are the students' (an
    entry that cannot be listed ends the chain)."""
    from grader.discover.layouts.folders import aside, own_name  # (layouts import this module)

    chain: list[str] = []
    current = str(folder)
    while True:
        try:
            entries = [name for name in os.listdir(current)
                       if not is_junk(name) and not os.path.islink(os.path.join(current, name))]
            inner = [name for name in entries if os.path.isdir(os.path.join(current, name)) or not aside(name)]
            if len(inner) != 1 or not os.path.isdir(wrapper := os.path.join(current, inner[0])):
                return chain
            held = os.listdir(wrapper)  # beside non-code files, only a folder of folders wraps (not an empty one)
            if any(own_name(name) for name in held) or (len(entries) > 1 and not any(
                    os.path.isdir(os.path.join(wrapper, name)) for name in held if not is_junk(name))):
                return chain
        except OSError:
            return chain
        chain.append(inner[0])
        current = wrapper


def _distinct_entries(folder: Path, reals: dict[str, str]) -> dict[str, str]:
    """Each entry of ``folder`` (its name on disk) -> its clean name, never shared (:func:`_distinct_names`,
    a leading drive such as ``C:\\`` dropped); a renamed entry's path on disk goes into ``reals``, with the
    clean name it would have had. Raises ``OSError`` when ``folder`` cannot be listed.
    """
    names = os.listdir(folder)
    distinct, renamed = _distinct_names(names, {name for name in names if os.path.isdir(os.path.join(folder, name))})
    reals.update((os.path.join(folder, raw), old) for raw, old in renamed)
    return distinct


def _distinct_names(names: list[str], folders: set[str], *,
                    drive: bool = True) -> tuple[dict[str, str], list[tuple[str, str]]]:
    """The entries ``names`` of one folder (``folders``: those of them that are folders), each -> its clean
    name (:func:`clean_rel`; ``drive``: a leading ``C:`` is dropped), no two the same.

    A ``\\`` in a name on POSIX is read as a Windows folder separator (an archive unpacked as it
    was) only when the folder it names is no other entry's: ``anouk\\extra`` beside ``anouk`` keeps
    its name and stays an entry of its own, as does a name such as ``C:``. Two names equal only
    after normalisation (``José`` decomposed and composed: two students on Linux) would merge two
    students; the later one in sorted order gets ``-2`` (``-3``...) before a file's extension.
    Out: (that mapping, [(name on disk, the clean name it would have had)] for each renamed entry).
    """
    names = sorted(names)
    cleaned = {raw: clean_rel(raw, drive=drive) for raw in names}
    heads = collections.Counter(clean.split("/", 1)[0] for clean in cleaned.values() if clean)
    for raw, clean in cleaned.items():
        if clean is None or ("/" in clean and heads[clean.split("/", 1)[0]] > 1):
            cleaned[raw] = clean_rel(raw, windows=WINDOWS, drive=WINDOWS)  # the name as it is on disk
    taken = {clean for clean in cleaned.values() if clean}
    found: set[str] = set()
    distinct: dict[str, str] = {}
    renamed: list[tuple[str, str]] = []
    for raw in names:
        clean = cleaned[raw]
        if clean is None:
            continue
        if clean in found:
            stem, dot, extension = clean.rpartition(".") if raw not in folders else ("", "", "")
            base, tail = (stem, dot + extension) if stem else (clean, "")
            number = 2
            while f"{base}-{number}{tail}" in taken or f"{base}-{number}" in taken:  # a file's id is its stem
                number += 1
            renamed.append((raw, clean))
            clean = f"{base}-{number}{tail}"
            taken.add(clean)
        found.add(clean)
        distinct[raw] = clean
    return distinct, renamed


def single_file(path: Path) -> FileRef:
    """A :class:`FileRef` for one real file (a self-check), named by its own file name."""
    name = clean_rel(path.name) or "main.py"
    return FileRef(name, path.stat().st_size, str(path), _file_opener(str(path)))
