"""Moodle "Download all submissions": ``<Full Name>_<participant id>_assignsubmission_<plugin>``.

The prefix is the full name with ``_`` turned into spaces, then ``_<participant id>``
(``Participant`` instead of the name under blind marking; ``<group name>_<group id>`` for team
submissions since Moodle 4.1, ``<group>-<Full Name>_<id>`` before; ``Default group`` without
an id), then ``_assignsubmission_file`` or ``_assignsubmission_onlinetext`` (mod/assign:
locallib.php download_submissions, classes/downloader.php). Variants:

- folders, Moodle >= 4.1: ``Anouk Jansen_1234567_assignsubmission_file/main.py``;
- folders, Moodle 3.1-4.0: ``Anouk Jansen_1234567_assignsubmission_file_/main.py``;
- flat (before 3.1, or "download submissions in folders" off):
  ``Anouk Jansen_1234567_assignsubmission_file_main.py``.

Online text is ``onlinetext.html`` in its own folder (or ``..._onlinetext_onlinetext.html``).
The export holds only each student's latest submission.
"""

from __future__ import annotations

import re

from grader.discover.files import Tree
from grader.discover.model import Attempt, Student, nfc, slug

NAME = "moodle"
# What Moodle writes instead of the name under blind marking (en, nl, de); the id is appended.
BLIND_NAMES = ("participant", "deelnemer", "teilnehmer/in")

_ENTRY = re.compile(r"^(?P<name>[^_/]+?)(?:_(?P<pid>\d+))?_assignsubmission_(?P<plugin>[a-z]+)(?:_(?P<rest>.*))?$")


def parse(entry: str) -> dict | None:
    """The parts of a Moodle export entry (``name``, ``pid``, ``plugin``, ``rest``), or None."""
    found = _ENTRY.match(entry)
    return found.groupdict() if found else None


def student_folder(name: str, parent: str) -> bool:
    """Whether a folder named ``name`` (inside one named ``parent``) is a Moodle submission folder."""
    return parse(name) is not None


def claims(tree: Tree) -> int:
    """How many top-level entries of ``tree`` are Moodle submission folders or files."""
    return sum(1 for entry in tree.top() if parse(entry))


def students(tree: Tree) -> list[Student]:
    """One Student per participant (or team): the files of all their plugins together.

    The id is Moodle's participant id (the team's group id for a team; a slug of the name
    when there is no id, as for ``Default group``); the display name the full name, NFC,
    exactly as Moodle wrote it (particles such as "van der" stay where they are).
    """
    found: dict[tuple[str, str | None], Student] = {}
    for entry, refs in tree.top().items():
        parts = parse(entry)
        if parts is None:
            continue
        name = nfc(parts["name"].strip())
        key = (name, parts["pid"])
        student = found.setdefault(key, Student(parts["pid"] or slug(name), name, [Attempt([], label="latest")],
                                                origin=refs[0].origin.rsplit("/", max(refs[0].rel.count("/"), 0))[0]))
        for ref in refs:
            if ref.rel == entry:  # flat: the file name follows the prefix
                own = parts["rest"] or ref.name
            else:  # a folder per student and plugin
                own = ref.rel.split("/", 1)[1]
            student.attempts[0].files.append(ref.under(own))
        if parts["name"].strip().lower() in BLIND_NAMES:
            student.name = f"{name} {parts['pid']}" if parts["pid"] else name  # blind marking
    return sorted(found.values(), key=lambda s: ((s.name or "").casefold(), s.id))
