"""What the class page says: pass rates, the most failed checks, scores and load errors, from results.json."""

from __future__ import annotations

import unicodedata
from collections import Counter
from typing import Iterable, Iterator

from grader.battery import FUNCTIONS
from grader.discover import safe_name
from grader.reports import load_reason, selection, stopped
from grader.reports.feedback import clean
from grader.reports.note_views import text_cell
from grader.results import base_id, decoded, renamed

STATUSES = ("graded", "load-error", "empty")
# Load notes a class run's terminal says per submission, as a self-check's does (grader.terminal.Progress.warn_notes);
# with them a ``text-cells`` note (:func:`said_notes`).
SAID_NOTES = ("notebook-stopped", "syntax-warning", "exit-called")


def percent(part: int, whole: int) -> int:
    """``part`` of ``whole`` as a whole percentage (0 when ``whole`` is 0)."""
    return round(100 * part / whole) if whole else 0


def checkpoint_keys(submissions: list[dict]) -> list[str]:
    """The checkpoint keys of a run (``"1"``, ``"2"``...), in order."""
    return sorted({key for s in submissions for key in s.get("checkpoints", {})} or {"1", "2", "3"}, key=int)


def checkpoint_rates(submissions: list[dict], keys: list[str]) -> list[dict]:
    """Per checkpoint: ``number``, ``function``, ``passed`` (submissions), ``total``, ``percent``."""
    rates = []
    for key in keys:
        passed = sum(bool(s["checkpoints"].get(key, {}).get("passed")) for s in submissions)
        number = int(key)
        rates.append({"number": number, "function": FUNCTIONS[number - 1] if 1 <= number <= len(FUNCTIONS) else key,
                      "passed": passed, "total": len(submissions), "percent": percent(passed, len(submissions))})
    return rates


class ClassSummary:
    """Builds the class document one result at a time, keeping only what the class outputs need.

    A full result holds every check's message, hint and detail (about 150 KB); the class page,
    the gradebooks and the terminal need a few fields per submission and, per check, whether
    it failed. Feed each result to :meth:`add`, then take :meth:`document`.
    """

    def __init__(self, checks: dict[str, dict] | None = None) -> None:
        # base check id -> id, checkpoint, clause, message, hidden, key; ``checks`` continues a catalogue
        self.checks: dict[str, dict] = checks if checks is not None else {}

    def add(self, result: dict) -> dict:
        """Record ``result``'s checks; out: its summary.

        The summary has the result's own top-level fields, ``load`` with only ``problem``,
        ``checkpoints`` with only ``passed``, ``failed`` (the base ids of the checks whose failure
        the student's report shows as a finding of its own, grader.reports.selection.findings), ``stopped`` (None,
        or why grading stopped early and how many checks were not run, grader.reports.stopped.summary), ``hidden`` (whether any
        check is hidden) and the fields of :func:`notes`.
        """
        failed, hidden = {}, False
        for entry in result.get("checkpoints", {}).values():
            for record in entry.get("checks", []):
                key = base_id(record["id"])
                if key not in self.checks:
                    self.checks[key] = {"id": clean(key, 120), "checkpoint": record.get("checkpoint"),
                                        "clause": clean(record.get("clause") or "", 20),
                                        "message": clean(record.get("message") or "", 300),
                                        "hidden": bool(record.get("hidden")), "key": key}
                hidden = hidden or bool(record.get("hidden"))
        for key in selection.findings(result, FUNCTIONS):
            failed[self.checks[key]["key"]] = True  # the catalogue's own string: shared, not copied
        summary = {key: value for key, value in result.items() if key not in ("load", "checkpoints")}
        summary["load"] = {"problem": (result.get("load") or {}).get("problem")}
        summary["checkpoints"] = {key: {"passed": bool(entry.get("passed"))}
                                  for key, entry in result.get("checkpoints", {}).items()}
        summary["failed"] = list(failed)
        summary["stopped"] = stopped.summary(result)
        summary["hidden"] = hidden
        summary.update(notes(result))
        return summary

    def document(self, header: dict, summaries: list[dict]) -> dict:
        """The class document: ``header`` (results.json's top-level fields), ``submissions`` (summaries)
        and ``checks`` (every check seen, in battery order)."""
        return {**header, "submissions": summaries, "checks": list(self.checks.values())}


