"""Turn the paths a user gives into submissions; never modifies a file."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from pathlib import Path

# The file graded in a student's folder (issue: one sub-folder per student holding main.py).
GRADED_FILE = "main.py"
# Files larger than this are not read whole (bytes); the loader refuses them as too large.
READ_LIMIT = 1024 * 1024


class UsageError(Exception):
    """A path the user gave cannot be graded (does not exist, holds no submissions)."""


@dataclasses.dataclass
class Submission:
    """One student's file: id (unique in a run), the path shown in reports, bytes and sha256."""

    id: str
    path: str
    source: bytes
    sha256: str
    notes: list[dict] = dataclasses.field(default_factory=list)


def _read(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(READ_LIMIT + 1)


def _submission(student_id: str, path: Path) -> Submission:
    data = _read(path)
    return Submission(student_id, str(path), data, hashlib.sha256(data).hexdigest())


def discover(paths: list[str]) -> tuple[list[Submission], bool]:
    """Find the submissions under ``paths``.

    A path is a ``.py`` file (a self-check: the id is the file name without ``.py``), a
    folder holding ``main.py`` itself (one submission, id = folder name), or a folder of
    submissions: one sub-folder per student holding ``main.py`` (id = sub-folder name) and
    loose ``.py`` files (id = file name without ``.py``). Symbolic links are skipped.
    Out: (submissions with unique ids, in a stable order; True when the run is a single-file
    self-check). Raises :class:`UsageError` for a path that does not exist or holds nothing
    to grade.
    """
    found: list[tuple[str, Path]] = []
    single = len(paths) == 1 and Path(paths[0]).is_file()
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise UsageError(f"path does not exist: {raw}")
        if path.is_file():
            if path.suffix != ".py" and not single:
                raise UsageError(f"not a Python file: {raw}")
            found.append((path.stem, path))
        elif (path / GRADED_FILE).is_file():
            found.append((path.resolve().name, path / GRADED_FILE))
        else:
            before = len(found)
            for entry in sorted(path.iterdir(), key=lambda p: p.name):
                if entry.is_symlink() or entry.name.startswith("."):
                    continue
                if entry.is_dir() and (entry / GRADED_FILE).is_file() and not (entry / GRADED_FILE).is_symlink():
                    found.append((entry.name, entry / GRADED_FILE))
                elif entry.is_file() and entry.suffix == ".py":
                    found.append((entry.stem, entry))
            if len(found) == before:
                raise UsageError(f"no submissions in {raw}: expected sub-folders with {GRADED_FILE} or .py files")
    return _unique([_submission(student_id, path) for student_id, path in found]), single


def _unique(submissions: list[Submission]) -> list[Submission]:
    """Give repeated ids a ``-2``, ``-3``... suffix so results never merge two students."""
    counts: dict[str, int] = {}
    for submission in submissions:
        base = submission.id
        counts[base] = counts.get(base, 0) + 1
        if counts[base] > 1:
            submission.id = f"{base}-{counts[base]}"
            submission.notes.append({"kind": "renamed-id", "from": base})
    return submissions


# Names Windows refuses for files, whatever the extension.
WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))}


def safe_name(student_id: str) -> str:
    """A file-name-safe form of an id: lowercase ASCII letters, digits, ``-_.``, never a path.

    Ids that had to change (other characters, uppercase, too long, a Windows device name)
    get a short hash of the original, so two ids never share a file, also on file systems
    that ignore case.
    """
    cleaned = re.sub(r"[^a-z0-9._-]+", "_", student_id.lower()).strip("._") or "submission"
    if cleaned == student_id and len(cleaned) <= 80 and cleaned not in WINDOWS_RESERVED:
        return cleaned
    return cleaned[:80] + "-" + hashlib.sha256(student_id.encode("utf-8", "surrogatepass")).hexdigest()[:8]
