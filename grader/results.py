"""The results of a run as plain data: the versioned JSON format every report is rendered from."""

from __future__ import annotations

import datetime
import hashlib
from pathlib import Path

from grader import __version__
from grader.discover.notebooks import locate, text_cell
from grader.score import MAX_SCORE, verdicts

# The results.json format version. History:
# 1: first format: submissions with id, source, sha256, status, score, max_score, load,
#    checkpoints {"1".."3": {passed, checks: [{id, checkpoint, clause, outcome, message,
#    hint, detail, error}]}}.
#    Added within 1: name, layout, graded_file, ignored_files, attempts, late (where a
#    submission came from: see placement()); load.problem.cell and cell_line (notebooks);
#    checks[].hidden (an instructor's hidden check from --checks); elapsed_seconds (the run's
#    duration, top level); checks[].detail.cause and .setup (see grader.battery.Mismatch).
# 2: a check's fixed texts are listed once, at top level: "checks" {base id: {checkpoint,
#    clause, message, hint, hidden}}; a submission's check records hold only id, outcome and,
#    when there are any, detail and error (a class's file is about six times smaller).
#    expand() gives the records of format 1 back.
#    Added within 2: checks[].detail.tip (shown before the hint, grader.battery.Mismatch).
FORMAT_VERSION = 2
_FIXED = ("checkpoint", "clause", "message", "hint", "hidden")


def base_id(check_id: str) -> str:
    """The check a record belongs to: ``v3_bad_id_refused[call-id-41]`` -> ``v3_bad_id_refused``."""
    return check_id.split("[", 1)[0]


def compact(result: dict, catalogue: dict[str, dict]) -> dict:
    """``result`` (records of format 1) as a format-2 entry; its checks' fixed texts go into ``catalogue``.

    ``catalogue`` ({base id: {checkpoint, clause, message, hint, hidden}}) is updated in place.
    """
    checkpoints = {}
    for key, entry in result.get("checkpoints", {}).items():
        records = []
        for record in entry.get("checks", []):
            catalogue.setdefault(base_id(record["id"]), {field: record.get(field) for field in _FIXED})
            short = {"id": record["id"], "outcome": record["outcome"]}
            for field in ("detail", "error"):
                if record.get(field) is not None:
                    short[field] = record[field]
            records.append(short)
        checkpoints[key] = {**{k: v for k, v in entry.items() if k != "checks"}, "checks": records}
    return {**result, "checkpoints": checkpoints}


def expand(entry: dict, catalogue: dict[str, dict]) -> dict:
    """A format-2 ``entry`` with the records of format 1 (every field of every check).

    Raises ``KeyError`` for a check that ``catalogue`` does not list.
    """
    checkpoints = {}
    for key, part in entry.get("checkpoints", {}).items():
        records = [{"id": record["id"], **catalogue[base_id(record["id"])], "outcome": record["outcome"],
                    "detail": record.get("detail"), "error": record.get("error")} for record in part.get("checks", [])]
        checkpoints[key] = {**{k: v for k, v in part.items() if k != "checks"}, "checks": records}
    return {**entry, "checkpoints": checkpoints}


