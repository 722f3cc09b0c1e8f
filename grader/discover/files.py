"""A read-only view of submission files, the same for real folders and zip archives, junk left out."""

from __future__ import annotations

import collections
import dataclasses
import os
import unicodedata
from pathlib import Path
from typing import Callable, Iterable, Iterator

# A graded file is read up to this many bytes (+1, to see that it is larger); the loader
# refuses sources above its own, smaller limit.
READ_LIMIT = 1024 * 1024
# A folder walk refuses to go on after this many files (someone pointed the grader at their home folder).
MAX_FILES = 200_000
# One top-level folder (one student's) contributes at most this many files; the rest of it is skipped
# with a note for that student, so a student who hands in a data folder costs no other student anything.
MAX_FOLDER_FILES = 2_000
# Folders that never hold a hand-in: tool and version-control data, caches, environments.
JUNK_DIRS = {"__macosx", "__pycache__", ".git", ".svn", ".hg", ".ipynb_checkpoints", ".idea", ".vscode",
             "node_modules", ".venv", "venv", ".pytest_cache", ".mypy_cache", "site-packages", "dist-packages"}
# Whether this system's own paths use ``\\`` and drive letters (elsewhere they are parts of names).
WINDOWS = os.sep == "\\"
# Files operating systems leave behind.
JUNK_FILES = {".ds_store", "thumbs.db", "desktop.ini", "icon\r"}


@dataclasses.dataclass(frozen=True)
class FileRef:
    """One file: ``rel`` (NFC, ``/``-separated, relative, never ``..``), declared ``size``,
    ``origin`` (where it is, for reports), ``opener(n)`` returning at most n bytes,
    ``refused`` (an archive member over the size limits, never read) and ``copies`` (how many
    members of one archive had this name: the last of them is the file, as unzip keeps it);
    ``unlisted`` is set (the reason) for a folder that could not be listed: it stands in for its
    files, ``rel`` is the folder's own and ends in ``/``, and it is never read."""

    rel: str
    size: int
    origin: str
    opener: Callable[[int], bytes] = dataclasses.field(repr=False, compare=False)
    refused: bool = False  # an archive member over the limits: listed, never read
    copies: int = 1
    unlisted: str = ""  # a folder that could not be listed (``rel`` ends in ``/``): why

    @property
    def name(self) -> str:
        """The file's own name (the last part of ``rel``)."""
        return self.rel.rsplit("/", 1)[-1]

    @property
    def depth(self) -> int:
        """How many folders deep the file is (0 at the top)."""
        return self.rel.count("/")

    def read(self, limit: int = READ_LIMIT) -> bytes:
        """At most ``limit + 1`` bytes of the file (one more than ``limit`` means: too large)."""
        return self.opener(limit + 1)

    def under(self, rel: str) -> FileRef:
        """The same file with another relative name."""
        return dataclasses.replace(self, rel=rel)


@dataclasses.dataclass
class Tree:
    """The files found under a root: ``root_name`` (folder or archive name), ``origin`` (its
    path), the files, the folders that held a ``.git`` folder, notes (refused members), the
    innermost ``wrapper`` folder :meth:`unwrap` dropped and the ``skipped`` entries beside the
    students' that gave no file (a symbolic link, a fifo, an empty folder: a folder's name ends in ``/``)."""

    root_name: str
    origin: str
    files: list[FileRef]
    git_dirs: set[str] = dataclasses.field(default_factory=set)
    notes: list[dict] = dataclasses.field(default_factory=list)
    wrapper: str | None = None
    skipped: list[str] = dataclasses.field(default_factory=list)

    def top(self) -> dict[str, list[FileRef]]:
        """Files grouped by their first path component (a top-level file is its own group)."""
        groups: dict[str, list[FileRef]] = {}
        for ref in self.files:
            groups.setdefault(ref.rel.split("/", 1)[0], []).append(ref)
        return groups

    def within(self, parent: str, origin: str) -> Tree:
        """This tree as the only entry of the folder ``parent`` (its name) at ``origin`` (its path)."""
        return Tree(parent, origin, [ref.under(f"{self.root_name}/{ref.rel}") for ref in self.files],
                    {f"{self.root_name}/{folder}".rstrip("/") for folder in self.git_dirs}, self.notes,
                    skipped=[f"{self.root_name}/{entry}" for entry in self.skipped])

    def unwrap(self, *, full: bool = True, keep_name: bool = False,
               stop: Callable[[str, str], bool] | None = None) -> Tree:
        """Drop wrapping folders (``export/...``) while every file shares one.

        ``full=False`` drops one wrapper only when it holds two or more entries, one of them a
        folder: ``anna/src/main.py`` stays ``anna``'s, and a class folder's only student,
        ``bob/solution.py`` and ``bob/old.py``, stays ``bob``; ``keep_name`` keeps ``root_name``
        (an archive's stem). ``stop(name, parent)`` true keeps the folder ``name`` (inside ``parent``) and
        what it lies in: an export's only student folder. ``wrapper`` is the innermost folder dropped. Out: a new Tree (or this one when nothing is dropped); every
        file is renamed once, however deep the wrappers (time linear in the length of the names).
        """
        if not self.files:
            return self
        common = os.path.commonprefix([ref.rel for ref in self.files])
        prefix = common[: common.rfind("/") + 1]  # the folders every file lies in, as "a/b/"
        if not full:
            first = prefix[: prefix.find("/") + 1]
            inside = {_part(ref.rel, len(first)) for ref in self.files} if first else set()
            nested = any("/" in ref.rel[len(first):] for ref in self.files)
            prefix = first if len(inside) >= 2 and nested else ""
        if stop is not None:
            parts = prefix.split("/")[:-1]
            kept = next((i for i, part in enumerate(parts) if stop(part, parts[i - 1] if i else self.root_name)), None)
            prefix = prefix if kept is None else "".join(part + "/" for part in parts[:kept])
        if not prefix:
            return self
        cut, wrapper = len(prefix), prefix[:-1].rsplit("/", 1)[-1]
        return Tree(self.root_name if keep_name else wrapper, f"{self.origin}/{prefix[:-1]}",
                    [ref.under(ref.rel[cut:]) for ref in self.files],
                    {folder[cut:] for folder in self.git_dirs if folder.startswith(prefix)}, self.notes, wrapper,
                    [entry[cut:] for entry in self.skipped if entry.startswith(prefix)])


