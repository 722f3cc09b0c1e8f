"""What a student's feedback says, whatever the format: one submission result turned into a view."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from grader.battery import FUNCTIONS
from grader.discover import safe_name
from grader import details
from grader.reports import legend, selection, stopped
from grader.reports.cleaning import clean
from grader.reports.note_views import UNREADABLE, number as _number, text_cell, views
from grader.reports.notes import intended
from grader.reports.selection import case_label
from grader.results import base_id

# Of a parametrized check that fails in many cases, this many cases are shown in full.
SHOWN_CASES = 3
# Checks a student's report shows in full per checkpoint; the others are listed (one missing copy failed eight
# checks, each shown in full). The instructor's view shows them all.
FULL_FINDINGS = 5
# Captured output is shown up to this many characters and lines.
OUTPUT_CHARS = 2000
OUTPUT_LINES = 40
# Load problem kinds that point at a line of main.py.
_LINE_KINDS = ("syntax", "indentation", "policy", "runtime", "unavailable", "timeout", "missing-functions")
_KNOWN_PROBLEMS = ("encoding", "empty", "unreadable", "too-large", "syntax", "indentation", "policy", "runtime",
                   "missing-functions", "timeout", "crashed", "unavailable")
# A problem view's fields when nothing more than its kind is said (the detail in English and in Dutch:
# ``detail_<lang>``, as the templates pick it).
_NO_DETAIL = {"detail_en": "", "detail_nl": "", "line": None, "column": None, "cell": None, "source": None,
              "text_cells": (), "cause": ""}
# What stopped a missing-functions problem's functions from being defined (grader.sandbox.loader.LoadProblem.cause):
# the suffix of its texts' keys.
_CAUSES = {"exit": "_exit", "main-block": "_main_block"}

def feedback_path(out: Path, student_id: str, suffix: str) -> Path:
    """Where a student's feedback file goes: ``out/feedback/<safe_name(id)>.<suffix>``."""
    return out / "feedback" / f"{safe_name(student_id)}.{suffix}"


# Why a check was not run (its record's ``error``, set by grader.runner): the reports' text for it.
_NOT_RUN = {"cpu-budget": "outcome_not_run_budget", "after-memory": "outcome_not_run_memory",
            "after-crashed": "outcome_not_run_crashed"}


def _case(record: dict) -> dict:
    detail = record.get("detail") or {}
    label = case_label(record["id"])
    return {
        "label": clean(label, 120) if label is not None else None,
        "outcome": record["outcome"],
        "tried": clean(detail["tried"]) if detail.get("tried") is not None else None,
        "expected": clean(detail["expected"]) if detail.get("expected") is not None else None,
        "got": clean(detail["got"]) if detail.get("got") is not None else None,
        "error": clean(record.get("error") or "?", 300),
        "hidden": bool(record.get("concealed")),
        "hint": None,  # a case's own tip, when its check shows several cases (_failure)
    }


def _concealed(entries: dict) -> dict:
    """Checkpoint entries with the hidden checks' input, expected value, result and case labels removed.

    A hidden check (``@check(..., hidden=True)``, from an instructor's --checks) keeps its
    name and hint; a case label becomes its number, as labels may spell out the input.
    """
    concealed = {}
    for key, entry in entries.items():
        records, numbers = [], {}
        for record in entry.get("checks", []):
            if record.get("hidden"):
                base = base_id(record["id"])
                numbers[base] = numbers.get(base, 0) + 1
                label = f"[{numbers[base]}]" if case_label(record["id"]) is not None else ""
                record = {**record, "id": base + label, "detail": None, "error": None, "concealed": True}
            records.append(record)
        concealed[key] = {**entry, "checks": records}
    return concealed


# Outcomes that say something about the student's answer: only then does the rule's hint help (a time-out,
# a memory exhaustion or a crash has its own advice in the outcome's text).
_ANSWERED = {"failed", "error"}


def _own_tip(record: dict) -> str:
    """A case's own tip: where its code stopped (``detail.tip``) and its own hint (``detail.hint``), or ''."""
    detail = record.get("detail") or {}
    return " ".join(text for text in (detail.get("tip"), detail.get("hint")) if text)