def notes(result: dict) -> dict:
    """What a class run says of ``result`` after its summary (grader.class_notes), and ``grade report`` again from
    results.json: ``errors`` (check id -> its error text, at most 200 characters, for each check that ended in an
    error: a defect of the check, which the terminal points out also when the result is reused), ``decoded``
    (grader.results.decoded: the note that the file was not saved as UTF-8, or None), ``renamed``
    (grader.results.renamed: the id before the intake renamed the student, which the LMS gradebooks never use as an
    identifier, or None) and ``said_notes`` (:func:`said_notes`)."""
    errors = {record["id"]: str(record.get("error") or "?")[:200]
              for entry in result.get("checkpoints", {}).values() for record in entry.get("checks", [])
              if record.get("outcome") == "error"}
    return {"errors": errors, "decoded": decoded(result), "renamed": renamed(result), "said_notes": said_notes(result)}


def said_notes(result: dict) -> list[dict]:
    """The load notes of ``result`` that a class run's terminal says too (a notebook cell that stopped loading, a
    SyntaxWarning, an exit() that stopped it after some functions), each with only the fields the terminal shows, then, when a required function is only in a
    notebook's Markdown or raw cell, ``{"kind": "text-cells", "cells": [[cell, kind, function], ...]}``
    (:func:`text_cells`)."""
    said = [{key: note.get(key) for key in ("kind", "cell", "line", "detail")}
            for note in (result.get("load") or {}).get("notes") or []
            if isinstance(note, dict) and note.get("kind") in SAID_NOTES]
    cells = text_cells(result)
    return said + ([{"kind": "text-cells", "cells": cells}] if cells else [])


def text_cells(result: dict) -> list[list]:
    """The required functions ``result``'s notebook has only in a Markdown or raw cell, which never runs (its
    ``missing-function`` notes with a ``text_cell``, else its load problem's ``text_cells``, grader.results), as
    ``[[cell, kind, function], ...]``: the cell counted from the top, ``markdown`` or ``raw``, the function's name
    (cleaned); each function once, in the order found."""
    load = result.get("load") or {}
    found = [[note.get("text_cell"), note.get("cell_type"), note.get("name")] for note in load.get("notes") or []
             if isinstance(note, dict) and note.get("kind") == "missing-function" and note.get("text_cell")]
    found += [entry for entry in (load.get("problem") or {}).get("text_cells") or []
              if isinstance(entry, list) and len(entry) == 3]
    cells: dict[str, list] = {}
    for cell, kind, name in found:
        if (place := text_cell(cell, kind)) and clean(name, 60) not in cells:
            cells[clean(name, 60)] = [place["text_cell"], place["cell_type"], clean(name, 60)]
    return list(cells.values())


def summarize(document: dict) -> dict:
    """The class document of a results.json ``document`` (see :class:`ClassSummary`)."""
    builder = ClassSummary()
    header = {key: value for key, value in document.items() if key != "submissions"}
    return builder.document(header, [builder.add(result) for result in document["submissions"]])


def check_failures(document: dict) -> list[dict]:
    """The failure rate of every check over the graded submissions, the most failed first.

    In: a class document (:func:`summarize`). The cases of a parametrized check count as one
    check (the id before ``[``): a submission fails the check when any case does not pass.
    Out: per check ``id``, ``checkpoint``, ``clause``, ``message``, ``hidden``, ``failed``,
    ``total``, ``percent``; sorted by failure rate (highest first), then by checkpoint and
    battery order. Empty when no submission loaded.
    """
    counts, graded = Counter(), 0
    for summary in document["submissions"]:  # one at a time: a large class's summaries are read from disk
        if summary.get("status") == "graded":
            graded += 1
            counts.update(summary["failed"])
    if not graded:
        return []
    checks = [{**{k: v for k, v in meta.items() if k != "key"}, "failed": counts[meta["key"]], "total": graded,
               "percent": percent(counts[meta["key"]], graded), "order": order}
              for order, meta in enumerate(document["checks"])]
    return sorted(checks, key=lambda c: (-c["failed"], c["checkpoint"] or 0, c["order"]))


def score_distribution(submissions: list[dict]) -> list[dict]:
    """How many submissions got each score: ``score``, ``count``, ``percent`` for 0..max_score."""
    most = max([s.get("max_score", 3) for s in submissions] + [3])
    counts = Counter(s.get("score", 0) for s in submissions)
    return [{"score": score, "count": counts[score], "percent": percent(counts[score], len(submissions))}
            for score in range(most + 1)]


