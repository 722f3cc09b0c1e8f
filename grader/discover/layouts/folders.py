"""Plain folders: a sub-folder per student, loose ``.py``/``.ipynb``/``.zip`` files, or one student's own folder."""

from __future__ import annotations

import re

from grader.discover import archives
from grader.discover.files import FileRef, Tree
from grader.discover.model import Attempt, Student, renamed

NAME = "folders"

# Names that make a folder one student's own (``grade my-folder/``): main.py and its variants.
_MAIN_LIKE = re.compile(r"^main(?:\s*\(\d+\)|[-_ ]\d+)?\.(?:py|ipynb|py\.txt)$", re.I)
# Loose files that are one student each.
LOOSE = (".py", ".ipynb", ".zip")


def own_name(name: str) -> bool:
    """True for a file name that makes the folder holding it one student's own (``main.py`` or a variant)."""
    return bool(_MAIN_LIKE.match(name))


def aside(name: str) -> bool:
    """True for a loose file that may lie beside a folder wrapping the class (``LEESMIJ.txt``, ``README.md``, a
    pdf) without making that folder a student: no ``.py``, ``.ipynb`` or ``.zip``, nothing the choice rule would
    grade (``main.txt``, online text). Junk is left out before this is asked."""
    from grader.discover.choose import rank  # (choose imports the layouts' modules)

    return not name.lower().endswith(LOOSE) and rank(FileRef(name, 0, "", _nothing)) is None


def _nothing(limit: int) -> bytes:
    return b""


def own_folder(tree: Tree) -> bool:
    """True when the root itself holds a ``main.py`` (or a variant): one student's folder."""
    return any("/" not in ref.rel and own_name(ref.name) for ref in tree.files)


def claims(tree: Tree) -> int:
    """Plain folders claim whatever no export layout does (used when forced)."""
    return len(tree.top())


def students(tree: Tree) -> list[Student]:
    """The students of a plain folder.

    A root holding ``main.py`` (or ``Main.py``, ``main (1).py``, ``main.py.txt``,
    ``main.ipynb``) is one student, id = the folder's (or archive's) name. Otherwise each
    sub-folder with files is a student (id = its name) and each loose ``.py``, ``.ipynb`` or
    ``.zip`` file is one (id = the file name without its extension; a ``renamed-id`` note when the
    name had to change, see :attr:`FileRef.real`); other loose files are not submissions, nor is a
    grader's own output folder (``results.json``, ``gradebook.csv``).
    """
    if own_folder(tree):
        return [Student(tree.root_name, None, [Attempt(list(tree.files), label="")], origin=tree.origin)]
    found = []
    for entry, refs in sorted(tree.top().items()):
        real = refs[0].real.split("/", 1)[0]  # the entry's name before it was told apart from another
        if refs[0].rel != entry:
            files = [ref.under(ref.rel.split("/", 1)[1]) for ref in refs]
            if output_folder(files):
                continue  # an earlier run's --out folder, not a student
            found.append(Student(entry, None, [Attempt(files, label="")], origin=refs[0].origin.rsplit("/", 1)[0],
                                 notes=renamed(entry, real)))
        elif entry.lower().endswith(LOOSE):
            stem = _stem(entry)
            found.append(Student(stem, None, [Attempt([refs[0]], label="")], origin=refs[0].origin,
                                 notes=renamed(stem, _stem(real))))
    return found


def _stem(name: str) -> str:
    """A loose file's name without its extension: the student's id."""
    return name.rsplit(".", 1)[0] or name


def output_folder(files: list) -> bool:
    """Whether ``files`` (a top-level folder's) are a grader run's outputs, a class's or a self-check's:
    results.json as this grader writes it (its first bytes), and no file the grader would grade (those
    first bytes are easy to copy). Any other folder is a student, whatever it holds."""
    from grader.discover.choose import rank  # (choose imports the layouts' modules)

    named = {ref.rel: ref for ref in files}
    if "results.json" not in named:
        return False
    # The reports (feedback/text.html for a student whose id is "text") are no code to grade.
    reports = [ref for ref in files
               if ref.rel.startswith(("feedback/", "instructor/")) and ref.rel.endswith((".html", ".md"))]
    if any(archives.is_archive(ref.name) or rank(ref) is not None for ref in files if ref not in reports):
        return False
    try:
        start = named["results.json"].read(64)
    except Exception:  # an unreadable file: then it is not known to be ours
        return False
    return start.startswith(b'{"format":') and b'"grader":' in start


def others(tree: Tree) -> list[str]:
    """The loose files that are not submissions (for a "found: ..." hint)."""
    return [entry for entry, refs in tree.top().items() if refs[0].rel == entry and not entry.lower().endswith(LOOSE)]