def battery_version(checks_dir: Path) -> str:
    """A short hash of every file of a battery folder (changes when a check, a helper module or a data
    file it reads changes); ``__pycache__`` and hidden folders are left out."""
    digest = hashlib.sha256()
    for path in sorted(checks_dir.rglob("*")):
        parts = path.relative_to(checks_dir).parts
        if path.is_file() and "__pycache__" not in parts and not any(part.startswith(".") for part in parts):
            digest.update("/".join(parts).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def grader_version() -> str:
    """A short hash of the grader's own code and templates: results stored by another build are stale."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".html", ".md", ".css", ".js") and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def localize(text: object, lang: str) -> object:
    """Pick ``lang`` from a ``{"nl": ..., "en": ...}`` text; code strings pass unchanged."""
    if isinstance(text, dict) and set(text) == {"nl", "en"}:
        return text[lang]
    return text


def placement(submission) -> dict:
    """The fields of a result that say where a submission came from, not how it did.

    Two students may hand in identical bytes: a result reused for another submission must
    take these (and ``load.notes``) from that submission.
    """
    return {
        "id": submission.id,
        "source": submission.path,
        "name": getattr(submission, "name", None),
        "layout": getattr(submission, "layout", "file"),
        "graded_file": getattr(submission, "graded_file", None),
        "ignored_files": list(getattr(submission, "ignored_files", [])),
        "attempts": list(getattr(submission, "attempts", [])),
        "late": bool(getattr(submission, "late", False)),
    }


def _in_notebook(problem: dict | None, notes: list[dict]) -> dict | None:
    """``problem`` with ``cell`` and ``cell_line`` added when the source came from a notebook."""
    notebook = next((note for note in notes if note.get("kind") == "notebook"), None)
    if not problem or notebook is None:
        return problem
    found = locate(problem.get("line"), notebook)
    return {**problem, "cell": found[0] if found else None, "cell_line": found[1] if found else None}


def _in_text_cells(problem: dict | None, notes: list[dict], intake: list[dict]) -> tuple[dict | None, list[dict]]:
    """``problem`` and the loader's ``notes`` told where a notebook (its ``intake`` note) has a missing function
    written in a Markdown or raw cell, which never runs: a ``missing-function`` note (but one of a cell that never
    ran) gets ``text_cell`` and ``cell_type``; a ``missing-functions`` or ``empty`` problem gets ``text_cells``,
    ``[[cell, kind, function], ...]``."""
    notebook = next((note for note in intake if note.get("kind") == "notebook"), None)
    if notebook is None or not notebook.get("text_defs"):
        return problem, notes
    if problem and problem.get("kind") in ("missing-functions", "empty"):
        problem = {**problem, "text_cells": notebook["text_defs"]}
    return problem, [{**note, **text_cell(note.get("name"), notebook)}
                     if note.get("kind") == "missing-function" and not note.get("cell") else note for note in notes]


# Intake notes that say why the graded file (or, with none chosen, the submission) could not be read.
UNREADABLE_NOTES = ("notebook-unreadable", "archive-unreadable", "file-unreadable", "folder-unreadable")
# The loader's notes that the file was not saved as UTF-8 (grader.sandbox.loader): the terminal says them too.
DECODED = ("decoded-cp1252", "decoded-utf16")


def decoded(result: dict) -> str | None:
    """The kind of ``result``'s note that its file was not saved as UTF-8 (one of DECODED), or None."""
    notes = (result.get("load") or {}).get("notes") or []
    return next((note["kind"] for note in notes if isinstance(note, dict) and note.get("kind") in DECODED), None)


def renamed(result: dict) -> str | None:
    """The id ``result``'s student had before the intake renamed it to keep it apart from another (``José`` of
    ``José-2``: the ``from`` of its first ``renamed-id`` note; a summary's own ``renamed``), or None."""
    if "renamed" in result:  # a summary (grader.reports.classview), which keeps no notes
        return result["renamed"]
    notes = (result.get("load") or {}).get("notes") or []
    return next((str(note.get("from")) for note in notes if isinstance(note, dict) and note.get("kind") == "renamed-id"),
                None)


def _unreadable(notes: list[dict], graded_file: str | None) -> dict | None:
    """The note that says why the graded file could not be read, or None (a file that simply holds no code).

    A broken notebook is always the graded file; an archive's or a file's note counts when it names the
    graded file (its member could not be read) or when nothing else could be graded.
    """
    for note in notes:
        if note.get("kind") == "notebook-unreadable" or (
                note.get("kind") in UNREADABLE_NOTES and (graded_file is None or note.get("file") == graded_file)):
            return note
    return None


def settle(entry: dict) -> dict:
    """``entry`` (a result with its own notes and ``graded_file``) with an empty source told apart from an
    unreadable one: status ``load-error`` and problem kind ``unreadable`` (its ``detail``: the note's reason,
    after ``<folder>/: `` for a folder that could not be listed) when the intake could not read the file, else
    ``empty`` (its ``detail`` says whether it was online text without code). Changed in place and returned; a result stored
    for the same bytes (an empty source) may come from a student whose file was readable, or not."""
    problem = (entry.get("load") or {}).get("problem")
    if not problem or problem.get("kind") not in ("empty", "unreadable"):
        return entry
    note = _unreadable(entry["load"].get("notes", []), entry.get("graded_file"))
    if note is None:
        online = entry.get("graded_file") is None and any(note.get("kind") == "online-text-no-code"
                                                          for note in entry["load"].get("notes", []))
        entry["load"]["problem"] = {**problem, "kind": "empty",
                                    "detail": "the online text holds no Python code" if online else "the file has no code"}
        entry["status"] = "empty"
    else:
        detail = str(note.get("detail") or "?")
        if note.get("kind") == "folder-unreadable":  # which folder: the student may have readable files beside it
            detail = f"{note.get('folder')}/: {detail}"
        entry["load"]["problem"] = {**problem, "kind": "unreadable", "detail": detail}
        entry["status"] = "load-error"
    return entry


def submission_result(submission, load: dict, outcomes: dict[int, dict], checks: list[dict], lang: str) -> dict:
    """One submission's entry of results.json (see FORMAT_VERSION).

    In: the Submission, the child's load message (``status`` ok/failed, ``problem``,
    ``output``, ``notes``), outcomes by check index, the battery's check metadata, and the
    report language (``nl``/``en``). Out: a JSON-serialisable dict.
    """
    loaded = load.get("status") == "ok"
    records = []
    for index, meta in enumerate(checks):
        outcome = outcomes.get(index, {"outcome": "not-run"}) if loaded else {"outcome": "not-run"}
        detail = outcome.get("detail")
        records.append({
            "id": meta["id"],
            "checkpoint": meta["checkpoint"],
            "clause": meta["clause"],
            "outcome": outcome["outcome"],
            "message": localize(meta["message"], lang),
            "hint": localize(meta["hint"], lang),
            "detail": {key: localize(value, lang) for key, value in detail.items()} if detail else None,
            "error": outcome.get("error"),
            "hidden": bool(meta.get("hidden")),
        })
    checkpoints, score = verdicts(records)
    problem, notes = _in_text_cells(load.get("problem"), load.get("notes", []), submission.notes)
    status = "graded" if loaded else ("empty" if problem and problem["kind"] == "empty" else "load-error")
    return settle({
        **placement(submission),
        "sha256": submission.sha256,
        "status": status,
        "score": score if loaded else 0,
        "max_score": MAX_SCORE,
        "load": {"problem": _in_notebook(problem, submission.notes), "output": load.get("output", ""),
                 "notes": submission.notes + notes},
        "checkpoints": checkpoints if loaded else {k: {**v, "passed": False} for k, v in checkpoints.items()},
    })


def run_header(battery: str, lang: str) -> dict:
    """The top-level fields of results.json, without ``submissions`` (written one at a time)."""
    return {
        "format": FORMAT_VERSION,
        "grader": __version__,
        "battery": battery,
        "lang": lang,
        "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    }
