"""What a student's feedback says, whatever the format: one submission result turned into a view."""

from __future__ import annotations

import re
from pathlib import Path

from grader.battery import FUNCTIONS
from grader.discover import safe_name
from grader.discover.choose import RULE
from grader import details
from grader.reports.templating import Names
from grader.results import base_id

# Of a parametrized check that fails in many cases, this many cases are shown in full.
SHOWN_CASES = 3
# Captured output is shown up to this many characters and lines.
OUTPUT_CHARS = 2000
OUTPUT_LINES = 40
# Student text longer than this (a value, a message) is cut.
TEXT_CHARS = 1000
# File names listed in a note at most (the rest are counted: "and 40 more files").
LISTED_NAMES = 10

# The report's legend for the code under "Tried": the lesson's proposal p (H(x) is explained in
# words only: its code would be checkpoint 2's solution).
LEGEND = ("p = {'call_id': 'c1', 'actor': 'learner', 'name': 'set_ticket', 'version': 0,\n"
          "     'arguments': {'ticket': 'lamp', 'status': 'done'}}")

# Control characters and bidirectional overrides would hide or reorder what is shown.
_INVISIBLE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
# Load problem kinds that point at a line of main.py.
_LINE_KINDS = ("syntax", "indentation", "policy", "runtime", "unavailable")
_KNOWN_PROBLEMS = ("encoding", "empty", "too-large", "syntax", "indentation", "policy", "runtime",
                   "missing-functions", "timeout", "crashed", "unavailable")
# Clauses whose checks each try one status in isolation (CONTRACT.md D8, D9, D11-D14): when one of those
# fails, it names the rule that is wrong, and the checks that combine rules (the order, D7; the host's
# limits, D3) fail with it; so it is shown first. (Replay and conflict, D10, depend on the order itself.)
SINGLE_RULE_CLAUSES = frozenset({"D8", "D9", "D11", "D12", "D13", "D14"})


def report_order(record: dict) -> tuple[bool, bool, bool]:
    """The reports' order of failed checks (a sort key; the battery's order within each rank): a finding
    that confirms the fingerprint as root cause first, a finding made while setting up a situation
    last, and among the others the checks of :data:`SINGLE_RULE_CLAUSES` first."""
    detail = record.get("detail") or {}
    return (detail.get("cause") != "fingerprint", bool(detail.get("setup")),
            record.get("clause") not in SINGLE_RULE_CLAUSES)


# A problem view's fields when nothing more than its kind is said (the detail in English and in Dutch).
_NO_DETAIL = {"detail": "", "detail_en": "", "detail_nl": "", "line": None, "column": None, "cell": None, "source": None}

# Intake notes that say why a submission's file could not be read (its source is then empty).
_UNREADABLE = ("notebook-unreadable", "archive-unreadable", "archive-member-refused")
# Notes from the sandbox and from the intake (grader/discover), each with its own sentence.
_KNOWN_NOTES = ("missing-function", "decoded-cp1252", "decoded-utf16", "exit-called", "renamed-id", "chosen-file",
                "attempts", "late", "online-text", "notebook", "notebook-unreadable", "archive-unreadable",
                "archive-member-refused", "too-many-files", "no-code-file", "duplicate-member")


def clean(text: object, limit: int = TEXT_CHARS) -> str:
    """Untrusted text made visible: control and bidi characters as ``\\uXXXX``, cut at ``limit``."""
    text = _INVISIBLE.sub(lambda found: f"\\u{ord(found.group()):04x}", str(text))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def feedback_path(out: Path, student_id: str, suffix: str) -> Path:
    """Where a student's feedback file goes: ``out/feedback/<safe_name(id)>.<suffix>``."""
    return out / "feedback" / f"{safe_name(student_id)}.{suffix}"


def case_label(check_id: str) -> str | None:
    """The parametrized case of a check id (``call-id-41``), or None."""
    if "[" in check_id and check_id.endswith("]"):
        return check_id.split("[", 1)[1][:-1]
    return None


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


def _groups(records: list[dict]) -> list[dict]:
    """Records grouped by check (the id before ``[``), in battery order."""
    groups: dict[str, dict] = {}
    for record in records:
        group = groups.setdefault(base_id(record["id"]), {
            "id": base_id(record["id"]), "message": record.get("message") or "", "hint": record.get("hint") or "",
            "clause": record.get("clause"), "records": [],
        })
        group["records"].append(record)
    return list(groups.values())


