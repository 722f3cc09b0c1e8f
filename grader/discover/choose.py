"""Which attempt and which file of a student is graded (a documented rule), turned into a Submission."""

from __future__ import annotations

import hashlib
import os
import re

from grader.battery import FUNCTIONS
from grader.discover import archives, notebooks, onlinetext
from grader.discover.files import READ_LIMIT, FileRef
from grader.discover.model import Attempt, Student, Submission

# Notebooks may carry large outputs (images); only their code reaches the sandbox.
NOTEBOOK_LIMIT = 16 * 1024 * 1024
# Candidates read to count the lesson's functions in them (the rest rank by name alone).
MAX_READ_CANDIDATES = 50
# File names listed in a submission's ignored_files at most.
MAX_LISTED = 50

# ``main (1).py``, ``main(2).py``, ``main-1.py``, ``main_1.py``, ``main 2.py``, ``main copy.py``.
_MAIN_COPY = re.compile(r"^main(?:\s*\((\d+)\)|[-_ ](\d+)|[-_ ](?:copy|kopie)(?:\s*\d+)?)\.py$", re.I)
_ONLINE_TEXT = re.compile(r"^(?:text|onlinetext)\.html?$", re.I)
_NOT_GRADED = re.compile(r"^(?:conftest|setup|__init__|__main__)\.py$|^test_.*\.py$|^.*_test\.py$", re.I)
_TEST_DIRS = {"tests", "test", "testing"}

# The rule, in order: the first rank that has a file wins; within a rank, for ranks 5-8 the
# file defining most of the lesson's functions, then the shallowest, then the highest copy
# number, then by name.
RULE = (
    "main.py",                                    # 0
    "main.py in other case (Main.py)",            # 1
    "a copy of main.py (main (1).py, main-1.py)",  # 2
    "main.py saved as text (main.py.txt)",         # 3
    "main.ipynb",                                 # 4
    "another .py file",                           # 5
    "another notebook (.ipynb)",                  # 6
    "another .py saved as text (.py.txt)",         # 7
    "online text (text.html)",                    # 8
)


def rank(ref: FileRef, explicit: bool = False) -> int | None:
    """The rank of ``ref`` in RULE (lower wins), or None when it is never graded.

    Never graded (unless given ``explicit``-ly): conftest.py, setup.py, ``test_*.py``,
    ``*_test.py``, files under ``tests/``, and anything that is not Python-like.
    """
    name = ref.name
    lower = name.lower()
    if ref.refused or ref.unlisted:
        return None
    if explicit:
        return 0
    if _NOT_GRADED.match(name) or any(part.lower() in _TEST_DIRS for part in ref.rel.split("/")[:-1]):
        return None
    if name == "main.py":
        return 0
    if lower == "main.py":
        return 1
    if _MAIN_COPY.match(name):
        return 2
    if lower in ("main.py.txt", "main.txt"):
        return 3
    if lower == "main.ipynb":
        return 4
    if lower.endswith(".py"):
        return 5
    if lower.endswith(".ipynb"):
        return 6
    if lower.endswith(".py.txt"):
        return 7
    if _ONLINE_TEXT.match(name):
        return 8
    return None


def _copy_number(name: str) -> int:
    found = _MAIN_COPY.match(name)
    return int(found.group(1) or found.group(2) or 1) if found else 0


def _definitions(ref: FileRef) -> int:
    try:
        data = ref.read(READ_LIMIT)
    except (OSError, archives.ArchiveError):
        return 0
    return sum(1 for function in FUNCTIONS if re.search(rb"def\s+" + function.encode() + rb"\s*\(", data))


def expand(files: list[FileRef], depth: int, notes: list[dict], room: list[int] | None = None) -> list[FileRef]:
    """``files`` with every zip among them replaced by its members (``x.zip/member``).

    Archives are opened while the files found so far number fewer than archives.MAX_MEMBERS (``room``:
    how many more may come, shared by the nested calls): a zip of a thousand zips of 10,000 members
    each would be ten million files. An archive not opened for that, or unreadable, gets an
    ``archive-unreadable`` note (the first one not opened only).
    """
    room = [archives.MAX_MEMBERS - len(files)] if room is None else room
    out: list[FileRef] = []
    for ref in files:
        if not archives.is_archive(ref.name):
            out.append(ref)
            continue
        if room[0] <= 0:
            if room[0] == 0:
                notes.append({"kind": "archive-unreadable", "file": ref.real,
                              "detail": f"not opened, nor any archive after it: the submission has more than "
                                        f"{archives.MAX_MEMBERS} files"})
                room[0] = -1
            continue
        try:
            inner = archives.open_member(ref, depth)  # its paths as they are: the report names the real place
        except (archives.ArchiveError, OSError) as error:
            notes.append({"kind": "archive-unreadable", "file": ref.real, "detail": _reason(error, ref)})
            continue
        room[0] = max(room[0] - len(inner.files), 0)
        out.extend(expand([member.under(f"{ref.rel}/{member.rel}", f"{ref.real}/{member.real}")
                           for member in inner.files], depth + 1, notes, room))
    return out