def _failure(group: dict, total: int, not_run: int, hinted: bool, missed: bool = False) -> dict:
    """A failed check as shown in full: its failed cases (``not_run``: how many of its cases were not run,
    counted beside them), the rule's hint only when the code answered and ``hinted``; one tip for every case shown is
    said once; else a case's own tip (:func:`_own_tip`) is its ``hint``, and the rule's is for the others.
    ``missed`` (grader.reports.selection.approval_missed): its ``approval_missed`` is set, and the templates say
    the tip about the fingerprint (``hint_approval_missed``) in place of the rule's."""
    cases = [_case(record) for record in group["records"]]
    missed = missed and hinted
    answered = hinted and not missed and any(record["outcome"] in _ANSWERED for record in group["records"])
    shown = list(zip(cases, group["records"]))[:SHOWN_CASES]
    tips = {selection.hint(record) for _, record in shown if record["outcome"] in _ANSWERED}
    hint = (tips.pop() if len(tips) == 1 else group["hint"]) if answered else None  # one tip for all: said once
    if answered and len(tips) > 1 and any(map(_own_tip, group["records"][:SHOWN_CASES])):
        # A case's own tip (where its code stopped; a case of another kind than the check's tip speaks of) sits by
        # that case; the check's tip, below them all, is for the others.
        for case, record in shown:
            if record["outcome"] in _ANSWERED and _own_tip(record):
                case["hint"] = clean(_own_tip(record))
        hint = group["records"][0].get("hint") if any(not (r.get("detail") or {}).get("hint") for _, r in shown) else None
    return {
        "id": group["id"], "message": group["message"], "hint": hint, "approval_missed": missed,
        "struck": stopped.struck(group["records"]),
        "clause": group["clause"],
        "parametrized": cases[0]["label"] is not None, "failed": len(cases), "total": total, "not_run": not_run,
        "cases": cases[:SHOWN_CASES], "more": max(0, len(cases) - SHOWN_CASES),
    }


def _stopped_by(number: int, not_run: int, stop: dict | None) -> dict | None:
    """Another function's strikes (time-outs...) left ``not_run`` checks of checkpoint ``number`` not run: the
    checkpoint and function that stopped grading and the note's message id; else None."""
    where = stopped.stopped_elsewhere(stop, number, not_run)
    if where is None:
        return None
    return {"number": where, "function": FUNCTIONS[where - 1] if 1 <= where <= len(FUNCTIONS) else str(where),
            "message": "stopped_" + stopped.STRIKES[stop["reason"]]}


# The groupings of grader.reports.selection.select whose failures a report only lists, and the cause it names.
LISTED = {"same_input": "validation", "same_case": "repeats", "same_text": "json"}


def _listed(group: dict, totals: dict[str, int], cause: str) -> dict:
    """A failed check a report only lists: its message, how many of its cases failed, and why it is only listed."""
    return {"message": group["message"], "failed": len(group["records"]), "total": totals[group["id"]],
            "parametrized": case_label(group["records"][0]["id"]) is not None, "cause": cause}


def _checkpoint(key: str, entry: dict, verdicts: dict[str, bool], missing: dict[str, dict], graded: bool,
                inherited: frozenset = frozenset(), stop: dict | None = None, reveal: bool = False) -> dict:
    number = int(key)
    function = FUNCTIONS[number - 1] if 1 <= number <= len(FUNCTIONS) else key
    records = entry.get("checks", [])
    totals = {group["id"]: len(group["records"]) for group in selection.groups(records)}
    not_run_cases = Counter(base_id(r["id"]) for r in records if r["outcome"] == "not-run")
    chosen = selection.select(number, records, verdicts, graded, inherited)
    root, confirmed, shown = chosen["root"], chosen["confirmed"], chosen["shown"]
    grouped = chosen["grouped"]
    # Why a failure is only listed: the cause the report names for it (the others follow a confirmed fingerprint).
    causes = {id(record): cause for name, cause in LISTED.items() for record in chosen[name]}
    not_run = len(selection.groups(chosen["not_run"]))
    # Most of this function was not tested because another one looped: that is what to fix first, and a
    # rule's hint would point elsewhere.
    stopped_by = _stopped_by(number, not_run, stop)
    full = selection.groups(shown)
    full, beyond = (full, []) if reveal else (full[:FULL_FINDINGS], full[FULL_FINDINGS:])
    return {
        "number": number, "function": function,
        "passed": bool(entry.get("passed")),
        # Checks, not cases: a parametrized check counts once, passed when every case passed.
        "total": len(totals),
        "passed_count": sum(all(r["outcome"] == "passed" for r in group["records"])
                            for group in selection.groups(records)),
        "missing": graded and function in missing,
        "unrun": missing[function] if graded and "cell" in missing.get(function, {}) else None,  # in a cell not run
        "text": missing[function] if graded and "text_cell" in missing.get(function, {}) else None,  # in a text cell
        "root_cause": None if stopped_by else root,
        "also_fingerprint": chosen["also_fingerprint"] and stopped_by is None,  # checkpoint 2's digest is wrong too
        "confirmed": bool(confirmed) and root == "fingerprint",
        "stopped_by": stopped_by,
        "failures": [_failure(group, totals[group["id"]], not_run_cases[group["id"]], stopped_by is None,
                              selection.approval_missed(root, chosen["also_fingerprint"], group["records"]))
                     for group in full],
        "grouped": [_listed(group, totals, causes.get(id(group["records"][0]), "fingerprint"))
                    for group in selection.groups(grouped)] +
                   [_listed(group, totals, "same-result") for group in selection.groups(chosen["same_result"])] +
                   [_listed(group, totals, "more") for group in beyond],
        # The checks of which no case that ran failed but some were not run: counted, with why (they share it).
        "not_run_count": not_run,
        "not_run": _NOT_RUN.get(stopped.reason(chosen["not_run"]), "outcome_not_run") if not_run else None,
        "passes": [{"message": group["message"], "count": len(group["records"]),
                    "parametrized": case_label(group["records"][0]["id"]) is not None} for group in selection.groups(records)
                   if all(r["outcome"] == "passed" for r in group["records"])],  # checks that passed whole
    }


