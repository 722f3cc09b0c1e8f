"""Discover: turn the paths a user gives (folders, LMS exports, zip archives, files) into submissions."""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path
from typing import Sequence

from grader.details import in_dutch
from grader.discover import archives, leftout
from grader.discover.choose import build
from grader.discover.files import Tree
from grader.discover.scan import scan_folder, single_file
from grader.discover.layouts import LAYOUTS, detect, folders, student_folder
from grader.discover.model import (SOURCES, Attempt, Sources, Student, Submission, SubmissionList, UsageError,
                                   fields, readable_name, restore, safe_name, unique)
from grader.values import scrub

__all__ = ["AUTO", "LAYOUTS", "Sources", "Submission", "UsageError", "discover", "discover_apart", "safe_name"]

AUTO = "auto"
# Names listed in a "found: ..." hint at most.
HINT_NAMES = 8


def _hint(tree: Tree) -> tuple[str, str]:
    """What ``tree`` holds, for a usage error: (English, Dutch). Entries that give no file (an empty folder, a
    symbolic link) are named with the reason, after the files."""
    if not tree.files and not tree.skipped:
        return "the folder is empty", "de map is leeg"
    said = []
    for lang, (found, only, more) in enumerate((("found: ", "found no file, only: ", " (and {} more)"),
                                                ("gevonden: ", "geen bestand gevonden, alleen: ", " (en nog {})"))):
        names = [ref.rel for ref in tree.files] + leftout.with_reasons(tree, list(tree.skipped), lang)
        extra = len(names) - HINT_NAMES
        said.append((found if tree.files else only) + ", ".join(names[:HINT_NAMES])
                    + (more.format(extra) if extra > 0 else ""))
    return said[0], said[1]


def _from_tree(tree: Tree, layout: str, raw: str, in_archive: bool,
               unclaimed: list[str] | None = None) -> tuple[list[Submission], bool]:
    """The submissions in ``tree`` and whether it was one student's own folder or archive; the
    top-level entries no student took are added to ``unclaimed`` (see :func:`discover`)."""
    stop = None if layout == folders.NAME else student_folder
    base = tree.origin
    parent = Path(raw).resolve().parent
    if stop and not in_archive and stop(tree.root_name, parent.name):  # one student's folder of an export
        tree = tree.within(parent.name, str(parent))
    full = tree.unwrap(full=True, keep_name=in_archive, stop=stop)
    if folders.output_folder(full.files):  # ``grade reports/``: its feedback/ would be graded as a student
        raise UsageError(f"{raw} holds the outputs of an earlier grade run (results.json), not submissions: "
                         "give the folder of submissions",
                         f"{raw} bevat de uitvoer van een eerdere grade-run (results.json), geen inzendingen: "
                         "geef de map met inzendingen")
    module = detect(full) if layout == AUTO else LAYOUTS[layout]
    if module is folders:
        plain = tree.unwrap(full=in_archive, keep_name=in_archive, stop=stop if in_archive else None,
                            aside=folders.aside)
        students = folders.students(plain)
        own = folders.own_folder(plain)
    else:
        plain = full
        students, own = module.students(full), False
    if unclaimed is not None and not own:
        # "klas: dora", not ".: dora"
        named = raw.rstrip("/") or raw if Path(raw).name not in ("", "..") else Path(raw).resolve().name or raw
        inner = plain.origin[len(base):].lstrip("/") if plain.origin.startswith(base + "/") else ""
        where = os.path.join(named, inner) if inner else named
        unclaimed.extend(leftout.Unclaimed(readable_name(f"{where}: {entry}"), why)  # named as the students are
                         for entry, why in _unclaimed(plain, students))
    if not students:
        what = "submissions" if layout == AUTO else f"{layout} submissions"
        what_nl = "inzendingen" if layout == AUTO else f"{layout}-inzendingen"
        expected = ": expected sub-folders with main.py, .py files or an LMS export" if layout == AUTO else ""
        expected_nl = ": verwacht submappen met main.py, .py-bestanden of een LMS-export" if layout == AUTO else ""
        hint, hint_nl = _hint(full)
        raise UsageError(f"no {what} in {raw}{expected}; {hint}", f"geen {what_nl} in {raw}{expected_nl}; {hint_nl}")
    depth = 1 if in_archive else 0
    submissions = [build(student, module.NAME, depth=depth) for student in students]
    if unclaimed is not None and not own:
        unclaimed.extend(leftout.Unclaimed(readable_name(f"{where}: {submission.id}/{left}"), "inside",
                                           id=submission.id, file=chosen)
                         for submission in submissions for chosen, left in _left_students(submission))
    for submission in submissions:
        # A note about one top-level entry (too many files) goes to the student it is about.
        submission.notes.extend(scrub(readable_name(note)) for note in tree.notes
                                if "folder" not in note or _under(submission, tree, note))
    return submissions, own


