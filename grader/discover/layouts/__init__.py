"""The export layouts discovery knows, one module each, and how the one at hand is recognised."""

from __future__ import annotations

from types import ModuleType

from grader.discover.files import Tree
from grader.discover.layouts import blackboard, brightspace, canvas, classroom, folders, moodle

# Export layouts, in the order they are tried; plain folders are the fallback.
EXPORTS: dict[str, ModuleType] = {module.NAME: module
                                  for module in (moodle, canvas, brightspace, blackboard, classroom)}
LAYOUTS: dict[str, ModuleType] = {**EXPORTS, folders.NAME: folders}
# An export layout is recognised when at least this share of the top-level entries is its.
MIN_SHARE = 0.5
# Entries an export may hold beside the submissions (they do not count against a layout).
EXTRAS = {"index.html", "readme.txt", "readme.md", "grades.csv"}


def student_folder(name: str, parent: str) -> bool:
    """Whether an export layout names a student's folder so (``Anouk Jansen_1234567_assignsubmission_file``
    for Moodle; ``ticket-anouk`` in ``ticket-submissions`` for GitHub Classroom; a Brightspace folder):
    such a folder is the export's entry, never a wrapper to drop, even as the export's only one."""
    return any(module.student_folder(name, parent) for module in EXPORTS.values() if hasattr(module, "student_folder"))


def detect(tree: Tree) -> ModuleType:
    """The layout of ``tree``: the export layout claiming the largest share (at least
    MIN_SHARE) of its top-level entries, else plain folders.

    A folder holding ``main.py`` itself is always one student's folder (plain folders).
    """
    if folders.own_folder(tree):
        return folders
    entries = [entry for entry in tree.top() if entry.lower() not in EXTRAS]
    if not entries:
        return folders
    best, best_share = folders, 0.0
    for module in EXPORTS.values():
        share = min(1.0, module.claims(tree) / len(entries))
        if share >= MIN_SHARE and share > best_share:
            best, best_share = module, share
    return best
