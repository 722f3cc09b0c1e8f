"""gradebook.csv: one row per student for a spreadsheet or an LMS import (UTF-8 with BOM)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Iterable, Iterator, TextIO

from grader.reports.files import atomic_stream
from grader.reports.i18n import MESSAGES

# ``status`` is the code of results.json (graded, load-error, empty) in every language, for a script or a filter;
# ``status_text`` says it in the run's language, as index.html does.
COLUMNS = ("id", "checkpoint_1", "checkpoint_2", "checkpoint_3", "score", "max_score", "status", "status_text")

# A cell starting with one of these is read as a formula by spreadsheet programs.
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralise(cell: object) -> object:
    """A text cell that a spreadsheet would run as a formula, prefixed with ``'``; others unchanged.

    A cell that already begins with ``'`` gets one more, so no two cells become one: ``=x`` is
    ``'=x`` and ``'=x`` is ``''=x`` (two students' ids, logins or usernames never read alike in a
    gradebook, where an LMS import would give one student's grade to the other).
    """
    if isinstance(cell, str) and cell.startswith((*_FORMULA_START, "'")):
        return "'" + cell
    return cell


# An identifier that only starts like a formula (``-min``, ``@anna``, ``+31612345678``): a first ``-``, ``+`` or ``@``,
# then letters, digits and ``. _ - + @`` alone. A spreadsheet reads it as a formula of names and numbers at most
# (``#NAME?``, a sum), which calls no function, opens no link and runs no command: those need brackets, quotes, a
# ``|`` or a ``!`` (OWASP, CSV injection). Every username, login and e-mail format of Canvas, Moodle and Brightspace
# that starts so is of these characters.
_INERT = re.compile(r"[-+@][\w.@+-]*")


def identifier(cell: object) -> object:
    """An LMS gradebook's identifier cell (one its import looks a student up by, which must hold the id as the LMS
    has it): as it is when it only starts like a formula (_INERT), else as :func:`neutralise` makes it (such an id
    is no LMS's, so it could not match anyway). Two identifiers stay two cells: one left as it is never begins with
    ``'``, and every cell that does gets one more."""
    return cell if isinstance(cell, str) and _INERT.fullmatch(cell) else neutralise(cell)


def status_text(status: object, lang: str) -> str:
    """A status code (``graded``, ``load-error``, ``empty``) in ``lang`` (``nl``/``en``); another code as it is."""
    return MESSAGES.get(f"status_{status}", {}).get(lang, str(status))


def rows(document: dict) -> Iterator[list[object]]:
    """The gradebook's rows (without the header), one at a time. In: a results.json document (its ``lang``
    chooses the language of ``status_text``, Dutch when it has none)."""
    lang = document.get("lang", "nl")
    for result in document["submissions"]:
        marks = [int(bool(result["checkpoints"].get(key, {}).get("passed"))) for key in ("1", "2", "3")]
        yield [neutralise(cell) for cell in (result["id"], *marks, result["score"], result["max_score"],
                                             result["status"], status_text(result["status"], lang))]


def write_csv(stream: TextIO, header: list[str] | tuple[str, ...], table: Iterable[list[object]],
              bom: bool = True) -> None:
    """Write CSV to ``stream``: (a BOM, so Excel reads UTF-8,) the header, then the rows as they come;
    CRLF line ends, every cell quoted (RFC 4180): a spreadsheet whose list separator is ``;`` (Dutch
    Excel) would otherwise split ``y;=1+1`` and run the second part (OWASP, CSV injection). Cells are
    written as given: neutralise text cells first."""
    if bom:
        stream.write("\ufeff")
    writer = csv.writer(stream, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
    writer.writerow(header)
    writer.writerows(table)


def csv_text(header: list[str] | tuple[str, ...], table: Iterable[list[object]], bom: bool = True) -> str:
    """The CSV of :func:`write_csv` as one text."""
    buffer = io.StringIO()
    write_csv(buffer, header, table, bom)
    return buffer.getvalue()


def render(document: dict) -> str:
    """The whole CSV text: a BOM, the header row COLUMNS, then one row per submission (CRLF line ends)."""
    return csv_text(COLUMNS, rows(document))


def write(document: dict, out: Path) -> Path:
    """Write ``out/gradebook.csv``; returns the path."""
    path = out / "gradebook.csv"
    with atomic_stream(path) as stream:  # row by row: a large class's gradebook is never held whole
        write_csv(stream, COLUMNS, rows(document))
    return path
