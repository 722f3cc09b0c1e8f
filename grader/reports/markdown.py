"""Markdown feedback per student, for pasting into an LMS comment."""

from __future__ import annotations

import re
from pathlib import Path

from grader.reports import templating
from grader.reports.feedback import feedback_path
from grader.reports.files import write_atomic

_BLANK_RUNS = re.compile(r"\n{3,}")


def render_feedback(view: dict, lang: str) -> str:
    """One student's feedback. In: a view (grader.reports.feedback.build), ``nl``/``en``. Out: Markdown.

    Student text only appears inside code spans or fenced blocks whose fences are longer
    than any backtick run in it.
    """
    text = templating.template("feedback.md").render(v=view, lang=lang, t=templating.translator(lang, "markdown", view["file"]))
    return _BLANK_RUNS.sub("\n\n", text).strip("\n") + "\n"


def write_feedback(view: dict, student_id: str, out: Path, lang: str) -> Path:
    """Write ``out/feedback/<safe_name(id)>.md``; returns the path."""
    path = feedback_path(out, student_id, "md")
    write_atomic(path, render_feedback(view, lang))
    return path
