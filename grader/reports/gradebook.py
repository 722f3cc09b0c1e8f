"""gradebook.csv: one row per student for a spreadsheet or an LMS import (UTF-8 with BOM)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from grader.reports.files import write_atomic

COLUMNS = ("id", "checkpoint_1", "checkpoint_2", "checkpoint_3", "score", "max_score", "status")

# A cell starting with one of these is read as a formula by spreadsheet programs.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralise(cell: object) -> object:
    """A text cell that a spreadsheet would run as a formula, prefixed with ``'``; others unchanged."""
    if isinstance(cell, str) and cell.startswith(_FORMULA_START):
        return "'" + cell
    return cell


def rows(document: dict) -> list[list[object]]:
    """The gradebook's rows (without the header). In: a results.json document."""
    table = []
    for result in document["submissions"]:
        marks = [int(bool(result["checkpoints"].get(key, {}).get("passed"))) for key in ("1", "2", "3")]
        table.append([neutralise(cell) for cell in (result["id"], *marks, result["score"], result["max_score"],
                                                    result["status"])])
    return table


def csv_text(header: list[str] | tuple[str, ...], table: list[list[object]], bom: bool = True) -> str:
    """CSV text: (a BOM, so Excel reads UTF-8,) the header, then the rows; CRLF line ends, minimal quoting.

    Cells are written as given: neutralise text cells first.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(table)
    return ("\ufeff" if bom else "") + buffer.getvalue()


def render(document: dict) -> str:
    """The whole CSV text: a BOM, the header row COLUMNS, then one row per submission (CRLF line ends)."""
    return csv_text(COLUMNS, rows(document))


def write(document: dict, out: Path) -> Path:
    """Write ``out/gradebook.csv``; returns the path."""
    path = out / "gradebook.csv"
    write_atomic(path, render(document))
    return path
