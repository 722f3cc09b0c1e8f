"""Gradebooks that the grade imports of Canvas, Brightspace and Moodle accept, rendered from results.json."""

from __future__ import annotations

import datetime
import unicodedata
from pathlib import Path
from typing import Callable, Iterator

from grader.reports.files import atomic_stream
from grader.reports.gradebook import csv_text, identifier, neutralise, write_csv
from grader.results import renamed

PLATFORMS = ("canvas", "brightspace", "moodle")
# The grade column's name when the instructor names no assignment (--assignment).
DEFAULT_ASSIGNMENT = "Checkpoints 01.02"

# Where an LMS identifier may stand in a submission result: in its ``lms`` object (written
# by discovery from an LMS export) or at the top level; the first key found wins.
_KEYS = {
    "user_id": ("user_id", "canvas_user_id", "lms_id"),
    "sis_user_id": ("sis_user_id", "sis_id"),
    "login": ("sis_login_id", "login_id", "login"),
    "username": ("username", "user_name"),
    "org_defined_id": ("org_defined_id", "orgdefinedid"),
    "email": ("email",),
    "idnumber": ("idnumber", "id_number"),
    "section": ("section",),
}


def nfc(text: object) -> str:
    """Text in Unicode NFC (a name typed on a Mac may arrive decomposed)."""
    return unicodedata.normalize("NFC", str(text))


def identity(result: dict) -> dict:
    """A submission's identifiers for an LMS: ``id``, ``name``, ``own`` and every key of _KEYS (``""`` when unknown).

    Optional fields are read defensively: ``name``/``display_name`` and an ``lms`` object
    (or top-level keys) with the platform's ids. ``own`` is the id the source gave (an LMS export's user or
    participant id), also when the intake renamed it to keep it apart from another (``101-2``, ``José-2``: a
    name no LMS knows); ``renamed`` whether it did; ``anonymous`` whether ``own`` is the anonymous id of a Canvas
    export made under anonymous grading (``anon_<id>``: no gradebook import knows it). All text is NFC.
    """
    lms = result.get("lms") if isinstance(result.get("lms"), dict) else {}
    real = renamed(result)
    found = {"id": nfc(result["id"]), "own": nfc(result["id"] if real is None else real), "renamed": real is not None}
    found["anonymous"] = result.get("layout") == "canvas" and found["own"].startswith("anon_")
    name = result.get("name") or result.get("display_name") or ""
    found["name"] = nfc(name) if isinstance(name, str) else ""
    for field, keys in _KEYS.items():
        value = next((source[key] for key in keys for source in (lms, result)
                      if isinstance(source.get(key), (str, int)) and str(source.get(key)).strip()), "")
        found[field] = nfc(value).strip()
    return found


def _fallback(who: dict) -> str:
    """The submission id where no LMS id is known (a folder named by login or username), but not one the intake
    renamed, nor a Canvas anonymous id: left empty, the import flags the row (:func:`unmatched`) instead of matching
    no one, or another."""
    return "" if who["renamed"] or who["anonymous"] else who["id"]


Table = tuple[list[str], Iterator[list[object]]]
# The columns of each platform's rows by which its import finds the student.
_MATCHED_BY = {"canvas": (1, 2, 3), "brightspace": (0, 1), "moodle": (0, 2, 3, 4)}


def _guarded(platform: str, cells: tuple[object, ...]) -> list[object]:
    """A row of ``platform``'s gradebook made safe to open in a spreadsheet: its identifier cells (_MATCHED_BY) as
    grader.reports.gradebook.identifier keeps them, so the import finds ``-min`` as the LMS has it, every other cell
    (a name, a section) neutralised."""
    return [identifier(cell) if column in _MATCHED_BY[platform] else neutralise(cell) for column, cell in enumerate(cells)]


def _once(submissions: list[dict], rows: Callable[[], Iterator[list[object]]],
          columns: tuple[int, ...]) -> Iterator[list[object]]:
    """The rows ``rows()`` makes for ``submissions`` (one each), with no identifier in ``columns`` on two of them.

    Two submissions of one LMS user (``101`` and ``101-2`` from two exports) would otherwise both carry it, and the
    import would give that student both grades, the later one silently winning. An identifier stays on the first row
    of a submission the intake did not rename (its id is the one its source gave; the intake renames the one it meets
    later), else on the first row; every other row that carries one it does not keep has all of ``columns`` emptied,
    so the import flags it (:func:`unmatched`) instead of grading a student twice. ``rows`` is called twice: the rows
    are made one at a time, only the identifiers are held.
    """
    keeper: dict[tuple[int, object], tuple[int, bool]] = {}  # (column, identifier) -> (row, made by the source)
    for index, (result, row) in enumerate(zip(submissions, rows())):
        original = renamed(result) is None
        for key in ((column, row[column]) for column in columns if row[column]):
            if key not in keeper or (original and not keeper[key][1]):
                keeper[key] = (index, original)
    for index, row in enumerate(rows()):
        if any(row[column] and keeper[column, row[column]][0] != index for column in columns):
            row = ["" if column in columns else cell for column, cell in enumerate(row)]
        yield row


