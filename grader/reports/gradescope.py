"""Gradescope's results.json for one submission: a test per checkpoint, the feedback as Markdown."""

from __future__ import annotations

import json
from pathlib import Path

from grader.discover import safe_name
from grader.reports import feedback, markdown, notes, templating
from grader.reports.files import write_atomic

# Gradescope's "Autograder Specifications" (output format): every field written here.
#   score, execution_time (s), output, output_format, test_output_format, stdout_visibility,
#   extra_data, tests[]: score, max_score, status (passed/failed), name, number, output,
#   output_format (text/html/simple_format/md/ansi), tags, visibility.
VISIBILITY = "visible"
# Failed checks listed per checkpoint test (the top-level output has every detail).
LISTED_CHECKS = 10


def _outcome(case: dict, t) -> str:
    """Why a case has no result, in words (as in the student's report), not its code (``timeout``)."""
    if case["outcome"] == "timeout":
        # The line of main.py that was running: the student's code, backticks too, in a span they cannot close.
        return t("outcome_timeout") + (f" {templating.inline_code(case['got'])}" if case.get("got") else "")
    if case["outcome"] == "memory":
        return t("outcome_memory")
    return t("outcome_crashed" if case["outcome"] == "crashed" else "outcome_error", error=case["error"])


def _checkpoint_output(cp: dict, t) -> str:
    """A checkpoint test's Markdown: the counts, then each failed check with its first case and hint."""
    lines = [t("cp_counts", passed=cp["passed_count"], total=cp["total"]) if cp["total"] else t("cp_no_checks")]
    if cp["missing"]:
        return "\n\n".join(lines + [notes.missing_box(cp, t)])
    for failure in cp["failures"][:LISTED_CHECKS]:
        struck = t("struck_" + failure["struck"]) + " " if failure["struck"] else ""  # a time-out: said first
        lines.append(f"- ✘ {struck}{failure['message']}")  # the clause only in the tags: students have the lesson, not the contract
        case = failure["cases"][0]
        if case["hidden"]:
            lines.append(f"  - {t('hidden_check')}")
        else:
            for key in ("tried", "got", "expected"):  # the student's report's order
                if case[key] is not None:
                    lines.append(f"  - {t(key)}:{templating.markdown_value(case[key], '    ')}")
            if case["outcome"] != "failed":
                lines.append(f"  - {t('outcome' if case['outcome'] == 'error' else 'got')}: {_outcome(case, t)}")
        hint = case["hint"] or failure["hint"]  # the first case's own tip, when it has one
        if hint:
            lines.append(f"  - {t('hint')}: {hint}")
    if len(cp["failures"]) > LISTED_CHECKS:
        lines.append(f"- … {len(cp['failures']) - LISTED_CHECKS}")
    # Failures with a cause shown elsewhere (checkpoint 1's validation, the fingerprint, the same
    # result as a check above) are listed by their rule only, as in the student's report.
    lines.extend(f"- ✘ {item['message']} ({item['failed']}/{item['total']})" for item in cp["grouped"])
    if cp["stopped_by"]:  # another function's loop left this one untested: that first
        stop = cp["stopped_by"]
        lines[1:1] = [f"**{t('stopped_first', function=stop['function'])}.** "
                      + t(stop["message"], count=cp["not_run_count"], total=cp["total"], function=stop["function"],
                          n=stop["number"]), ""]
    elif cp["not_run_count"]:  # the checks not run: why and how many, never as failed
        lines.append(t(cp["not_run"]) + " " + t("not_run_count", count=cp["not_run_count"]))
    if cp["root_cause"]:
        root = t("root_first", n=1 if cp["root_cause"] == "validation" else 2)
        lines[1:1] = [f"**{root}.** " + t(f"root_{cp['root_cause']}{'_confirmed' if cp['confirmed'] else ''}"), ""]
    return "\n".join(lines[:1] + [""] + lines[1:]) if len(lines) > 1 else lines[0]


def render(result: dict, lang: str, seconds: float | None = None, grader: str = "", battery: str = "") -> dict:
    """The Gradescope results.json document for one submission.

    In: a submission entry of results.json, the language, the seconds grading this one
    submission took (None: unknown, as in a class run) and the grader/battery versions. Out: a
    dict with the top-level ``score`` (checkpoints passed), ``execution_time`` (only when
    ``seconds`` is given: the field is optional, and a class run's files stay the same on a
    rerun), ``output`` (the student's whole Markdown feedback),
    ``output_format`` ``md`` and ``tests``: one per checkpoint worth 1 point with
    ``status`` passed/failed and its failed checks as Markdown. Hidden checks show their
    name and hint only, as in the student's own report.
    """
    view = feedback.build(result)
    t = templating.translator(lang, "markdown")
    tests = []
    for cp in view["checkpoints"]:
        clauses = sorted({f["clause"] for f in cp["failures"] if f["clause"]})
        tests.append({
            "name": f"Checkpoint {cp['number']}: {cp['function']}",
            "number": str(cp["number"]),
            "score": 1.0 if cp["passed"] else 0.0,
            "max_score": 1.0,
            "status": "passed" if cp["passed"] else "failed",
            "output": _checkpoint_output(cp, t) if view["graded"] else t("cp_not_graded"),
            "output_format": "md",
            "tags": [f"checkpoint-{cp['number']}", *clauses],
            "visibility": VISIBILITY,
        })
    document = {
        "score": float(result["score"]),
        "output": markdown.render_feedback(view, lang),
        "output_format": "md",
        "test_output_format": "md",
        "visibility": VISIBILITY,
        "stdout_visibility": "hidden",
        "extra_data": {"id": result["id"], "status": result["status"], "grader": grader, "battery": battery},
        "tests": tests,
    }
    if seconds is not None:
        document["execution_time"] = max(1, round(seconds))  # whole seconds; a run under half a second is not 0
    return document


def text(document: dict) -> str:
    """A Gradescope document as JSON text (UTF-8, as Gradescope reads it)."""
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def write(result: dict, out: Path, lang: str, grader: str = "", battery: str = "") -> Path:
    """Write ``out/gradescope/<safe_name(id)>.json`` (see :func:`render`); returns the path."""
    path = out / "gradescope" / f"{safe_name(result['id'])}.json"
    write_atomic(path, text(render(result, lang, None, grader, battery)))
    return path
