"""The notes a class run says below its summary, gathered one submission at a time, so that ``grade`` (from each
result's summary) and ``grade report`` (from results.json) say the same lines."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from grader.discover import leftout
from grader.reports import lms
from grader.terminal import Progress
from grader.terminal_texts import unclaimed_warning


def error_places(out: Path) -> list[Path]:
    """The outputs under ``out`` that show each submission's check errors: results.json and, when there are
    hidden checks, the instructor's pages."""
    return [out / "results.json", *([out / "instructor"] if (out / "instructor").is_dir() else [])]


class ClassNotes:
    """What the terminal says of a class's submissions after the summary: checks that ended in an error (a defect of
    the check), files not saved as UTF-8, per submission its notebook and SyntaxWarning notes and the required
    functions only in a notebook's text cells, an exit() that stopped loading after some functions, the students renamed at intake, per LMS gradebook the rows
    without an identifier its import knows and, last, the entries of the class folder that became no submission."""

    def __init__(self) -> None:
        self.check_errors: Counter = Counter()  # check id -> submissions for which it raised
        self.check_error_texts: dict[str, str] = {}  # check id -> the first error it raised
        self.decoded: dict[str, list[str]] = {}  # a decoded-* note's kind -> the ids of files not saved as UTF-8
        self.renamed: list[tuple[str, str]] = []  # (id before, id after) of each student renamed at intake
        self.said_notes: list[tuple[str, list[dict]]] = []  # (id, classview.said_notes) said per submission

    def add(self, submission_id: str, summary: dict) -> None:
        """Take the notes of one submission. In: its id and a dict with the fields of
        grader.reports.classview.notes (a class summary has them)."""
        for check_id, error in summary.get("errors", {}).items():  # graded now or reused: the check is as broken
            self.check_errors[check_id] += 1
            self.check_error_texts.setdefault(check_id, error)
        if summary.get("decoded"):
            self.decoded.setdefault(summary["decoded"], []).append(submission_id)
        if summary.get("said_notes"):
            self.said_notes.append((submission_id, summary["said_notes"]))
        if summary.get("renamed") is not None:
            self.renamed.append((summary["renamed"], submission_id))

    def say(self, show: Progress, document: dict, gradebooks: list[str], where: list[Path]) -> None:
        """Print the notes on standard error through ``show``. ``document``: the class document or results.json
        (its submissions are counted, and read for the LMS gradebooks' unmatched rows, grader.reports.lms.unmatched);
        ``gradebooks``: the LMS platforms whose gradebooks were written (``plain`` is left out); ``where``: the
        outputs that show each submission's check error (none on Gradescope). The entries that became no submission
        come from ``document``'s ``unclaimed`` (grader.discover.leftout.stored), said last, where they are seen."""
        show.warn_check_errors(self.check_errors, len(document["submissions"]), self.check_error_texts, where)
        show.warn_decoded(self.decoded)
        show.warn_notes(self.said_notes)
        platforms = [platform for platform in gradebooks if platform != "plain"]
        show.warn_renamed(self.renamed, [f"gradebook-{platform}.csv" for platform in platforms],
                          [lms.unmatched(platform, document) for platform in platforms])
        unclaimed = leftout.restored(document.get("unclaimed"))
        if unclaimed:  # nothing in the folder is left out without a word, also when grade report says it again
            print(unclaimed_warning(unclaimed, show.lang), file=sys.stderr)