def canvas(document: dict, assignment: str) -> Table:
    """A Canvas gradebook import (Grades > Import): Student, ID, SIS User ID, SIS Login ID, Section, the assignment.

    Canvas matches a row by its ID (the numeric Canvas user id), else by SIS User ID or SIS
    Login ID. The assignment column is named ``assignment``: write ``Name (123)`` with the
    Canvas assignment id to fill an existing assignment, a new name creates one. A
    ``Points Possible`` row gives the maximum. UTF-8 with a BOM, as Canvas exports it.
    Out (as for every platform here): the header and the rows, made one at a time.
    """
    header = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", nfc(assignment)]
    submissions = document["submissions"]
    most = max([s.get("max_score", 3) for s in submissions] + [0]) or 3

    def rows() -> Iterator[list[object]]:
        for result in submissions:
            who = identity(result)
            # A submission id is a Canvas user id only in a Canvas export (a Moodle participant id is not).
            user_id = who["user_id"] or (who["own"] if result.get("layout") == "canvas" and who["own"].isdigit() else "")
            login = who["login"] or who["username"] or ("" if user_id or who["sis_user_id"] else _fallback(who))
            yield _guarded("canvas", (who["name"] or who["id"], user_id, who["sis_user_id"], login, who["section"],
                                      result["score"]))

    def table() -> Iterator[list[object]]:
        yield ["    Points Possible", "", "", "", "", most]
        yield from _once(submissions, rows, _MATCHED_BY["canvas"])
    return header, table()


def brightspace(document: dict, assignment: str) -> Table:
    """A Brightspace (D2L) grades import: OrgDefinedId, Username, ``<item> Points Grade``, End-of-Line Indicator.

    Brightspace needs an OrgDefinedId or a Username (first and second column); when the
    results carry neither, the submission id stands as the Username. No other user columns
    (the import refuses names and e-mail). Every row ends with ``#``.
    """
    def rows() -> Iterator[list[object]]:
        for result in document["submissions"]:
            who = identity(result)
            username = who["username"] or ("" if who["org_defined_id"] else _fallback(who))
            yield _guarded("brightspace", (who["org_defined_id"], username, result["score"], "#"))
    return (["OrgDefinedId", "Username", f"{nfc(assignment)} Points Grade", "End-of-Line Indicator"],
            _once(document["submissions"], rows, _MATCHED_BY["brightspace"]))


def moodle(document: dict, assignment: str) -> Table:
    """A Moodle grade file for both of Moodle's imports: the assignment's "Upload grading worksheet" and
    Grades > Import > CSV file.

    The worksheet upload (assignfeedback_offline) finds its columns by their English names:
    ``Identifier`` (``Participant <id>``: a Moodle export names each student by participant id),
    ``Grade`` and ``Last modified (grade)`` (the run's time). The CSV import maps one user column
    chosen on import (email address, ID number or username) and the Grade column to a grade item.
    Columns: Identifier (empty unless the submission came from a Moodle export), Full name, Email
    address, ID number, Username (the submission id when the results carry no username, unless
    it is a Moodle participant id), Grade, Last modified (grade). ``assignment`` is chosen on
    import in Moodle, so it names no column here. Moodle strips the BOM.
    """
    modified = _moodle_time(document.get("created"))

    def rows() -> Iterator[list[object]]:
        for result in document["submissions"]:
            who = identity(result)
            exported = result.get("layout") == "moodle" and who["own"].isdigit()
            participant = f"Participant {who['own']}" if exported else ""
            username = who["username"] or ("" if exported else _fallback(who))
            yield _guarded("moodle", (participant, who["name"], who["email"], who["idnumber"], username, result["score"],
                                      modified))
    return (["Identifier", "Full name", "Email address", "ID number", "Username", "Grade", "Last modified (grade)"],
            _once(document["submissions"], rows, _MATCHED_BY["moodle"]))


def _moodle_time(created: object) -> str:
    """results.json's ``created`` (ISO 8601) as PHP's strtotime reads it (``2026-11-30 16:20:00 UTC``); "" if unknown."""
    try:
        moment = datetime.datetime.fromisoformat(str(created)).astimezone(datetime.timezone.utc)
    except ValueError:
        return ""
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")


TABLES = {"canvas": canvas, "brightspace": brightspace, "moodle": moodle}


def unmatched(platform: str, document: dict) -> list[str]:
    """The ids of the submissions whose row in ``platform``'s gradebook has no identifier its import can match
    (renamed at intake, with no LMS id from the source; a Canvas anonymous id; or one of a student another row
    already carries:
    :func:`_once`): the import flags those rows."""
    rows = TABLES[platform](document, DEFAULT_ASSIGNMENT)[1]
    if platform == "canvas":
        next(rows)  # the Points Possible row
    return [result["id"] for result, row in zip(document["submissions"], rows)
            if not any(row[column] for column in _MATCHED_BY[platform])]


def render(platform: str, document: dict, assignment: str = DEFAULT_ASSIGNMENT) -> str:
    """The whole CSV text of ``platform``'s gradebook (UTF-8 with a BOM, CRLF line ends)."""
    return csv_text(*TABLES[platform](document, assignment))


def write(document: dict, out: Path, platform: str, assignment: str = DEFAULT_ASSIGNMENT) -> Path:
    """Write ``out/gradebook-<platform>.csv`` for ``platform`` (one of PLATFORMS); returns the path."""
    if platform not in TABLES:
        raise ValueError(f"unknown gradebook platform {platform!r}; choose from {', '.join(PLATFORMS)}")
    path = out / f"gradebook-{platform}.csv"
    with atomic_stream(path) as stream:  # row by row: a large class's gradebook is never held whole
        write_csv(stream, *TABLES[platform](document, assignment))
    return path
