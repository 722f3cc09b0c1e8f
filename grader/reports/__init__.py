"""Reports: one module per output format, all rendered from results.json data."""

from __future__ import annotations

from pathlib import Path

from grader.reports import feedback, gradebook, html, jsonreport, markdown


def write_submission(result: dict, out: Path, lang: str) -> None:
    """Write one student's feedback files under ``out``.

    In: a submission entry of results.json, the output folder and the language
    (``nl``/``en``). Out: ``out/feedback/<safe_name(id)>.html`` and ``.md``.
    """
    view = feedback.build(result)
    html.write_feedback(view, result["id"], out, lang)
    markdown.write_feedback(view, result["id"], out, lang)


def write_class(document: dict, out: Path) -> None:
    """Write the class outputs under ``out``: results.json, gradebook.csv, index.html."""
    jsonreport.write(document, out)
    gradebook.write(document, out)
    html.write_index(document, out)
