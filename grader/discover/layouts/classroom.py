"""GitHub Classroom: ``gh classroom clone student-repos`` makes ``<assignment>-submissions/<assignment>-<user>/``.

The folder is named after the assignment's slug plus ``-submissions`` and each student's
repository is cloned into its repository name, ``<slug>-<GitHub user name>`` (or
``<slug>-<team>`` for a group assignment) (github/gh-classroom,
cmd/gh-classroom/clone/student-repos). A repository may hold the student's own
``conftest.py``, ``tests/`` or ``pytest.ini``: they are never graded and never loaded (the
grader reads only the chosen file's bytes; the battery runs with ``--noconftest`` and its own
root folder).
"""

from __future__ import annotations

from grader.discover.files import Tree
from grader.discover.model import Attempt, Student, renamed

NAME = "classroom"
SUFFIX = "-submissions"


def _slug(tree: Tree) -> str | None:
    return _assignment(tree.wrapper or tree.root_name)


def _assignment(folder: str) -> str | None:
    """The assignment's slug of a ``<slug>-submissions`` folder, else None."""
    return folder[: -len(SUFFIX)] if folder.endswith(SUFFIX) and len(folder) > len(SUFFIX) else None


def student_folder(name: str, parent: str) -> bool:
    """Whether a folder named ``name`` is a student's repository in the ``<slug>-submissions`` folder ``parent``."""
    slug = _assignment(parent)
    return bool(slug) and name.startswith(f"{slug}-") and len(name) > len(slug) + 1


def claims(tree: Tree) -> int:
    """How many top-level folders are repositories of this assignment (named ``<slug>-...``
    under a ``<slug>-submissions`` folder, or holding a ``.git`` folder)."""
    slug = _slug(tree)
    folders = {entry for entry, refs in tree.top().items() if refs[0].rel != entry}
    by_name = {entry for entry in folders if slug and entry.startswith(slug + "-")}
    return len(by_name | (folders & tree.git_dirs))


def students(tree: Tree) -> list[Student]:
    """One Student per repository; id and display name are the GitHub user (or team) name (a ``renamed-id``
    note when the folder's name had to change, see :attr:`FileRef.real`)."""
    slug = _slug(tree)
    found = []
    for entry, refs in tree.top().items():
        if refs[0].rel == entry:
            continue
        user, real = _user(entry, slug), _user(refs[0].real.split("/", 1)[0], slug)
        files = [ref.under(ref.rel.split("/", 1)[1]) for ref in refs]
        found.append(Student(user, real, [Attempt(files, label="clone")], origin=refs[0].origin,
                             notes=renamed(user, real)))
    return sorted(found, key=lambda s: (s.id.casefold(), s.id))


def _user(entry: str, slug: str | None) -> str:
    """The GitHub user (or team) of the repository folder ``entry`` of assignment ``slug``."""
    return entry[len(slug) + 1:] if slug and entry.startswith(slug + "-") and len(entry) > len(slug) + 1 else entry