def _unclaimed(tree: Tree, students: list[Student]) -> list[tuple[str, str]]:
    """The top-level folders and code files (.py, .ipynb, .zip) of ``tree`` none of whose files any
    student took: a hand-added folder in an LMS export, a file not named as the export names them; also
    those that gave no file (``tree.skipped``: a symbolic link, a fifo, an empty folder). Other loose
    files (an LMS's index.html, receipts) and an earlier run's output folder are not listed. Out: (entry, a folder's
    ending in ``/`` as in a usage error's hint, so its name never reads as the reason after it; the
    code of why it became no submission, grader.discover.leftout.WHY), by entry."""
    taken = {ref.origin for student in students for attempt in student.attempts for ref in attempt.files}
    left = []
    for entry, refs in sorted(tree.top().items()):
        folder = refs[0].rel != entry
        if any(ref.origin in taken for ref in refs) or not (folder or entry.lower().endswith(folders.LOOSE)):
            continue
        if folder and folders.output_folder([ref.under(ref.rel.split("/", 1)[1]) for ref in refs]):
            continue
        left.append((entry + "/" if folder else entry, "name"))
    left.extend((entry, why) for entry, why in tree.skipped.items()
                if "/" not in entry.rstrip("/") and (entry.endswith("/") or entry.lower().endswith(folders.LOOSE)))
    return sorted(left)


def _left_students(submission: Submission) -> list[tuple[str, str]]:
    """(the graded file, a file left out) for each ``main.py`` (or variant) that ``submission``'s ``chosen-file``
    note names among the files left out, in a sub-folder other than the graded file's: another student's own folder
    (``klas/bram/main.py`` when ``klas`` was graded from ``anouk/main.py``), to be named at the end of the run."""
    note = next((note for note in submission.notes if note.get("kind") == "chosen-file"), None)
    if note is None:
        return []
    own = note["file"].split("/", 1)[0]
    return [(note["file"], left) for left in note["ignored"]
            if "/" in left and left.split("/", 1)[0] != own and folders.own_name(left.rsplit("/", 1)[-1])]


def _under(submission: Submission, tree: Tree, note: dict) -> bool:
    """Whether ``submission``'s file is the top-level entry ``note["folder"]`` of ``tree`` or lies in it."""
    entry = scrub(readable_name(os.path.join(tree.origin, note["folder"])))  # as the submission's path reads
    return submission.path == entry or submission.path.startswith(entry + os.sep)


def _from_file(path: Path, raw: str) -> Submission:
    """A file named on the command line: graded whatever its name (a self-check)."""
    ref = single_file(path)
    stem = ref.name[:-6] if ref.name.lower().endswith(".ipynb") else (ref.name.rsplit(".", 1)[0] or ref.name)
    return build(Student(stem, None, [Attempt([ref])], origin=raw), "file", explicit=True)