def _reason(error: Exception, ref: FileRef) -> str:
    """Why ``ref`` could not be read, for the student's report: an OSError's reason without the path
    (it names the grader's own machine), anything else as its text with ``ref``'s place on the grader's
    machine given as the submission names it (at most 300 characters)."""
    if isinstance(error, OSError):
        return error.strerror or type(error).__name__
    return str(error).replace(str(ref.origin), ref.real)[:300] if ref.origin else str(error)[:300]


def pick(files: list[FileRef], explicit: bool = False) -> tuple[FileRef | None, list[FileRef]]:
    """The graded file among ``files`` by RULE, and the other candidates (best first)."""
    ranked = [(r, ref) for ref in files if (r := rank(ref, explicit)) is not None]
    if not ranked:
        return None, []
    defs = {id(ref): _definitions(ref) for r, ref in ranked[:MAX_READ_CANDIDATES] if r >= 5}

    def key(item: tuple[int, FileRef]) -> tuple:
        r, ref = item
        return r, -defs.get(id(ref), 0), ref.depth, -_copy_number(ref.name), ref.rel.casefold(), ref.rel
    ranked.sort(key=key)
    return ranked[0][1], [ref for _, ref in ranked[1:]]


def _chosen_note(chosen: FileRef, others: list[FileRef], files: list[FileRef], plain: bool) -> dict | None:
    """The ``chosen-file`` note for ``chosen`` (see :func:`build`), beside the other candidates ``others``
    (best first) among ``files``; None when nothing was left out and ``plain`` (the file needs no naming)."""
    left_out = [ref.real for ref in others] + [ref.real for ref in files if _left_code(ref, chosen)]
    if plain and not left_out:
        return None
    note = {"kind": "chosen-file", "file": chosen.real, "rule": RULE[rank(chosen)], "ignored": left_out[:MAX_LISTED]}
    return {**note, "more": len(left_out) - MAX_LISTED} if len(left_out) > MAX_LISTED else note


def _left_code(ref: FileRef, chosen: FileRef) -> bool:
    """Whether ``ref`` is code the rule never grades (a test file, conftest.py, a file under ``tests/``), to be
    named among the files left out beside ``chosen``; other files (notes.txt, a pdf) are not named there."""
    return (ref is not chosen and not ref.refused and rank(ref) is None
            and ref.name.lower().endswith((".py", ".ipynb", ".py.txt")))


def latest(attempts: list[Attempt]) -> Attempt:
    """The attempt that counts: the latest by parsed time (an attempt without one counts as oldest)."""
    return max(attempts, key=lambda a: (a.when is not None, a.when or 0, a.label)) if len(attempts) > 1 else attempts[0]


def _attempt_records(attempts: list[Attempt], graded: Attempt) -> list[dict]:
    if len(attempts) < 2:
        return []
    ordered = sorted(attempts, key=lambda a: (a.when is not None, a.when or 0, a.label))
    return [{"label": a.label, "submitted": a.when.isoformat() if a.when else None, "graded": a is graded,
             "late": a.late} for a in ordered]


def loaded(name: str, raw: bytes) -> bytes:
    """The bytes the sandbox loads from ``raw``, a graded file named ``name``, as :func:`_source` makes them: a
    notebook's code cells (b"" when it cannot be read, as grading then has no code), an online text's code
    (onlinetext.to_code: its ``<pre>`` blocks when it has them), else ``raw``. For reading a graded file back
    (grade report's similarity)."""
    if name.lower().endswith(".ipynb"):
        try:
            return notebooks.to_python(raw)[0] if len(raw) <= NOTEBOOK_LIMIT else b""
        except (notebooks.NotebookError, TypeError, AttributeError, ValueError, RecursionError, MemoryError):
            return b""
    return onlinetext.to_code(raw)[0] if _ONLINE_TEXT.match(name) else raw


def _source(ref: FileRef, notes: list[dict]) -> tuple[bytes, bytes]:
    """(bytes the sandbox loads, bytes as handed in) for the graded file."""
    lower = ref.name.lower()
    raw = ref.read(NOTEBOOK_LIMIT if lower.endswith(".ipynb") else READ_LIMIT)
    if lower.endswith(".ipynb") and ref.size > NOTEBOOK_LIMIT:  # cut off: its JSON would not parse
        notes.append({"kind": "notebook-unreadable",
                      "detail": f"larger than {NOTEBOOK_LIMIT // 2**20} MiB, mostly cell outputs such as plots: "
                                "clear all outputs, save and hand it in again"})
        return b"", raw
    if lower.endswith(".ipynb"):
        try:
            source, note = notebooks.to_python(raw)
        except notebooks.NotebookError as error:
            notes.append({"kind": "notebook-unreadable", "detail": str(error)})
            return b"", raw
        except (TypeError, AttributeError, ValueError, RecursionError, MemoryError) as error:
            # A shape the reader did not foresee: this student's notebook is unreadable, not the class.
            notes.append({"kind": "notebook-unreadable", "detail": f"not a notebook ({type(error).__name__})"})
            return b"", raw
        notes.append({**note, "file": ref.real})
        return source, raw
    if _ONLINE_TEXT.match(ref.name):
        code, prose_left_out = onlinetext.to_code(raw)
        notes.append({"kind": "online-text", "file": ref.real, **({"prose_left_out": True} if prose_left_out else {})})
        return code, raw
    return raw, raw