def _failure(group: dict, total: int) -> dict:
    cases = [_case(record) for record in group["records"]]
    return {
        "id": group["id"], "message": group["message"], "hint": group["hint"], "clause": group["clause"],
        "parametrized": cases[0]["label"] is not None, "failed": len(cases), "total": total,
        "cases": cases[:SHOWN_CASES], "more": max(0, len(cases) - SHOWN_CASES),
    }


# Checkpoint 1's clauses about the copy it returns (a new dict, copied arguments, an untouched
# input): checkpoints 2 and 3 do not inherit them (CONTRACT.md F4, D5 name V1-V7).
COPY_CLAUSES = frozenset({"V9", "V10", "V11"})
# Checkpoint 2's clauses about the digest itself: a wrong one makes checkpoint 3's approvals fail.
DIGEST_CLAUSES = frozenset({"F1", "F2", "F3"})


def _cause(record: dict) -> str | None:
    """The root cause a failed check's finding names (``detail.cause``), or None."""
    return (record.get("detail") or {}).get("cause")


def _same_result(records: list[dict]) -> list[dict]:
    """The failed checks, after the first, whose every case got a result an earlier check already shows.

    Such checks most likely fail for the same reason (a misplaced status check makes a dozen
    checks return the same status), so the reports only list them.
    """
    seen: set[str] = set()
    later: list[dict] = []
    for group in _groups(records):
        results = [(record.get("detail") or {}).get("got") for record in group["records"]]
        if seen and all(record["outcome"] == "failed" and got in seen for record, got in zip(group["records"], results)):
            later += group["records"]
        else:
            seen.update(got for got in results if isinstance(got, str))
    return later


def _checkpoint(key: str, entry: dict, verdicts: dict[str, bool], missing: set[str], graded: bool,
                inherited: frozenset = frozenset()) -> dict:
    number = int(key)
    function = FUNCTIONS[number - 1] if 1 <= number <= len(FUNCTIONS) else key
    records = entry.get("checks", [])
    totals = {group["id"]: len(group["records"]) for group in _groups(records)}
    failed = [r for r in records if r["outcome"] != "passed"]
    passed = [r for r in records if r["outcome"] == "passed"]
    # Root cause first: name the earliest failed checkpoint this one depends on (CONTRACT.md,
    # "Grading policy"): the validation of checkpoint 1, else the fingerprint of checkpoint 2.
    # A check whose finding confirms the fingerprint as the cause is shown first, and the other
    # failures are then only listed; so are checks that fail on an invalid input (cause
    # "validation") on which checkpoint 1 fails too (``inherited``: its failed case labels).
    confirmed = [r for r in failed if _cause(r) == "fingerprint"]
    root = None
    if graded and failed and number >= 2 and not verdicts.get("validation", True):
        root = "validation"
    elif graded and failed and number == 3 and (confirmed or not verdicts.get("fingerprint", True)):
        root = "fingerprint"
    same_input = [r for r in failed if _cause(r) == "validation"
                  and ((r.get("detail") or {}).get("case") or case_label(r["id"])) in inherited]
    grouped = same_input + ([r for r in failed if r not in confirmed and r not in same_input]
                            if graded and confirmed else [])
    rest = [r for r in failed if r not in confirmed and r not in grouped]
    # A check that failed while setting up its scene (a preparatory call) says less than one that
    # failed on what it tests, so those come last.
    shown = confirmed + sorted(rest, key=report_order)
    same_result = _same_result(shown)
    shown = [r for r in shown if r not in same_result]
    return {
        "number": number,
        "function": function,
        "passed": bool(entry.get("passed")),
        "total": len(records),
        "passed_count": len(passed),
        "missing": graded and function in missing,
        "root_cause": root,
        "confirmed": bool(confirmed) and root == "fingerprint",
        "failures": [_failure(group, totals[group["id"]]) for group in _groups(shown)],
        "grouped": [{"message": group["message"], "failed": len(group["records"]), "total": totals[group["id"]],
                     "parametrized": case_label(group["records"][0]["id"]) is not None,
                     "cause": "validation" if group["records"][0] in same_input else "fingerprint"}
                    for group in _groups(grouped)] +
                   [{"message": group["message"], "failed": len(group["records"]), "total": totals[group["id"]],
                     "parametrized": case_label(group["records"][0]["id"]) is not None, "cause": "same-result"}
                    for group in _groups(same_result)],
        "passes": [{"message": group["message"], "count": len(group["records"]),
                    "parametrized": case_label(group["records"][0]["id"]) is not None} for group in _groups(passed)],
    }


