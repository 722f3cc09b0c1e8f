"""A read-only view of submission files, the same for real folders and zip archives, junk left out."""

from __future__ import annotations

import dataclasses
import os
import unicodedata
from typing import Callable, Iterable

# A graded file is read up to this many bytes (+1, to see that it is larger); the loader
# refuses sources above its own, smaller limit.
READ_LIMIT = 1024 * 1024
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
    files, ``rel`` is the folder's own and ends in ``/``, and it is never read; ``shown`` is the
    file's name as it really is (see :attr:`real`) when ``rel`` had to change, else empty."""

    rel: str
    size: int
    origin: str
    opener: Callable[[int], bytes] = dataclasses.field(repr=False, compare=False)
    refused: bool = False  # an archive member over the limits: listed, never read
    copies: int = 1
    unlisted: str = ""  # a folder that could not be listed (``rel`` ends in ``/``): why
    shown: str = ""  # the real name, when ``rel`` had to change to keep two names apart

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

    @property
    def real(self) -> str:
        """``rel`` as the file is named on disk or in its archive (NFC, ``/``-separated), part for part:
        without the ``-2`` that keeps apart two names equal after normalisation (``José-2/main.py`` is
        ``José/main.py``), so a report names a file the student can find."""
        return self.shown or self.rel

    def under(self, rel: str, real: str | None = None) -> FileRef:
        """The same file with another relative name; ``real`` its :attr:`real` name, by default worked out
        from this one's (see :func:`_aligned`)."""
        if real is None and self.shown:
            real = _aligned(self.rel, self.shown, rel)
        return dataclasses.replace(self, rel=rel, shown="" if real in (None, rel) else real)


def _aligned(old: str, shown: str, new: str) -> str | None:
    """The real name of ``new``, a new relative name of a file named ``old`` whose real name is ``shown`` (as
    many parts): folders put in front of ``old`` stay as they are; parts cut from its front are cut from
    ``shown`` too, also the start of a name (an LMS's prefix: ``jansen_12_34_Zoë-2.py`` -> ``Zoë-2.py``;
    a rename only ever changes a name's end). None when ``new`` is made otherwise (a name of its own)."""
    olds, shows, news = old.split("/"), shown.split("/"), new.split("/")
    if len(news) > len(olds) and news[-len(olds):] == olds:
        return "/".join(news[:-len(olds)] + shows)
    cut = len(olds) - len(news)
    if cut >= 0 and olds[cut + 1:] == news[1:] and olds[cut].endswith(news[0]):
        return "/".join([shows[cut][len(olds[cut]) - len(news[0]):], *shows[cut + 1:]])
    return None


@dataclasses.dataclass
class Tree:
    """The files found under a root: ``root_name`` (folder or archive name), ``origin`` (its
    path), the files, the folders that held a ``.git`` folder, notes (refused members), the
    innermost ``wrapper`` folder :meth:`unwrap` dropped and the ``skipped`` entries beside the
    students' that gave no file (a symbolic link, a fifo, an empty folder: a folder's name ends in ``/``), each
    -> the code of why (grader.discover.leftout.WHY), found where the walk met it."""

    root_name: str
    origin: str
    files: list[FileRef]
    git_dirs: set[str] = dataclasses.field(default_factory=set)
    notes: list[dict] = dataclasses.field(default_factory=list)
    wrapper: str | None = None
    skipped: dict[str, str] = dataclasses.field(default_factory=dict)

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
                    skipped={f"{self.root_name}/{entry}": why for entry, why in self.skipped.items()})

    def unwrap(self, *, full: bool = True, keep_name: bool = False,
               stop: Callable[[str, str], bool] | None = None, aside: Callable[[str], bool] | None = None) -> Tree:
        """Drop wrapping folders (``export/...``) while every file shares one.

        ``full=False`` drops the wrappers only when the innermost holds two or more entries, one of
        them a folder (``export/klas/anna/...`` and ``export/klas/bob/...`` lose ``export/klas/``):
        ``anna/src/main.py`` stays ``anna``'s, and a class folder's only student,
        ``bob/solution.py`` and ``bob/old.py``, stays ``bob``; ``keep_name`` keeps ``root_name``
        (an archive's stem). ``stop(name, parent)`` true keeps the folder ``name`` (inside ``parent``) and
        what it lies in: an export's only student folder. ``aside(name)`` true lets a file of that name lie beside a
        wrapping folder (``klas/`` with ``LEESMIJ.txt`` beside it still wraps; the file is dropped with the wrapper).
        ``wrapper`` is the innermost folder dropped. Out: a new Tree (or this one when nothing is dropped); every
        file is renamed once, however deep the wrappers (time linear in the length of the names).
        """
        if not self.files:
            return self
        prefix = _wrapping(self.files, aside)  # the folders every file lies in, as "a/b/"
        if not full:  # the wrappers go only when what they wrap looks like a class (however deep they are)
            inside = {_part(ref.rel, len(prefix)) for ref in self.files} if prefix else set()
            nested = any("/" in ref.rel[len(prefix):] for ref in self.files)
            prefix = prefix if len(inside) >= 2 and nested else ""
        if stop is not None:
            parts = prefix.split("/")[:-1]
            kept = next((i for i, part in enumerate(parts) if stop(part, parts[i - 1] if i else self.root_name)), None)
            prefix = prefix if kept is None else "".join(part + "/" for part in parts[:kept])
        if not prefix:
            return self
        cut, wrapper = len(prefix), prefix[:-1].rsplit("/", 1)[-1]
        return Tree(self.root_name if keep_name else wrapper, f"{self.origin}/{prefix[:-1]}",
                    [ref.under(ref.rel[cut:]) for ref in self.files if ref.rel.startswith(prefix)],
                    {folder[cut:] for folder in self.git_dirs if folder.startswith(prefix)}, self.notes, wrapper,
                    {entry[cut:]: why for entry, why in self.skipped.items() if entry.startswith(prefix)})


def _wrapping(files: list[FileRef], aside: Callable[[str], bool] | None) -> str:
    """The folders (as ``"a/b/"``) every one of ``files`` lies in, or lies beside when ``aside`` of its name is
    true (a file directly in one of those folders: ``LEESMIJ.txt`` beside ``klas/``). Linear in the names' length."""
    rels = [ref.rel for ref in files]
    core = [rel for rel in rels if not aside(rel.rsplit("/", 1)[-1])] if aside else rels
    common = os.path.commonprefix(core or rels)
    prefix = common[: common.rfind("/") + 1]
    for rel in rels if aside else ():
        folder = rel[: rel.rfind("/") + 1]
        if not rel.startswith(prefix) and not (prefix.startswith(folder) and aside(rel[len(folder):])):
            shared = os.path.commonprefix([prefix, rel])
            prefix = shared[: shared.rfind("/") + 1]
    return prefix


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