def _problem(problem: dict | None, notes: list[dict]) -> dict | None:
    if not problem:
        return None
    kind = problem.get("kind") or "unknown"
    found = next((note for note in notes if note["kind"] == "no-code-file"), None)
    if kind == "empty" and any(note["kind"] in UNREADABLE for note in notes):
        # Written before results.json said "unreadable" itself: the file was there but could not be read
        # (a damaged or encrypted archive, a broken notebook); the note says why.
        return {"kind": "unreadable", "raw_kind": kind, **_NO_DETAIL}
    if kind == "empty" and found is not None:
        # Nothing in the submission could be graded: say what was there instead of blaming main.py.
        return {"kind": "no-code", "raw_kind": kind, "found": found["found"], **_NO_DETAIL}
    if kind == "runtime" and "in the grader" in str(problem.get("detail") or ""):
        # Not test code that failed: a part of Python the sandbox does not offer (its message says which).
        kind = "unavailable"
    line = problem.get("line") if kind in _LINE_KINDS else None
    source = problem.get("source")
    cell, cell_line = _number(problem.get("cell")), _number(problem.get("cell_line"))
    return {
        "kind": kind if kind in _KNOWN_PROBLEMS else "unknown",
        "raw_kind": clean(kind, 60),
        # A module the grader does not offer: its refusal lists every module there is (grader.sandbox.imports).
        "detail_en": clean(problem.get("detail") or "", room := 1000 if kind == "unavailable" else 400),
        "detail_nl": clean(details.in_dutch(str(problem.get("detail") or "")), room),
        # In a notebook, the line within its cell (the joined source's numbers mean nothing to the student).
        "line": (cell_line if cell and cell_line else line) if isinstance(line, int) else None,
        "cell": cell if cell and cell_line and isinstance(line, int) else None,
        "column": problem.get("column") if isinstance(problem.get("column"), int) and kind != "policy" else None,
        "source": clean(source, 300) if source else None,
        "cause": _CAUSES.get(problem.get("cause"), "") if kind == "missing-functions" else "",
        "intended": intended(source) if kind == "missing-functions" and not problem.get("cause") else None,
        # The three functions written in a notebook's Markdown or raw cells, as missing-function notes.
        "text_cells": [{"kind": "missing-function", "name": clean(str(entry[2]), 60), **text_cell(entry[0], entry[1])}
                       for entry in problem.get("text_cells") or [] if isinstance(entry, list) and len(entry) == 3
                       and _number(entry[0])][:3],
    }

def _output(text: str) -> tuple[str, bool]:
    lines = text.split("\n")
    cut = len(lines) > OUTPUT_LINES or len(text) > OUTPUT_CHARS
    shown = "\n".join(lines[:OUTPUT_LINES])[:OUTPUT_CHARS]
    return clean(shown, OUTPUT_CHARS + 1).rstrip("\n"), cut