def _part(rel: str, start: int) -> str:
    """The path component of ``rel`` that begins at index ``start``."""
    end = rel.find("/", start)
    return rel[start:] if end < 0 else rel[start:end]


def clean_rel(raw: str, *, windows: bool = True, drive: bool = True) -> str | None:
    """A member or file name made relative and plain: NFC, ``/``-separated, no ``.``/``..``.

    ``windows``: ``\\`` separates folders too (Windows tools write zip members so); ``drive``: a
    leading ``C:`` is a drive and dropped (not for the rest of a path, nor for a name on POSIX).
    Out: the cleaned path, or None when nothing is left (``/``, ``..``, ``C:``).
    """
    return "/".join(unicodedata.normalize("NFC", part) for part in _parts(raw, windows, drive)) or None


def _parts(raw: str, windows: bool = True, drive: bool = True) -> list[str]:
    """The path components of ``raw`` as :func:`clean_rel` keeps them, not yet normalised."""
    parts: list[str] = []
    for part in (raw.replace("\\", "/") if windows else raw).split("/"):
        if part in ("", ".", "..") or (drive and not parts and len(part) == 2 and part[1] == ":"):
            continue
        parts.append(part)
    return parts


def distinct_rels(raws: Iterable[str]) -> dict[str, str | None]:
    """:func:`clean_rel` of each raw member name, keeping apart what only normalisation makes equal.

    Two folders or files whose names differ in their bytes but not after NFC (``José`` composed
    and decomposed: two students, one zipped on macOS) would merge; the later one in sorted
    order gets ``-2`` (``-3``...) at that component, before a file's extension, as in a folder
    (:func:`_distinct_entries`). So does a file named as a folder beside it (members ``anna`` and
    ``anna/main.py``, which no folder on disk can hold): the folder keeps the name. The same name
    twice stays one path (the later member wins); a name ending in ``/`` or ``\\`` is a folder's.
    """
    result: dict[str, str | None] = {}
    # Both trees by node number, each node once (keeping every path prefix as a tuple of its own
    # took memory quadratic in a name's depth: gigabytes for one member name of 64 KiB).
    raw_nodes: dict[tuple[int, str, bool], int] = {}  # (raw parent, raw part, a file?) -> raw node
    clean_nodes: dict[tuple[int, str], int] = {}  # (clean parent, name) -> clean node: that name is taken
    clean_of: dict[int, int] = {0: 0}             # raw node -> its clean node
    names: dict[int, str] = {}                     # clean node -> its name
    split = {raw: _parts(raw) for raw in set(raws)}
    # Path by path, a folder before a file of its name (so the folder keeps the name).
    for raw in sorted(split, key=lambda raw: [(part, _is_file(raw, split[raw], depth))
                                              for depth, part in enumerate(split[raw])]):
        node = clean = 0
        path = []
        for depth, part in enumerate(parts := split[raw]):
            key = (node, part, is_file := _is_file(raw, parts, depth))
            if key not in raw_nodes:
                name = unicodedata.normalize("NFC", part)
                stem, dot, extension = name.rpartition(".") if is_file else ("", "", "")
                base, tail = (stem, dot + extension) if stem else (name, "")
                candidate, number = name, 2
                while (clean, candidate) in clean_nodes:
                    candidate, number = f"{base}-{number}{tail}", number + 1
                clean_nodes[(clean, candidate)] = len(clean_nodes) + 1
                raw_nodes[key] = len(raw_nodes) + 1
                clean_of[raw_nodes[key]] = clean_nodes[(clean, candidate)]
                names[clean_nodes[(clean, candidate)]] = candidate
            node = raw_nodes[key]
            clean = clean_of[node]
            path.append(names[clean])
        result[raw] = "/".join(path) or None
    return result


