"""The plain data of discovery: submissions, students and attempts, ids and safe file names."""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import re
import sys
import unicodedata
from typing import Iterator, Mapping, Sequence

from grader.discover.files import FileRef
from grader.errors import BilingualError
from grader.invisible import escape
from grader.spill import Spill, SpilledList
from grader.values import scrub


class UsageError(BilingualError):
    """A path the user gave cannot be graded (does not exist, holds no submissions, bad archive)."""


@dataclasses.dataclass
class Submission:
    """One student's graded file, as the rest of the grader sees it.

    ``id`` is unique in a run (an LMS user id where the export has one), ``path`` is where
    the graded file lives (``export.zip!/member`` inside an archive), ``source`` the bytes the
    sandbox loads (a notebook's code cells, joined), ``sha256`` the hash of the file as handed
    in. ``name`` is the display name (NFC), ``layout`` the export layout it came from,
    ``graded_file`` the file's own name inside the submission (as it is named there, also when the id had to
    change: see grader.discover.files.FileRef.real), ``ignored_files`` the other
    files there, ``attempts`` every attempt found (``label``, ``submitted`` ISO time or None,
    ``graded``), ``late`` the LMS's late marker. ``notes`` reach ``load.notes`` of results.json.
    The source is kept in a temporary file (grader.spill), not in memory: reading
    ``source`` reads it back.
    """

    id: str
    path: str
    source: bytes
    sha256: str
    notes: list[dict] = dataclasses.field(default_factory=list)
    name: str | None = None
    layout: str = "file"
    graded_file: str | None = None
    ignored_files: list[str] = dataclasses.field(default_factory=list)
    attempts: list[dict] = dataclasses.field(default_factory=list)
    late: bool = False

    def __post_init__(self) -> None:
        # A file name that is not UTF-8 arrives with lone surrogates (surrogateescape): its bytes are read as
        # Windows-1252 (readable_name); any other lone surrogate is kept as an escape (the outputs write UTF-8).
        self.id, self.path, self.name, self.graded_file = scrub(readable_name(
            [self.id, self.path, self.name, self.graded_file]))
        self.notes, self.ignored_files, self.attempts = scrub(readable_name(
            [self.notes, self.ignored_files, self.attempts]))


# Every submission's source, out of memory (grader.spill).
SOURCES = Spill()


def fields(submission: Submission) -> dict:
    """``submission`` as JSON data, its source as its place in SOURCES (see :func:`restore`).

    Raises ``OSError`` when the source is not in the spill (the temporary folder was not writable).
    """
    place = submission._source
    if isinstance(place, bytes) and place:
        raise OSError("the source is not in the spill")
    return {**vars(submission), "_source": place or None}


def restore(data: dict) -> Submission:
    """The Submission that :func:`fields` gave ``data`` of (in this process or a forked one sharing SOURCES)."""
    submission = Submission.__new__(Submission)
    # Field by field, in __init__'s order and under the class's own names: the instances then share
    # one key table, as those made by __init__ do (a dict per instance would double their size).
    for field in dataclasses.fields(Submission):
        if field.name == "source":
            submission._source = data["_source"] or b""
        else:
            setattr(submission, field.name, data[field.name])
    submission.layout = sys.intern(submission.layout)
    return submission


def _get_source(submission: Submission) -> bytes:
    return SOURCES.get(submission._source)


def _set_source(submission: Submission, data: bytes) -> None:
    submission._source = SOURCES.put(bytes(data))


# After the dataclass is made, so that its __init__, __eq__ and __repr__ go through the spill.
Submission.source = property(_get_source, _set_source, doc="The bytes the sandbox loads (read from the spill).")


class SubmissionList(SpilledList):
    """Submissions kept in SOURCES (as :func:`fields` gives them), each rebuilt when it is asked for.

    A class of 10,000 then costs the grader's process one int per submission. Every access
    makes a new Submission object: change one and the change is not kept.
    """

    def __init__(self, places: list[int]) -> None:
        super().__init__(SOURCES, places, restore)


class Sources(Mapping[str, bytes]):
    """The sources of ``submissions`` (a list or a SubmissionList) by id, each read when it is asked for.

    The index by id is made on first use (in the process that compares them: grader.reports).
    """

    def __init__(self, submissions: Sequence[Submission]) -> None:
        self.submissions = submissions
        self._index: dict[str, int] | None = None

    @property
    def index(self) -> dict[str, int]:
        if self._index is None:
            self._index = {submission.id: number for number, submission in enumerate(self.submissions)}
        return self._index

    def __getitem__(self, key: str) -> bytes:
        return self.submissions[self.index[key]].source

    def __iter__(self) -> Iterator[str]:
        return iter(self.index)

    def __len__(self) -> int:
        return len(self.submissions)


@dataclasses.dataclass
class Attempt:
    """One hand-in of a student: its files (``rel`` = the student's own file names), when, late."""

    files: list[FileRef]
    when: datetime.datetime | None = None
    label: str = ""
    late: bool = False


@dataclasses.dataclass
class Student:
    """A student (or team) found by a layout: id, display name, attempts and layout notes."""

    id: str
    name: str | None
    attempts: list[Attempt]
    origin: str = ""
    notes: list[dict] = dataclasses.field(default_factory=list)


def renamed(student_id: str, real_id: str) -> list[dict]:
    """A student's notes about its id: a ``renamed-id`` note when its entry had to be renamed to keep it apart
    from another (``José-2``: two names equal after Unicode normalisation) and ``real_id`` is the id its real
    name gives; else none."""
    return [] if student_id == real_id else [{"kind": "renamed-id", "from": real_id}]