def _online_code(ref: FileRef, notes: list[dict]) -> bool:
    """Whether the online text ``ref`` (its ``<pre>`` blocks when it has them: grader.discover.onlinetext.to_code)
    holds Python code (grader.discover.onlinetext.holds_code); when it does not,
    an ``online-text-no-code`` note says so (``file``; ``text``: its visible text on one line, the first 200
    characters). A text that cannot be read counts as code here: :func:`_source` says why."""
    try:
        raw = ref.read(READ_LIMIT)
    except (OSError, archives.ArchiveError):
        return True
    if onlinetext.holds_code(onlinetext.to_code(raw)[0]):
        return True
    text = onlinetext.to_text(raw)
    notes.append({"kind": "online-text-no-code", "file": ref.real,
                  "text": " ".join(text.decode("utf-8", "replace").split())[:200]})
    return False


def build(student: Student, layout: str, *, depth: int = 0, explicit: bool = False) -> Submission:
    """The Submission of ``student``: the latest attempt, its best file by RULE, with notes.

    ``depth`` is how deep in archives the student's files already are; ``explicit`` means the
    user named the file (it is graded whatever its name). Notes: ``chosen-file`` (unless ``explicit``:
    ``file``, ``rule``, ``ignored``: the other candidates, best first, then the code files the rule never
    grades, such as ``test_main.py``; ``more``: how many of those are not listed, when any; written when some
    were left out or the graded file is not the student's own ``main.py`` nor a loose file of a class folder
    that is the student, and no notebook or online-text note names it), ``attempts``, ``late``,
    ``no-code-file`` (nothing to grade: the source is empty, so the status is ``empty``; also when the only
    candidate is online text without code, said in an ``online-text-no-code`` note, which also names online
    text without code beside the graded file, then not among the ``ignored`` of ``chosen-file``), ``file-unreadable``,
    ``archive-unreadable`` (the file, or a zip among the files, could not be read: empty too) and
    ``folder-unreadable`` (``folder``: a folder among the files that could not be listed).
    """
    notes = list(student.notes)
    graded_attempt = latest(student.attempts)
    files = expand(graded_attempt.files, depth, notes)
    chosen, others = pick(files, explicit)
    notes.extend({"kind": "archive-member-refused", "file": ref.real, "size": ref.size} for ref in files if ref.refused)
    notes.extend({"kind": "folder-unreadable", "folder": ref.real.rstrip("/") or os.path.basename(ref.origin),
                  "detail": ref.unlisted} for ref in files if ref.unlisted)
    files = [ref for ref in files if not ref.unlisted]  # said in those notes, not among the files found
    attempts = _attempt_records(student.attempts, graded_attempt)
    if attempts:
        notes.append({"kind": "attempts", "graded": graded_attempt.label, "count": len(attempts),
                      "others": [a["label"] for a in attempts if not a["graded"]]})
    late = graded_attempt.late
    if late:
        notes.append({"kind": "late"})
    if chosen is not None and _ONLINE_TEXT.match(chosen.name) and not _online_code(chosen, notes):
        chosen = None  # a remark such as "zie bijlage" (see attachment): nothing to grade
    if chosen is not None:  # such a remark beside the graded file is no code left out: its note says what it is
        others = [ref for ref in others if not _ONLINE_TEXT.match(ref.name) or _online_code(ref, notes)]
    listed = [ref.real for ref in files if ref is not chosen][:MAX_LISTED]
    if chosen is None:
        notes.append({"kind": "no-code-file", "found": [ref.real for ref in files][:MAX_LISTED]})
        origin = student.origin or (files[0].origin if files else "")
        return Submission(student.id, origin, b"", hashlib.sha256(b"").hexdigest(), notes, student.name, layout,
                          None, listed, attempts, late)
    if chosen.copies > 1:
        notes.append({"kind": "duplicate-member", "file": chosen.real, "count": chosen.copies})
    at = len(notes)  # where the chosen-file note goes, if the notes _source adds do not name the file already
    try:
        source, raw = _source(chosen, notes)
    except archives.ArchiveError as error:
        notes.append({"kind": "archive-unreadable", "file": chosen.real, "detail": _reason(error, chosen)})
        source = raw = b""
    except OSError as error:  # a file on disk that cannot be opened (mode 000, as a zip may unpack it)
        notes.append({"kind": "file-unreadable", "file": chosen.real, "detail": _reason(error, chosen)})
        source = raw = b""
    plain = (chosen.rel == "main.py" or any(note.get("file") == chosen.real for note in notes[at:])  # a notebook's
             or (layout == "folders" and chosen.origin == student.origin))  # anna.py in a class folder: the student
    if not explicit and (note := _chosen_note(chosen, others, files, plain)):
        notes.insert(at, note)
    return Submission(student.id, chosen.origin, source, hashlib.sha256(raw).hexdigest(), notes, student.name,
                      layout, chosen.real, listed, attempts, late)