def build(result: dict, reveal: bool = False) -> dict:
    """A student's feedback as plain data for the templates.

    In: one submission entry of results.json (grader.results.submission_result). Out: a
    dict with ``id``, ``status``, ``graded``, ``score``, ``max_score``, ``problem`` (None or
    the load problem: kind/detail/line/column/source, and ``cell`` with ``line`` within that
    cell for a notebook; ``text_cells``: the functions written in a notebook's Markdown or raw cells, as
    ``missing-function`` notes; kind ``no-code`` with ``found``, the files that were there, when the
    submission held nothing to grade), ``notes`` (per note its kind and cleaned details, file
    lists cut to note_views.LISTED_NAMES), ``output`` (cut, cleaned),
    ``output_cut``, ``legend`` (when a failure shows code under "Tried": ``key``, ``code``), ``start``
    (the first checkpoint that does not pass when two or more do not, else None) and
    ``checkpoints``: per checkpoint its verdict and counts, its root cause (None;
    ``validation`` when checkpoint 1 failed; else ``fingerprint`` on checkpoint 3 when
    checkpoint 2 failed or a check confirms it, ``confirmed``), whether its function is
    missing (``unrun``: its note when defined in a notebook cell that never ran; ``text``: its note when written in a
    notebook's Markdown or raw cell), its failures grouped per check (parametrized cases together, the first
    SHOWN_CASES in full; a confirming check first), ``grouped``: the failures only listed
    because they share the root cause (``cause``: ``validation``, the same invalid input as a
    failed case of checkpoint 1; ``repeats``, an invalid input tried again that another failed check of the
    checkpoint already shows (selection ``same_case``); ``fingerprint``, anything else once the fingerprint is
    confirmed as the cause; ``same-result``, every case got a result an earlier failure
    already shows; ``more``, a failure past the first FULL_FINDINGS shown in full, not in the instructor's
    view), ``not_run_count`` and ``not_run`` (how many checks were not run, none of
    their cases failed, and the message id saying why), ``stopped_by`` (None, or the
    ``function`` and ``number`` of the checkpoint whose time-outs, memory exhaustions or crashes
    stopped grading before this one was fully tested, and the ``message`` id: then it has no
    root cause and its failures no hint) and its passed checks. A failure's ``not_run``: its
    cases not run, never counted as failed. Student text is cleaned of invisible characters and cut; escaping is the
    templates' job. Hidden checks show only their name and hint (a case's ``hidden`` is
    True) unless ``reveal`` (the instructor's view).
    """
    graded = result["status"] == "graded"
    load = result.get("load") or {}
    entries = result.get("checkpoints", {}) if reveal else _concealed(result.get("checkpoints", {}))
    verdicts, inherited = selection.context(entries)
    notes = views(load.get("notes", []))
    missing = {note["name"]: note for note in notes if note["kind"] == "missing-function"}
    stop = stopped.summary(result)
    checkpoints = [_checkpoint(key, entries[key], verdicts, missing, graded, inherited, stop, reveal)
                   for key in sorted(entries, key=int)]
    output, output_cut = _output(load.get("output") or "")
    problem = None if graded else _problem(load.get("problem"), notes)
    not_passed = [cp["number"] for cp in checkpoints if not cp["passed"]]
    name = clean(str(result.get("name") or ""), 200)
    return {
        "id": clean(result["id"], 200),
        # The name an LMS gave (Canvas, Moodle...): a number alone does not tell a student it is theirs.
        "name": name if name and name != result["id"] else None,
        "status": result["status"],
        "graded": graded,
        "score": result["score"],
        "max_score": result["max_score"],
        "problem": problem,
        # A submission without code, or an unreadable one, says so in its load problem, not again as a note.
        "notes": [note for note in notes if not (problem and problem["kind"] in ("no-code", "unreadable")
                                                  and note["kind"] == "no-code-file")
                  and not (problem and problem["kind"] == "unreadable" and problem["detail_en"]
                           and note.get("detail") == problem["detail_en"])],
        "output": output,
        "output_cut": output_cut,
        "start": not_passed[0] if graded and len(not_passed) >= 2 else None,
        "legend": _legend(case["tried"] for cp in checkpoints if not cp["missing"]
                          for failure in cp["failures"] for case in failure["cases"] if case["tried"]),
        "checkpoints": checkpoints,
        "file": graded_file_name(result),
    }


def _legend(tried: Iterable[str]) -> dict | None:
    """The legend above the code shown under "Tried": its text key and, when the code uses p, p in full."""
    names = legend.used(tried)
    return {"key": legend.key(names), "code": legend.PROPOSAL if "p" in names else None} if names else None


def graded_file_name(result: dict) -> str:
    """The name the student knows their file by (``main.py`` unless another was graded), safe to show."""
    name = Path(str(result.get("graded_file") or "main.py")).name
    return name if re.fullmatch(r"[\w.() -]{1,80}", name) else "main.py"