# The lone surrogates surrogateescape puts for the bytes 0x80-0xFF of a name that is not UTF-8.
_NAME_BYTES = re.compile("[\udc80-\udcff]+")


def _windows_1252(found: re.Match) -> str:
    def char(byte: int) -> str:
        try:
            return bytes([byte]).decode("cp1252")
        except UnicodeDecodeError:  # 0x81, 0x8D, 0x8F, 0x90, 0x9D: Latin-1's control characters (escaped in ids)
            return chr(byte)
    return "".join(char(ord(surrogate) - 0xDC00) for surrogate in found.group())


def readable_name(value: object) -> object:
    """``value`` (a string, or lists and dicts of them) with every byte of a name that was not UTF-8 read as
    Windows-1252, the legacy encoding of most such names (Latin-1 where Windows-1252 has no character):
    ``latin\\udce9`` (``latin\\xe9`` on disk) -> ``latiné``. The same bytes give the same text in every run."""
    if isinstance(value, str):
        return _NAME_BYTES.sub(_windows_1252, value)
    if isinstance(value, dict):
        return {readable_name(key): readable_name(item) for key, item in value.items()}
    if isinstance(value, list):
        return [readable_name(item) for item in value]
    return value


def nfc(text: str) -> str:
    """``text`` in Unicode NFC (macOS writes names decomposed, NFD)."""
    return unicodedata.normalize("NFC", text)


def slug(text: str) -> str:
    """A readable id from a name: lowercase, accents dropped, each run of other characters one ``-``
    (``Daan van der Berg`` -> ``daan-van-der-berg``, ``Zoë`` -> ``zoe``); letters of other scripts stay
    (``李雷``, ``иван``), so two such names are two ids whatever else is in the class. Never empty."""
    bare = "".join(char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char))
    return nfc(re.sub(r"[\W_]+", "-", bare.lower()).strip("-")) or "student"


# Control characters (an escape sequence, a line end) in a folder's name: never part of an id.
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f]")


def unique(submissions: list[Submission]) -> list[Submission]:
    """Give repeated ids a ``-2``, ``-3``... suffix so results never merge two students; control characters in an
    id (``carl\x1b[31m``, from a folder's name) become escapes first, as every output would show them.

    An id whose report file name (:func:`safe_name`) an earlier one already has (two short hashes
    that agree) is renamed the same way, so no two students share a report. Each renamed
    submission gets a ``renamed-id`` note. In: the submissions, changed in place; out: the same list.
    """
    for submission in submissions:  # a folder's name may hold an escape sequence: the gradebook CSV would run it
        shown = _CONTROLS.sub(escape, submission.id)
        if shown != submission.id:
            submission.notes.append({"kind": "renamed-id", "from": submission.id})
            submission.id = shown
    taken = {submission.id for submission in submissions}
    names = {safe_name(student_id) for student_id in taken}
    seen: set[str] = set()
    counts: dict[str, int] = {}
    for submission in submissions:
        base = submission.id
        counts[base] = counts.get(base, 0) + 1
        if counts[base] > 1 or safe_name(base) in seen:
            number = max(counts[base], 2)
            while f"{base}-{number}" in taken or safe_name(f"{base}-{number}") in names:
                number += 1
            counts[base] = number
            submission.id = f"{base}-{number}"
            taken.add(submission.id)
            names.add(safe_name(submission.id))
            submission.notes.append({"kind": "renamed-id", "from": base})
        seen.add(safe_name(submission.id))
    return submissions


# Names Windows refuses for files, whatever the extension (its naming rules list COM0 and LPT0 too; COM¹ and
# the like become com1 in safe_name).
WINDOWS_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


# The end of a name that had to change: ``-`` and the first 8 hex digits of the id's sha256.
_HASHED = re.compile(r"-[0-9a-f]{8}\Z")


def safe_name(student_id: str) -> str:
    """A file-name-safe form of an id: lowercase ASCII letters, digits, ``-_.``, never a path, never
    beginning with ``-``, ``.`` or ``_``.

    In: any id. Out: the id itself when it is such a name already (at most 80 characters, not a
    Windows device name, with or without an extension); else a readable form of it plus ``-`` and
    a short hash of the id (``ABC`` -> ``abc-b5d4045c``). An id that ends like such a hash is hashed too, so an id can
    never take another's name: distinct ids share a name only when their 8-digit hashes agree
    (:func:`unique` renames such an id). Names stay the same from run to run, and never differ
    only in case (file systems that ignore case).
    """
    # Accents dropped first (NFKD): "Émile" reads as "emile", not "mile".
    readable = unicodedata.normalize("NFKD", student_id).encode("ascii", "ignore").decode("ascii")
    # Never a hidden file, nor one a shell reads as an option (``-min.html``).
    cleaned = re.sub(r"[^a-z0-9._-]+", "_", readable.lower()).lstrip("._-").rstrip("._") or "submission"
    if cleaned.split(".")[0] in WINDOWS_RESERVED:  # Windows reads nul.txt.html as the device NUL too
        cleaned = cleaned.replace(".", "_", 1)
    if (cleaned == student_id and len(cleaned) <= 80 and cleaned not in WINDOWS_RESERVED
            and not _HASHED.search(cleaned)):
        return cleaned
    return cleaned[:80] + "-" + hashlib.sha256(student_id.encode("utf-8", "surrogatepass")).hexdigest()[:8]
