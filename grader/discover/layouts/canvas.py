"""Canvas "Download Submissions": one flat folder of ``<name>_[LATE_]<user id>_<file id>_<file>``.

Canvas builds each name as ``[sortable name lowercased, non-word characters removed, "LATE"
when late, user id]`` joined by ``_`` (``anon_<anonymous id>`` instead of name and id under
anonymous grading), then ``_<attachment id>_<file name>`` per uploaded file,
``_text.html`` for an online text entry and ``_link.html`` for a URL (instructure/canvas-lms,
lib/content_zipper.rb: get_filename, add_upload_submission, add_text_or_url). A file a student
uploaded again under the same name was renamed ``main-1.py``, ``main-2.py`` by Canvas
(Attachment.make_unique_filename); the export holds only each student's latest submission.
"""

from __future__ import annotations

import re

from grader.discover.files import Tree
from grader.discover.model import Attempt, Student, nfc

NAME = "canvas"

_ENTRY = re.compile(
    r"^(?:(?P<name>[^/]*?)_)??(?:(?P<late>LATE)_)?(?:(?P<uid>\d+)|anon_(?P<anon>[A-Za-z0-9]+))"
    r"_(?:(?P<att>\d+)_(?P<file>.+)|(?P<kind>text|link)\.html)$",
    re.IGNORECASE,
)


def parse(entry: str) -> dict | None:
    """The parts of a Canvas export file name (``name``, ``late``, ``uid``/``anon``, ``att``,
    ``file`` or ``kind``), or None when it is not one."""
    found = _ENTRY.match(entry)
    if not found or "/" in entry:
        return None
    parts = found.groupdict()
    if (parts["anon"] or "").upper() == "LATE":  # anon_LATE_<id>_...: Canvas writes LATE_anon_<id>, never this
        return None
    if parts["late"] is None and parts["name"] and parts["name"].upper().endswith("_LATE"):
        parts["name"], parts["late"] = parts["name"][:-5], "LATE"
    return parts


def claims(tree: Tree) -> int:
    """How many top-level entries of ``tree`` are Canvas export files."""
    return sum(1 for entry, refs in tree.top().items() if refs[0].rel == entry and parse(entry))


def students(tree: Tree) -> list[Student]:
    """One Student per user id (or anonymous id): the files of their latest submission.

    The id is the Canvas user id (``anon_<id>`` when anonymous), the display name the
    export's joined lowercase name (``jansenanouk``: Canvas keeps no spaces), ``late``
    from the ``LATE`` marker. Online text becomes ``text.html``; a URL entry ``link.html``.
    """
    found: dict[str, Student] = {}
    for entry, refs in tree.top().items():
        parts = parse(entry) if refs[0].rel == entry else None
        if parts is None:
            continue
        student_id = parts["uid"] or f"anon_{parts['anon']}"
        name = nfc(parts["name"]) if parts["name"] else None
        student = found.setdefault(student_id, Student(student_id, name, [Attempt([], label="latest")],
                                                       origin=refs[0].origin))
        own = parts["file"] if parts["file"] else f"{parts['kind'].lower()}.html"
        student.attempts[0].files.append(refs[0].under(own))
        student.attempts[0].late = student.attempts[0].late or bool(parts["late"])
    return sorted(found.values(), key=lambda s: ((s.name or "").casefold(), s.id))