def load_errors(submissions: list[dict]) -> list[dict]:
    """The submissions that did not load, counted by problem kind: ``kind``, ``count``, most frequent first; a
    runtime error that is the grader not offering a part of Python (load_reason.unavailable) counts as
    ``unavailable``, not as an error in the code."""
    kinds = Counter()
    for result in submissions:
        if result.get("status") != "graded":
            problem = (result.get("load") or {}).get("problem") or {}
            kind = "unavailable" if load_reason.unavailable(problem) is not None else problem.get("kind")
            kinds[clean(kind or result.get("status") or "?", 40)] += 1
    return [{"kind": kind, "count": count} for kind, count in sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))]


def display_name(result: dict) -> str:
    """The student's display name (NFC) when the results have one (``name`` or ``display_name``), else ``""``."""
    name = result.get("name") or result.get("display_name") or ""
    return clean(unicodedata.normalize("NFC", name), 200) if isinstance(name, str) else ""


def has_hidden(result: dict) -> bool:
    """Whether any check of ``result`` is marked hidden (then an instructor view is written too)."""
    return any(record.get("hidden") for entry in result.get("checkpoints", {}).values()
               for record in entry.get("checks", []))


def rows(submissions: Iterable[dict], keys: list[str]) -> Iterator[dict]:
    """The student table, a row at a time: per submission (a summary) its links, name, checkpoint marks,
    score, status, load problem, ``stopped`` (None, or the marker of a submission whose grading stopped
    early: ``key``, its message id, with ``count`` checks not run of ``total``) and ``text_cells`` (the required
    functions only in a notebook's text cells, :func:`text_cells`)."""
    for result in submissions:
        problem = (result.get("load") or {}).get("problem") or {}
        name = safe_name(result["id"])
        yield {
            "id": clean(result["id"], 200),
            "name": display_name(result),
            "html": f"feedback/{name}.html",
            "md": f"feedback/{name}.md",
            "instructor": f"instructor/{name}.html" if result["hidden"] else None,
            "checkpoints": [bool(result["checkpoints"].get(key, {}).get("passed")) for key in keys],
            "score": result["score"],
            "max_score": result["max_score"],
            "status": result["status"],
            "known_status": result["status"] in STATUSES,
            "problem": clean(problem.get("kind"), 40) if result["status"] != "graded" and problem.get("kind") else "",
            # A module the grader does not offer (grader.reports.load_reason.unavailable): its name, "" or None.
            "module": clean(module, 60) if (module := load_reason.unavailable(problem)) else module,
            # What stopped a missing-functions problem's functions from being defined (load_reason.words): or None.
            "cause": problem.get("cause") if problem.get("cause") in ("exit", "main-block") else None,
            # Most of the battery may not have run (a loop): the marker's message id and numbers, else None.
            "stopped": {**stop, "key": stopped.status_key(stop)} if (stop := result.get("stopped")) else None,
            # Required functions written in a notebook's Markdown or raw cell (never run): [[cell, kind, name], ...].
            "text_cells": next((note["cells"] for note in result.get("said_notes") or []
                                if note.get("kind") == "text-cells"), []),
        }


def build(document: dict) -> dict:
    """The class page as plain data. In: a class document (:func:`summarize`).

    Out: ``keys`` (checkpoint keys), ``rates`` (checkpoint_rates), ``checks``
    (check_failures), ``scores`` (score_distribution), ``load_errors``, ``rows`` (an
    iterator: each row is made as the page is written), ``count`` (how many rows), ``graded``
    (how many submissions loaded), ``uncounted`` (whether a loaded submission failed a checkpoint, so that a page
    whose ``checks`` count no failure does not say none failed) and ``names`` (whether any row has a name).
    """
    submissions = document["submissions"]
    keys = checkpoint_keys(submissions)
    return {
        "keys": keys,
        "rates": checkpoint_rates(submissions, keys),
        "checks": check_failures(document),
        "scores": score_distribution(submissions),
        "load_errors": load_errors(submissions),
        "rows": rows(submissions, keys),
        "count": len(submissions),
        "graded": sum(s.get("status") == "graded" for s in submissions),
        "uncounted": any(s.get("status") == "graded" and not all(cp.get("passed") for cp in s["checkpoints"].values())
                         for s in submissions),
        "names": any(display_name(s) for s in submissions),
    }