def _number(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _names(values: object) -> Names:
    """Untrusted names, cleaned, the first LISTED_NAMES of them (``more``: how many were left off)."""
    values = [clean(value, 200) for value in values] if isinstance(values, list) else []
    return Names(values[:LISTED_NAMES], max(0, len(values) - LISTED_NAMES))


def _problem(problem: dict | None, notes: list[dict]) -> dict | None:
    if not problem:
        return None
    kind = problem.get("kind") or "unknown"
    found = next((note for note in notes if note["kind"] == "no-code-file"), None)
    if kind == "empty" and found is not None:
        # Nothing in the submission could be graded: say what was there instead of blaming main.py.
        return {"kind": "no-code", "raw_kind": kind, "found": found["found"], **_NO_DETAIL}
    if kind == "empty" and any(note["kind"] in _UNREADABLE for note in notes):
        # The file was there but could not be read (a damaged or encrypted archive, a broken
        # notebook): the note says why; "only blank lines or comments" would send the student astray.
        return {"kind": "unreadable", "raw_kind": kind, **_NO_DETAIL}
    if kind == "runtime" and "in the grader" in str(problem.get("detail") or ""):
        # Not test code that failed: a part of Python the sandbox does not offer (its message says which).
        kind = "unavailable"
    line = problem.get("line") if kind in _LINE_KINDS else None
    source = problem.get("source")
    cell, cell_line = _number(problem.get("cell")), _number(problem.get("cell_line"))
    return {
        "kind": kind if kind in _KNOWN_PROBLEMS else "unknown",
        "raw_kind": clean(kind, 60),
        "detail": clean(problem.get("detail") or "", 400),
        "detail_en": clean(problem.get("detail") or "", 400),
        "detail_nl": clean(details.in_dutch(str(problem.get("detail") or "")), 400),
        # In a notebook, the line within its cell (the joined source's numbers mean nothing to the student).
        "line": (cell_line if cell and cell_line else line) if isinstance(line, int) else None,
        "cell": cell if cell and cell_line and isinstance(line, int) else None,
        "column": problem.get("column") if isinstance(problem.get("column"), int) and kind != "policy" else None,
        "source": clean(source, 300) if source else None,
    }


def _note(note: dict) -> dict:
    """A note as the templates show it: its kind and its details, cleaned (lists cut, see :func:`_names`)."""
    kind = note.get("kind")
    if kind not in _KNOWN_NOTES:
        return {"kind": "unknown", "raw_kind": clean(kind, 60)}
    text = lambda key, limit=200: clean(note.get(key) or "?", limit)  # noqa: E731
    if kind == "missing-function":
        return {"kind": kind, "name": text("name", 60)}
    if kind == "exit-called":
        return {"kind": kind, "line": _number(note.get("line"))}
    if kind == "renamed-id":
        return {"kind": kind, "old": text("from", 120)}
    if kind == "chosen-file":
        rule = RULE.index(note.get("rule")) if note.get("rule") in RULE else None
        return {"kind": kind, "file": text("file"), "rule": rule, "ignored": _names(note.get("ignored"))}
    if kind == "attempts":
        return {"kind": kind, "graded": text("graded", 80), "count": _number(note.get("count")) or 2}
    if kind in ("online-text", "notebook", "archive-unreadable"):
        return {"kind": kind, "file": text("file"), "detail": text("detail", 300),
                "replaced": _number(note.get("replaced")) or 0}
    if kind == "notebook-unreadable":
        return {"kind": kind, "detail": text("detail", 300)}
    if kind == "archive-member-refused":
        return {"kind": kind, "files": _names([note.get("file") or "?"])}
    if kind == "too-many-files":
        return {"kind": kind, "folder": text("folder"), "limit": _number(note.get("limit")) or 0}
    if kind == "duplicate-member":
        return {"kind": kind, "file": text("file"), "count": _number(note.get("count")) or 2}
    if kind == "no-code-file":
        return {"kind": kind, "found": _names(note.get("found"))}
    return {"kind": kind}


def _notes(notes: list[dict]) -> list[dict]:
    """The notes in order, the refused archive members of a submission merged into one note."""
    shown: list[dict] = []
    refused: list[str] = []
    for note in map(_note, notes):
        if note["kind"] == "archive-member-refused":
            if not refused:
                shown.append(note)
            refused.extend(note["files"])
        else:
            shown.append(note)
    for note in shown:
        if note["kind"] == "archive-member-refused":
            note["files"] = _names(refused)
    return shown


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
    cell for a notebook; kind ``no-code`` with ``found``, the files that were there, when the
    submission held nothing to grade), ``notes`` (per note its kind and cleaned details, file
    lists cut to LISTED_NAMES), ``output`` (cut, cleaned),
    ``output_cut``, ``legend`` (LEGEND when a failure shows code under "Tried"), ``start``
    (the first checkpoint that does not pass when two or more do not, else None) and
    ``checkpoints``: per checkpoint its verdict and counts, its root cause (None;
    ``validation`` when checkpoint 1 failed; else ``fingerprint`` on checkpoint 3 when
    checkpoint 2 failed or a check confirms it, ``confirmed``), whether its function is
    missing, its failures grouped per check (parametrized cases together, the first
    SHOWN_CASES in full; a confirming check first), ``grouped``: the failures only listed
    because they share the root cause (``cause``: ``validation``, the same invalid input as a
    failed case of checkpoint 1; ``fingerprint``, anything else once the fingerprint is
    confirmed as the cause; ``same-result``, every case got a result an earlier failure
    already shows), and its passed checks. Student text is cleaned of invisible characters and cut; escaping is the
    templates' job. Hidden checks show only their name and hint (a case's ``hidden`` is
    True) unless ``reveal`` (the instructor's view).
    """
    graded = result["status"] == "graded"
    load = result.get("load") or {}
    entries = result.get("checkpoints", {}) if reveal else _concealed(result.get("checkpoints", {}))
    verdicts = {key: bool(entry.get("passed")) for key, entry in entries.items()}
    # Checkpoints 2 and 3 inherit what validate_ticket_proposal accepts and refuses, not how it copies.
    verdicts["validation"] = not any(r["outcome"] != "passed" and r.get("clause") not in COPY_CLAUSES
                                     for r in entries.get("1", {}).get("checks", []))
    # Checkpoint 3 blames checkpoint 2 only for a wrong digest (F1-F3): the checks approve with H(p),
    # and dispatch_ticket validates and hashes its own copy (CONTRACT.md, "Grading policy").
    verdicts["fingerprint"] = not any(r["outcome"] != "passed" and r.get("clause") in DIGEST_CLAUSES
                                      for r in entries.get("2", {}).get("checks", []))
    notes = _notes(load.get("notes", []))
    missing = {note["name"] for note in notes if note["kind"] == "missing-function"}
    inherited = frozenset(case_label(r["id"]) for r in entries.get("1", {}).get("checks", [])
                          if r["outcome"] != "passed" and case_label(r["id"]) is not None)
    checkpoints = [_checkpoint(key, entries[key], verdicts, missing, graded, inherited)
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
        # A submission without code says what was there in its load problem, not again as a note.
        "notes": [note for note in notes if not (problem and problem["kind"] == "no-code"
                                                  and note["kind"] == "no-code-file")],
        "output": output,
        "output_cut": output_cut,
        "start": not_passed[0] if graded and len(not_passed) >= 2 else None,
        "legend": LEGEND if any(case["tried"] for cp in checkpoints if not cp["missing"]
                                for failure in cp["failures"] for case in failure["cases"]) else None,
        "checkpoints": checkpoints,
        "file": graded_file_name(result),
    }


def graded_file_name(result: dict) -> str:
    """The name the student knows their file by (``main.py`` unless another was graded), safe to show."""
    name = Path(str(result.get("graded_file") or "main.py")).name
    return name if re.fullmatch(r"[\w.() -]{1,80}", name) else "main.py"
