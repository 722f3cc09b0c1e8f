"""HTML reports: a self-contained feedback page per student and the class page (index.html)."""

from __future__ import annotations

from pathlib import Path

from grader.discover import safe_name
from grader.reports import templating
from grader.reports.feedback import clean, feedback_path
from grader.reports.files import write_atomic

STATUSES = ("graded", "load-error", "empty")


def render_feedback(view: dict, lang: str) -> str:
    """One student's feedback page. In: a view (grader.reports.feedback.build), ``nl``/``en``. Out: HTML."""
    return templating.template("feedback.html").render(v=view, lang=lang, t=templating.translator(lang, "html"))


def write_feedback(view: dict, student_id: str, out: Path, lang: str) -> Path:
    """Write ``out/feedback/<safe_name(id)>.html``; returns the path."""
    path = feedback_path(out, student_id, "html")
    write_atomic(path, render_feedback(view, lang))
    return path


def _rates(submissions: list[dict], keys: list[str]) -> list[dict]:
    rates = []
    for key in keys:
        passed = sum(bool(s["checkpoints"].get(key, {}).get("passed")) for s in submissions)
        total = len(submissions)
        rates.append({"number": int(key), "passed": passed, "total": total,
                      "percent": round(100 * passed / total) if total else 0})
    return rates


def render_index(document: dict) -> str:
    """The class page. In: a results.json document. Out: HTML in the document's language.

    A row per submission (its checkpoints, score and status) links to the student's
    feedback page; the pass rate per checkpoint stands on top.
    """
    lang = document.get("lang", "nl")
    submissions = document["submissions"]
    keys = sorted({key for s in submissions for key in s["checkpoints"]} or {"1", "2", "3"}, key=int)
    rows = [{
        "id": clean(s["id"], 200),
        "html": f"feedback/{safe_name(s['id'])}.html",
        "md": f"feedback/{safe_name(s['id'])}.md",
        "checkpoints": [bool(s["checkpoints"].get(key, {}).get("passed")) for key in keys],
        "score": s["score"],
        "max_score": s["max_score"],
        "status": s["status"],
        "known_status": s["status"] in STATUSES,
    } for s in submissions]
    return templating.template("index.html").render(
        lang=lang, t=templating.translator(lang, "html"), rows=rows, rates=_rates(submissions, keys),
        created=str(document.get("created", "")), grader=str(document.get("grader", "")),
        battery=str(document.get("battery", "")),
    )


def write_index(document: dict, out: Path) -> Path:
    """Write ``out/index.html``; returns the path."""
    path = out / "index.html"
    write_atomic(path, render_index(document))
    return path
