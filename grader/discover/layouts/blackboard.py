"""Blackboard Learn "Assignment File Download": ``<Assignment>_<username>_attempt_<time>_<file>``.

Each attempt of each student gives one file per uploaded file,
``<Assignment Name>_<username>_attempt_<YYYY-MM-DD-HH-MM-SS>_<original file name>``, and a
receipt ``<Assignment Name>_<username>_attempt_<YYYY-MM-DD-HH-MM-SS>.txt`` whose first line is
``Name: <Full Name> (<username>)``. Assignment names and user names may both contain ``_``:
the user name is taken from the receipt, else after the assignment name all entries share,
else after the last ``_``. The latest attempt counts.

An entry is cut at its first ``_attempt_<time>``: what follows is the student's own file name,
which may itself look like a receipt (``notes_attempt_2020-01-01-01-01-01.txt``) and is never
read as one. A receipt is read line by line, in time linear in its size.
"""

from __future__ import annotations

import datetime
import os
import re

from grader.discover.archives import ArchiveError
from grader.discover.files import FileRef, Tree
from grader.discover.model import Attempt, Student, nfc

NAME = "blackboard"

# The prefix is the shortest one: the first ``_attempt_<time>`` is Blackboard's, later ones the student's.
_ENTRY = re.compile(r"^(?P<prefix>.+?)_attempt_(?P<time>\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2})"
                    r"(?:_(?P<file>.+)|(?P<receipt>\.txt))\Z", re.DOTALL)
# Receipts are small; only their beginning is read.
RECEIPT_LIMIT = 64 * 1024


def parse(entry: str) -> dict | None:
    """The parts of a Blackboard entry (``prefix``, ``time``, ``file`` or ``receipt``), or None."""
    found = _ENTRY.match(entry)
    return found.groupdict() if found and "/" not in entry else None


def claims(tree: Tree) -> int:
    """How many top-level files of ``tree`` are Blackboard attempt files or receipts."""
    return sum(1 for entry, refs in tree.top().items() if refs[0].rel == entry and parse(entry))


def _receipt(ref: FileRef) -> tuple[str, str] | None:
    """(full name, user name) from the first ``Name: <full name> (<user name>)`` line of the receipt
    ``ref`` (its first RECEIPT_LIMIT bytes), or None when there is none or it cannot be read."""
    try:
        data = ref.read(RECEIPT_LIMIT)[:RECEIPT_LIMIT]
    except (OSError, ArchiveError):
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    for line in text.splitlines():
        # "Name: <full name> (<user name>)": the user name is inside the last brackets.
        line = line.strip()
        if not line.startswith("Name:") or not line.endswith(")"):
            continue
        name, bracket, user = line[len("Name:"):-1].rpartition("(")
        if bracket and user.strip() and ")" not in user:
            return nfc(name.strip()), nfc(user.strip())
    return None


def _assignment(prefixes: set[str]) -> str | None:
    """The assignment name all prefixes share (up to their common last ``_``), or None."""
    if len(prefixes) < 2:
        return None
    common = os.path.commonprefix(sorted(prefixes))
    return common[: common.rfind("_")] if "_" in common else None


def students(tree: Tree) -> list[Student]:
    """One Student per user name, one Attempt per attempt time; the receipts give names.

    The id is the Blackboard user name; the display name the receipt's full name (NFC), or
    the user name when there is no receipt.
    """
    entries = [(parse(entry), refs[0]) for entry, refs in tree.top().items() if refs[0].rel == entry]
    entries = [(parts, ref) for parts, ref in entries if parts]
    names: dict[str, tuple[str, str]] = {}
    for parts, ref in entries:
        if parts["receipt"] and (found := _receipt(ref)) and parts["prefix"].endswith("_" + found[1]):
            names[parts["prefix"]] = found
    assignment = _assignment({parts["prefix"] for parts, _ in entries})
    found_students: dict[str, Student] = {}
    attempts: dict[tuple[str, str], Attempt] = {}
    for parts, ref in entries:
        prefix = parts["prefix"]
        if prefix in names:
            full_name, user = names[prefix]
        elif assignment and prefix.startswith(assignment + "_") and len(prefix) > len(assignment) + 1:
            full_name, user = None, prefix[len(assignment) + 1:]
        else:
            full_name, user = None, prefix.rsplit("_", 1)[-1]
        student = found_students.setdefault(user, Student(user, full_name or user, [], origin=ref.origin))
        if full_name:
            student.name = full_name
        key = (user, parts["time"])
        if key not in attempts:
            moment = _moment(parts["time"])
            label = moment.strftime("%Y-%m-%d %H:%M:%S") if moment else parts["time"]
            attempts[key] = Attempt([], when=moment, label=label)
            student.attempts.append(attempts[key])
        if parts["file"]:
            attempts[key].files.append(ref.under(parts["file"]))
    return sorted(found_students.values(), key=lambda s: ((s.name or "").casefold(), s.id))


def _moment(text: str) -> datetime.datetime | None:
    """The attempt time of ``YYYY-MM-DD-HH-MM-SS``, or None when it is no real moment (a 30 February)."""
    try:
        return datetime.datetime.strptime(text, "%Y-%m-%d-%H-%M-%S")
    except ValueError:
        return None
