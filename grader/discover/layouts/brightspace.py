"""Brightspace (D2L) "Download": a zip with ``index.html`` and one entry per file of each submission.

Each entry is ``<id>-<id> - <Full Name> - <Mon D, YYYY H:MM AM> - <file>`` (the time with or
without its colon, ``1205 PM``: a colon is not allowed in Windows file names), or the same
without ``- <file>`` as a folder holding the files. A student who submitted several times
has one entry (or folder) per submission; the latest counts, by the parsed date and time
(``12:05 PM`` is later than ``9:05 AM``), never by the order of the names. The export has
no user id; the number pair identifies the submission, not the student.
"""

from __future__ import annotations

import datetime
import re

from grader.discover.files import Tree
from grader.discover.model import Attempt, Student, nfc, slug

NAME = "brightspace"

MONTHS = {name: number for number, names in enumerate(
    [("jan",), ("feb",), ("mar", "mrt"), ("apr",), ("may", "mei"), ("jun",), ("jul",), ("aug",),
     ("sep", "sept"), ("oct", "okt"), ("nov",), ("dec",)], 1) for name in names}

_WHEN = (r"(?P<date>(?P<mon>[A-Za-z]{3,4})\.? (?P<day>\d{1,2}), (?P<year>\d{4}) "
         r"(?P<hour>\d{1,2}):?(?P<minute>\d{2}) (?P<ampm>[AaPp][Mm]))")
_ENTRY = re.compile(r"^(?P<sub>\d+-\d+) - (?P<name>.+?) - " + _WHEN + r"(?: - (?P<file>.+))?$")


def when(parts: dict) -> datetime.datetime | None:
    """The submission time of a parsed entry (12-hour clock: 12 AM is 00, 12 PM is 12), or None."""
    month = MONTHS.get(parts["mon"].lower())
    hour, minute = int(parts["hour"]), int(parts["minute"])
    if month is None or not 1 <= hour <= 12:
        return None
    hour = hour % 12 + (12 if parts["ampm"].upper() == "PM" else 0)
    try:
        return datetime.datetime(int(parts["year"]), month, int(parts["day"]), hour, minute)
    except ValueError:
        return None


def parse(entry: str) -> dict | None:
    """The parts of a Brightspace entry (``sub``, ``name``, date parts, ``file``), or None."""
    found = _ENTRY.match(entry)
    return found.groupdict() if found else None


def student_folder(name: str, parent: str) -> bool:
    """Whether a folder named ``name`` (inside one named ``parent``) is a Brightspace submission folder."""
    parts = parse(name)
    return parts is not None and parts["file"] is None


def claims(tree: Tree) -> int:
    """How many top-level entries are Brightspace submissions (``index.html`` counts too)."""
    groups = tree.top()
    count = sum(1 for entry in groups if parse(entry))
    return count + (1 if count and "index.html" in groups else 0)


def students(tree: Tree) -> list[Student]:
    """One Student per full name, one Attempt per submission (number pair and time).

    The id is a slug of the name (``Daan van der Berg`` -> ``daan-van-der-berg``; the export
    has no user id); the display name the name as written, NFC. Attempt labels are the
    times as Brightspace wrote them.
    """
    found: dict[str, Student] = {}
    attempts: dict[tuple[str, str, str], Attempt] = {}
    for entry, refs in tree.top().items():
        parts = parse(entry)
        if parts is None:
            continue
        name = nfc(parts["name"].strip())
        student = found.setdefault(name.casefold(), Student(slug(name), name, [], origin=refs[0].origin))
        key = (name.casefold(), parts["sub"], parts["date"])
        if key not in attempts:
            attempts[key] = Attempt([], when=when(parts), label=f"{parts['date']} ({parts['sub']})")
            student.attempts.append(attempts[key])
        for ref in refs:
            own = parts["file"] if ref.rel == entry and parts["file"] else ref.rel.split("/", 1)[-1]
            attempts[key].files.append(ref.under(own))
    return sorted(found.values(), key=lambda s: ((s.name or "").casefold(), s.id))