def _given_once(paths: list[str]) -> None:
    """Raise :class:`UsageError` when two of ``paths`` name the same files (the same path, or one inside the
    other: ``grade klas klas`` graded every student twice, as anna and anna-2)."""
    places = []
    for raw in paths:
        try:
            places.append((raw, Path(raw).resolve()))
        except (OSError, RuntimeError):  # a symbolic-link loop: said by discover as a path that does not exist
            continue
    for n, (raw, place) in enumerate(places):
        for other, other_place in places[n + 1:]:
            if place == other_place or place in other_place.parents or other_place in place.parents:
                raise UsageError(f"{raw} and {other} name the same files twice: give each folder or file once",
                                 f"{raw} en {other} noemen dezelfde bestanden twee keer: geef elke map of elk "
                                 "bestand één keer")


def discover(paths: list[str], layout: str = AUTO,
             unclaimed: list[str] | None = None) -> tuple[list[Submission], bool]:
    """Find the submissions under ``paths``.

    A path is a file named explicitly (graded whatever its name; a ``.ipynb`` as a notebook),
    a zip archive (read in place, never extracted) or a folder. A folder or archive is an LMS
    export (Canvas, Moodle, Brightspace, Blackboard, GitHub Classroom: recognised, or forced
    with ``layout``), one student's own folder (it holds ``main.py`` or a variant), or plain
    folders: a sub-folder per student and loose ``.py``/``.ipynb``/``.zip`` files. In each
    student's latest attempt the graded file is chosen by grader.discover.choose.RULE.
    Symbolic links inside folders are not followed; junk (``__MACOSX``, ``._*``, hidden
    files) is ignored. Out: (submissions with unique ids, path by path and within a path in
    :func:`reading_order`; True when the run is a single-file self-check). ``unclaimed``, when given, gets
    ``"<path>: <entry>"`` (grader.discover.leftout.Unclaimed: with ``why``, the reason) for each top-level folder or code file of a class folder or export that became no
    submission (nothing is left out without a word); ``<path>`` is the path given, with the wrapping folders
    the entry lies in (``klas3/wrap: leeg``, ``export.zip/wrap: extra``). Raises :class:`UsageError` for a path that does not
    exist or is no file or folder (a named pipe), paths that name the same files twice, a folder or archive
    that cannot be read, an unknown layout, an earlier run's output folder, or nothing to grade (with a
    "found: ..." hint of what is there).
    """
    if layout != AUTO and layout not in LAYOUTS:
        choices = f"{AUTO} or one of {', '.join(sorted(LAYOUTS))}"
        raise UsageError(f"unknown layout {layout!r}: use {choices}",
                         f"onbekende indeling {layout!r}: gebruik {choices.replace(' or one of ', ' of een van ')}")
    for raw in paths:  # before _given_once: "grade . nergens" is a typo, not "." given twice
        if not Path(raw).exists():
            # An option after -- (grade -- . --out uit) reaches here as a path.
            said = (" (everything after -- is a path: put options before --)", " (na -- is alles een pad: zet opties "
                    "vóór --)") if raw.startswith("-") and raw != "-" else ("", "")
            raise UsageError(f"path does not exist: {raw}{said[0]}", f"dit pad bestaat niet: {raw}{said[1]}")
    _given_once(paths)
    found: list[Submission] = []
    single = False
    for raw in paths:
        path = Path(raw)
        if not path.exists():  # gone since
            raise UsageError(f"path does not exist: {raw}", f"dit pad bestaat niet: {raw}")
        if path.is_file() and archives.is_archive(path.name):
            try:
                tree = archives.open_path(path)
            except archives.ArchiveError as error:
                raise UsageError(str(error), error.nl) from None
            submissions, own = _from_tree(tree, layout, raw, in_archive=True, unclaimed=unclaimed)
            single = single or (len(paths) == 1 and own)
        elif path.is_file():
            submissions = [_from_file(path, raw)]
            single = len(paths) == 1
        elif not path.is_dir():
            raise UsageError(f"{raw} is no file or folder (a named pipe, socket or device?)",
                             f"{raw} is geen bestand of map (een named pipe, socket of apparaat?)")
        else:
            try:
                tree = scan_folder(path)
            except OSError as error:  # the folder itself cannot be listed (no read permission)
                reason = error.strerror or type(error).__name__
                raise UsageError(f"the folder {raw} cannot be read: {reason}",
                                 f"de map {raw} kan niet worden gelezen: {in_dutch(reason)}") from None
            submissions, own = _from_tree(tree, layout, raw, in_archive=False, unclaimed=unclaimed)
            single = single or (len(paths) == 1 and own)  # one student's own folder: a self-check, as its zip
        found.extend(sorted(submissions, key=reading_order))
    return unique(found), single


