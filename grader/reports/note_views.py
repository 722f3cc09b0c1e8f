"""A submission's notes as its reports show them: each note's kind and its details, cleaned and cut."""

from __future__ import annotations

from grader import details
from grader.discover.choose import RULE
from grader.reports.cleaning import clean
from grader.reports.templating import Names
from grader.results import UNREADABLE_NOTES

# File names listed in a note at most (the rest are counted: "and 40 more files").
LISTED_NAMES = 10
# Files left out beside the graded one, named in its note at most (the report stays short).
LEFT_OUT_NAMES = 5
# Intake notes that say why a submission's file could not be read (its source is then empty).
UNREADABLE = (*UNREADABLE_NOTES, "archive-member-refused")
# Notes from the sandbox and from the intake (grader/discover), each with its own sentence.
KNOWN_NOTES = ("missing-function", "syntax-warning", "decoded-cp1252", "decoded-utf16", "exit-called", "notebook-stopped",
               "cpu-budget", "renamed-id", "chosen-file", "attempts", "late", "online-text", "online-text-no-code", "notebook",
               "too-many-files", "no-code-file", "duplicate-member", *UNREADABLE)


def number(value: object) -> int | None:
    """``value`` when it is an int (not a bool), else None: a note's number as the reports trust it."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _names(values: object, limit: int = LISTED_NAMES, more: object = 0) -> Names:
    """Untrusted names, cleaned, the first ``limit`` of them; the Names' ``more``: how many were left off,
    counting ``more`` (a note's count of names it never listed)."""
    values = [clean(value, 200) for value in values] if isinstance(values, list) else []
    return Names(values[:limit], max(0, len(values) - limit) + max(0, number(more) or 0))


def text_cell(cell: object, kind: object) -> dict:
    """``{"text_cell": cell, "cell_type": kind}`` of a function written in a notebook's text cell (grader.results:
    kind ``markdown`` or ``raw``, anything else read as ``markdown``), or ``{}`` when ``cell`` is no number."""
    return {"text_cell": number(cell), "cell_type": kind if kind in ("markdown", "raw") else "markdown"} \
        if number(cell) else {}


def _view(note: dict) -> dict:
    """A note as the templates show it: its kind and its details, cleaned (lists cut, see :func:`_names`)."""
    kind = note.get("kind")
    if kind not in KNOWN_NOTES:
        return {"kind": "unknown", "raw_kind": clean(kind, 60)}
    text = lambda key, limit=200: clean(note.get(key) or "?", limit)  # noqa: E731
    if kind == "missing-function":  # near: a callable of main.py with a name close to it (grader.sandbox.loader)
        return {"kind": kind, "name": text("name", 60), **({"near": text("near", 80)} if note.get("near") else {}),
                **({"cell": number(note.get("cell")), "after": number(note.get("after")) or "?"}
                   if number(note.get("cell")) else {}),  # defined in a notebook cell that never ran
                **text_cell(note.get("text_cell"), note.get("cell_type"))}
    if kind == "exit-called":
        return {"kind": kind, "line": number(note.get("line"))}
    if kind == "syntax-warning":
        return {"kind": kind, "line": number(note.get("line")) or "?", "cell": number(note.get("cell")), "detail": text("detail")}
    if kind == "notebook-stopped":
        return {"kind": kind, "cell": number(note.get("cell")) or "?", "line": number(note.get("line")),
                "detail": text("detail", 300), "detail_nl": clean(details.in_dutch(text("detail", 300)))}
    if kind == "cpu-budget":
        return {"kind": kind, "seconds": number(note.get("seconds")) or 0}
    if kind == "renamed-id":
        return {"kind": kind, "old": text("from", 120)}
    if kind == "chosen-file":
        rule = RULE.index(note.get("rule")) if note.get("rule") in RULE else None
        return {"kind": kind, "file": text("file"), "rule": rule,
                "ignored": _names(note.get("ignored"), LEFT_OUT_NAMES, note.get("more"))}
    if kind == "attempts":
        return {"kind": kind, "graded": text("graded", 80), "count": number(note.get("count")) or 2}
    if kind in ("online-text", "notebook", "archive-unreadable", "file-unreadable"):
        return {"kind": kind, "file": text("file"), "detail": text("detail", 300),
                "detail_nl": clean(details.in_dutch(text("detail", 300))), "replaced": number(note.get("replaced")) or 0,
                "prose_left_out": note.get("prose_left_out") is True}
    if kind == "notebook-unreadable":
        return {"kind": kind, "detail": text("detail", 300), "detail_nl": clean(details.in_dutch(text("detail", 300)))}
    if kind == "archive-member-refused":
        return {"kind": kind, "files": _names([note.get("file") or "?"])}
    if kind == "too-many-files":
        return {"kind": kind, "folder": text("folder"), "limit": number(note.get("limit")) or 0}
    if kind == "folder-unreadable":
        return {"kind": kind, "folder": text("folder"), "detail": text("detail", 300)}
    if kind == "duplicate-member":
        return {"kind": kind, "file": text("file"), "count": number(note.get("count")) or 2}
    if kind == "no-code-file":
        return {"kind": kind, "found": _names(note.get("found"))}
    if kind == "online-text-no-code":  # its text: what the student wrote there ("zie bijlage"), or nothing
        return {"kind": kind, "file": text("file"), "text": clean(note.get("text") or "", 200)}
    return {"kind": kind}


def _replaced_that_ran(notes: list[dict]) -> int | None:
    """How many IPython lines read as ``pass`` were in the notebook cells that ran, up to the one that stopped
    loading (a ``notebook-stopped`` note; the ``notebook`` note's ``replaced_cells``), or None (none stopped)."""
    stop = next((number(note.get("cell")) for note in notes if note.get("kind") == "notebook-stopped"), None)
    replaced = next((note.get("replaced_cells") for note in notes if note.get("kind") == "notebook"), None)
    if stop is None or not isinstance(replaced, list):
        return None
    return sum(pair[1] for pair in replaced if isinstance(pair, list) and len(pair) == 2
               and all(number(value) for value in pair) and pair[0] <= stop)


def views(notes: list[dict]) -> list[dict]:
    """The notes in order, the refused archive members of a submission merged into one note, and of a notebook
    that stopped loading only the IPython lines of the cells that ran counted (:func:`_replaced_that_ran`)."""
    shown: list[dict] = []
    refused: list[str] = []
    for note in map(_view, notes):
        if note["kind"] == "archive-member-refused":
            if not refused:
                shown.append(note)
            refused.extend(note["files"])
        else:
            shown.append(note)
    for note in shown:
        if note["kind"] == "archive-member-refused":
            note["files"] = _names(refused)
        elif note["kind"] == "notebook" and (ran := _replaced_that_ran(notes)) is not None:
            note["replaced"] = ran
    return shown
