"""Reports: one module per output format, all rendered from results.json data."""

from __future__ import annotations

from pathlib import Path

from grader.reports import jsonreport


def write_submission(result: dict, out: Path, lang: str) -> None:
    """Write one student's feedback files (HTML and Markdown) under ``out``."""


def write_class(document: dict, out: Path) -> None:
    """Write the class outputs under ``out``: results.json, gradebook.csv, index.html."""
    jsonreport.write(document, out)