def reading_order(submission: Submission) -> tuple[list[str | int], str, str]:
    """A sort key that puts ids in the order a reader expects: case and accents aside (``Émile`` between
    ``bram`` and ``Zoë``), numbers by value (``student2`` before ``student10``, ``9999`` before ``12345``),
    then by code point (a total order, the same on every system, whatever its locale)."""
    folded = unicodedata.normalize("NFKD", submission.id.casefold())
    plain = "".join(char for char in folded if not unicodedata.combining(char))
    # Text and numbers alternate, text first, so two keys compare text with text and numbers with numbers.
    parts = [int(part) if index % 2 else part for index, part in enumerate(re.split(r"([0-9]+)", plain))]
    return parts, plain, submission.id


def discover_apart(paths: list[str], layout: str = AUTO,
                   unclaimed: list[str] | None = None) -> tuple[Sequence[Submission], bool]:
    """:func:`discover`, with folders and archives read in a forked process of their own.

    Reading a large class (thousands of files, archives, notebooks) makes many short-lived
    objects; in a separate process (grader.isolation.run_apart) their memory goes back to the
    system, and a hostile archive's demands never reach the grader's own process. The sources
    go into the shared spill (grader.spill), the submissions come back through it one at a
    time, and stay there: the result is a SubmissionList (a submission is read back when it
    is asked for). A single file, a platform without fork or a failure of that process: discovered
    here, with the same result. Raises :class:`UsageError` as :func:`discover` does (an
    ``OSError`` there becomes a UsageError with its message).
    """
    from grader import isolation  # not needed for a self-check of one file

    if not any(Path(raw).is_dir() or archives.is_archive(raw) for raw in paths) or not SOURCES.open():
        return discover(paths, layout, unclaimed)

    def work() -> dict:
        left: list[leftout.Unclaimed] = []
        try:
            submissions, single = discover(paths, layout, left)
        except (UsageError, OSError) as error:
            return {"usage": [str(error), error.text("nl") if isinstance(error, UsageError) else str(error)]}
        places = [SOURCES.put_json(fields(submission)) for submission in submissions]
        if any(isinstance(place, bytes) for place in places):
            raise OSError("the spill could not be written")  # run_apart: RuntimeError, discovered here instead
        return {"single": single, "places": places, "unclaimed": [[str(entry), entry.reason] for entry in left]}

    try:
        answer = isolation.run_apart(work)
        if "usage" in answer:
            raise UsageError(*answer["usage"])
        places = answer["places"]
        if not all(type(place) is int for place in places):
            raise ValueError("not places in the spill")
        if places:
            restore(SOURCES.get_json(places[0]))  # the spill reads back here too
        if unclaimed is not None:
            unclaimed.extend(leftout.Unclaimed(str(text), reason) for text, reason in answer.get("unclaimed", []))
        return SubmissionList(places), answer["single"]
    except (RuntimeError, OSError, ValueError, TypeError, KeyError):
        return discover(paths, layout, unclaimed)  # that process failed (killed, no memory): the same, here