def _is_file(raw: str, parts: list[str], depth: int) -> bool:
    """Whether component ``depth`` of ``parts`` (the components of the member name ``raw``) names a file."""
    return depth == len(parts) - 1 and not raw.endswith(("/", "\\"))


def is_junk(rel: str) -> bool:
    """True for files no student handed in: ``__MACOSX/``, ``._*``, ``.DS_Store``, hidden files, caches."""
    parts = rel.split("/")
    if any(part.lower() in JUNK_DIRS or part.startswith(".") for part in parts):
        return True
    return parts[-1].lower() in JUNK_FILES or parts[-1].startswith("~$")


def _refuse_folder(limit: int) -> bytes:
    raise IsADirectoryError("a folder that could not be listed is not read")


def _why(error: OSError) -> str:
    """An OSError's reason without its path (which names the grader's own machine)."""
    return error.strerror or type(error).__name__


def _file_opener(path: str) -> Callable[[int], bytes]:
    def read(limit: int) -> bytes:
        with open(path, "rb") as handle:
            return handle.read(limit)
    return read


def scan_folder(folder: Path) -> Tree:
    """Every regular file under ``folder`` (sorted), without following symbolic links.

    Junk (see :func:`is_junk`) is left out; folders holding ``.git`` are remembered. Nothing
    is opened or changed. A student's folder with more than MAX_FOLDER_FILES files keeps its
    first ones and gets a ``too-many-files`` note (``folder``: its path on disk, relative to
    ``folder``). A student's folder is a top-level one, or one in the wrapping folders
    :func:`_wrappers` finds (files there are each their own). Raises ``OSError`` when ``folder``
    cannot be listed, and grader.discover.UsageError beyond MAX_FILES files.
    """
    files: list[FileRef] = []
    entries: list[str] = []  # the students' own entries (a folder's name ends in "/")
    git_dirs: set[str] = set()
    counts: dict[str, int] = {}  # files kept per student folder (its path on disk)
    notes: list[dict] = []
    tops = _distinct_entries(folder, notes)  # raises early for an unreadable root
    level = len(_wrappers(folder))  # how deep the students' own folders are, less one

    def filled(owner: str) -> bool:
        """Whether student folder ``owner`` has all the files it may have (noted once, under its own path)."""
        if not owner or counts.get(owner, 0) < MAX_FOLDER_FILES:
            return False
        if not any(note == {"kind": "too-many-files", "folder": owner, "limit": MAX_FOLDER_FILES} for note in notes):
            notes.append({"kind": "too-many-files", "folder": owner, "limit": MAX_FOLDER_FILES})
        return True

    placed: dict[str, tuple[str, str, str, str, int]] = {str(folder): ("", "", "", "", 0)}

    def place(current: str) -> tuple[str, str, str, int]:
        """(head: its top-level entry on disk, prefix: its clean name + ``/``, owner: the student's folder on
        disk, depth) of the folder ``current``, made from its parent's (placed before it: linear time in
        the depth, where cleaning the whole path again at each level took seconds for a folder 1,000 deep)."""
        if current not in placed:
            parent, name = os.path.split(current)
            head, top, inner, owner, depth = placed[parent]
            if head:  # cleaned below the top-level entry, which stays as it is
                inner = "/".join(part for part in (inner, clean_rel(name, drive=False)) if part)
            else:
                head, top = name, tops.get(name, "")
            depth += 1
            owner = owner or (os.path.relpath(current, folder) if depth == level + 1 else "")
            placed[current] = head, top, inner, owner, depth
        head, top, inner, owner, depth = placed[current]
        return head, "/".join(part for part in (top, inner) if part) + "/" if head else "", owner, depth

    def rel_of(head: str, prefix: str, name: str) -> str | None:
        """The clean relative name of the entry ``name`` of a folder that :func:`place` gave ``head`` and ``prefix``."""
        own = clean_rel(name, drive=False) if head else None
        return (own and prefix + own) if head else tops.get(name)

    def unlisted(error: OSError) -> None:
        """A folder the walk cannot list (no read permission): a stand-in for its files, so it is said."""
        head, prefix, _, _ = place(str(error.filename))
        if head and prefix:
            files.append(FileRef(prefix, 0, str(error.filename), _refuse_folder, unlisted=_why(error)))

    for current, dirs, names in walk(str(folder), unlisted):
        dirs.sort()
        head, prefix, owner, depth = place(current)
        if filled(owner):
            dirs[:] = []  # this student's folder is full: nothing deeper is read
            continue
        if depth == level:  # the students' own entries: those that give no file are named (Tree.skipped)
            for group, end in ((dirs, "/"), (names, "")):
                entries.extend(rel + end for name in group if not is_junk(name) and (rel := rel_of(head, prefix, name)))
        if ".git" in dirs:
            git_dirs.add(prefix.rstrip("/"))
        dirs[:] = [d for d in dirs if not is_junk(d) and not os.path.islink(os.path.join(current, d))]
        for name in sorted(names):
            full = os.path.join(current, name)
            rel = rel_of(head, prefix, name)
            if rel is None or is_junk(rel) or os.path.islink(full) or not os.path.isfile(full):
                continue
            if filled(owner):
                break
            counts[owner] = counts.get(owner, 0) + 1
            files.append(FileRef(rel, os.path.getsize(full), full, _file_opener(full)))
            if len(files) > MAX_FILES:
                from grader.discover.model import UsageError  # (model imports this module)
                raise UsageError(f"more than {MAX_FILES:,} files under {folder}: is this the folder of submissions?",
                                 f"meer dan {MAX_FILES:,} bestanden in {folder}: is dit de map met inzendingen?")
    taken = {"/".join(ref.rel.split("/", level + 1)[:level + 1]) for ref in files}
    skipped = sorted(entry for entry in entries if entry.rstrip("/") not in taken)
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
    entry (junk and symbolic links left out) is a folder that holds no ``main.py`` (or a variant: then
    it is one student's own), that folder wraps. Out: the names on disk, outermost first; [] when
    ``folder``'s own entries are the students' (an entry that cannot be listed ends the chain)."""
    from grader.discover.layouts.folders import own_name  # (layouts import this module)

    chain: list[str] = []
    current = str(folder)
    while True:
        try:
            entries = [name for name in os.listdir(current)
                       if not is_junk(name) and not os.path.islink(os.path.join(current, name))]
            inner = os.path.join(current, entries[0]) if len(entries) == 1 else ""
            if not inner or not os.path.isdir(inner) or any(own_name(name) for name in os.listdir(inner)):
                return chain
        except OSError:
            return chain
        chain.append(entries[0])
        current = inner


def _distinct_entries(folder: Path, notes: list[dict]) -> dict[str, str]:
    """Each entry of ``folder`` (its name on disk) -> its clean name (:func:`clean_rel`), never shared.

    A ``\\`` in a name on POSIX is read as a Windows folder separator (an archive unpacked as it
    was) only when the folder it names is no other entry's: ``anouk\\extra`` beside ``anouk`` keeps
    its name and stays a student of its own, as does a name such as ``C:``. Two names equal only
    after normalisation (``José`` decomposed and composed: two students on Linux) would merge two
    students; the later one in sorted order gets ``-2`` (``-3``...) before its extension, and a
    ``renamed-id`` note (``folder``: its name on disk). Raises ``OSError`` when ``folder`` cannot
    be listed.
    """
    names = sorted(os.listdir(folder))
    cleaned = {raw: clean_rel(raw) for raw in names}
    heads = collections.Counter(clean.split("/", 1)[0] for clean in cleaned.values() if clean)
    for raw, clean in cleaned.items():
        if clean is None or ("/" in clean and heads[clean.split("/", 1)[0]] > 1):
            cleaned[raw] = clean_rel(raw, windows=WINDOWS, drive=WINDOWS)  # the name as it is on disk
    taken = {clean for clean in cleaned.values() if clean}
    found: set[str] = set()
    distinct = {}
    for raw in names:
        clean = cleaned[raw]
        if clean is None:
            continue
        if clean in found:
            is_file = not os.path.isdir(os.path.join(folder, raw))
            stem, dot, extension = clean.rpartition(".") if is_file else ("", "", "")
            base, tail = (stem, dot + extension) if stem else (clean, "")
            number = 2
            while f"{base}-{number}{tail}" in taken or f"{base}-{number}" in taken:  # a file's id is its stem
                number += 1
            notes.append({"kind": "renamed-id", "from": clean, "folder": raw})
            clean = f"{base}-{number}{tail}"
            taken.add(clean)
        found.add(clean)
        distinct[raw] = clean
    return distinct


def single_file(path: Path) -> FileRef:
    """A :class:`FileRef` for one real file (a self-check), named by its own file name."""
    name = clean_rel(path.name) or "main.py"
    return FileRef(name, path.stat().st_size, str(path), _file_opener(str(path)))
