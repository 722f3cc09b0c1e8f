"""Jupyter notebooks as Python source: code cells joined, IPython syntax blanked, lines mapped to cells."""

from __future__ import annotations

import ast
import json
import re
import warnings

from grader.battery import FUNCTIONS

# Cell magics whose body is still Python: the magic line becomes ``pass``, the body stays.
PYTHON_CELL_MAGICS = {"time", "timeit", "capture", "prun"}
# Cell magics that write their body to a file: Python when the file is a .py one (``%%writefile main.py``, the code
# a later cell imports with ``from main import *``: grader/sandbox/notebook.py), else not Python at all.
FILE_CELL_MAGICS = {"writefile", "file"}
# A line IPython handles itself: ``%magic``, ``!shell``, ``x = !shell``, ``x = %magic``, ``?help``.
_IPYTHON_LINE = re.compile(r"^(\s*)(?:[%!?]|[A-Za-z_][A-Za-z0-9_, ]*=\s*[%!])")
_HELP_SUFFIX = re.compile(r"^\s*[A-Za-z_][\w.]*\?{1,2}\s*$")
# Code cells longer than this in all (characters) are not parsed: the loader refuses such a source as too
# large (grader.sandbox.loader.MAX_SOURCE_BYTES), and Python's parser takes about 1.5 KiB of memory per
# byte (a notebook's 16 MiB would take gigabytes while the class is read).
MAX_CODE = 256 * 1024


class NotebookError(Exception):
    """The file is not a notebook that can be read (not JSON, not nbformat 3 or 4)."""


def _cell_source(cell: dict) -> str:
    source = cell.get("source", cell.get("input", ""))
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    if isinstance(source, str):
        return source
    raise NotebookError("not a notebook (a cell's source is not text)")


def _all_cells(document: object) -> list:
    """Every cell of a notebook, in order (nbformat 3's worksheets one after another)."""
    if not isinstance(document, dict):
        raise NotebookError("not a notebook (no cells)")
    if isinstance(document.get("cells"), list):
        cells = document["cells"]
    elif isinstance(document.get("worksheets"), list):  # nbformat 3
        cells = [cell for sheet in document["worksheets"] if isinstance(sheet, dict)
                 and isinstance(sheet.get("cells"), list) for cell in sheet["cells"]]
    else:
        raise NotebookError("not a notebook (no cells)")
    return cells


def _cells(cells: list) -> list[tuple[int, str]]:
    """(position among all cells, 1-based; source) of each code cell."""
    return [(position, _cell_source(cell)) for position, cell in enumerate(cells, 1)
            if isinstance(cell, dict) and cell.get("cell_type") == "code"]


# Cells that Jupyter shows as text and never runs (nbformat 3 also had heading cells), and the kind reports name.
TEXT_CELLS = {"markdown": "markdown", "heading": "markdown", "raw": "raw"}
# A line of a text cell that starts a def (pasted plain, indented as a Markdown code block, or in a ```python block).
_TEXT_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(", re.M)


def _text_defs(cells: list) -> list[list]:
    """``[cell, kind, function]`` (cell: position among all cells, 1-based; kind: ``markdown`` or ``raw``) for each
    of the three functions that a line of a text cell starts to define, its first such cell only, in the order written."""
    found: dict[str, list] = {}
    for position, cell in enumerate(cells, 1):
        kind = TEXT_CELLS.get(cell.get("cell_type")) if isinstance(cell, dict) else None
        try:
            source = _cell_source(cell) if kind else ""
        except NotebookError:  # a text cell's broken source: it is not graded either way
            continue
        for name in _TEXT_DEF.findall(source):
            if name in FUNCTIONS and name not in found:
                found[name] = [position, kind, name]
    return list(found.values())


def _replaced(lines: list[str], parse: bool = True) -> tuple[list[str], int]:
    """``lines`` with IPython-only lines as ``pass``, unless they already parse as Python (tried when ``parse``)."""
    try:
        if parse:
            with warnings.catch_warnings(action="ignore"):  # the grader's process: its stderr is the terminal
                ast.parse("\n".join(lines))
            return lines, 0  # plain Python: a line starting with % is a continued expression
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        pass
    out = []
    for line in lines:
        found = _IPYTHON_LINE.match(line)
        if found or _HELP_SUFFIX.match(line):
            out.append((found.group(1) if found else line[: len(line) - len(line.lstrip())]) + "pass")
        else:
            out.append(line)
    return out, sum(1 for old, new in zip(lines, out) if old != new)


def _python_lines(source: str, parse: bool = True) -> tuple[list[str], int]:
    """A cell's lines with IPython-only lines replaced (same count); and how many were replaced.

    ``parse`` False: the cell is not parsed to see whether it is plain Python already (see MAX_CODE)."""
    source = source.replace("\r\n", "\n").replace("\r", "\n")
    lines = (source[:-1] if source.endswith("\n") else source).split("\n")
    first = next((index for index, line in enumerate(lines) if line.strip()), 0)
    if lines[first].strip().startswith("%%"):
        magic, *arguments = lines[first].strip()[2:].split() or [""]
        python_file = magic in FILE_CELL_MAGICS and arguments and arguments[-1].endswith(".py")
        if magic not in PYTHON_CELL_MAGICS and not python_file:  # %%bash, %%html, %%writefile x.json: not Python
            return [""] * len(lines), sum(1 for line in lines if line.strip())
        body, count = _replaced(lines[first + 1:], parse)
        return lines[:first] + ["pass"] + body, count + 1
    return _replaced(lines, parse)


# The detail of a notebook whose file is no JSON (grader.details says it in Dutch).
BROKEN = ("not valid notebook JSON (the file is damaged, or is no notebook saved by Jupyter): open it in Jupyter "
          "and save it again, or hand in main.py")


def to_python(data: bytes) -> tuple[bytes, dict]:
    """A notebook's code cells as one UTF-8 Python source, and the note mapping it back.

    Cells are joined in order, one blank line between them; IPython magics (``%``, ``%%``)
    and shell escapes (``!``) become ``pass`` (or blank lines for a non-Python ``%%`` cell),
    so every line keeps its number (code cells of more than MAX_CODE characters in all are not
    parsed, so a continued expression's line that starts with ``%`` becomes ``pass`` too: the
    loader refuses such a source as too large anyway). Out: (source, note) where the note is
    ``{"kind": "notebook", "cells": [[cell, first_line, last_line], ...], "replaced": n, "replaced_cells":
    [[cell, n], ...], "text_defs": [[cell, kind, function], ...]}`` (cell = position among all cells, 1-based;
    replaced_cells: the cells with replaced lines; text_defs: the three functions written in a Markdown or raw cell,
    which never runs: :func:`_text_defs`).
    Raises :class:`NotebookError` for unreadable data.
    """
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise NotebookError(BROKEN) from None
    lines: list[str] = []
    mapping: list[list[int]] = []
    replaced: list[list[int]] = []
    every = _all_cells(document)
    cells = _cells(every)
    parse = sum(len(source) for _, source in cells) <= MAX_CODE
    for position, source in cells:
        if not source.strip():
            continue
        cell_lines, count = _python_lines(source, parse)
        if count:
            replaced.append([position, count])
        mapping.append([position, len(lines) + 1, len(lines) + len(cell_lines)])
        lines.extend(cell_lines)
        lines.append("")
    # A lone surrogate escape (\ud800) in the JSON is no character: it becomes "?".
    return "\n".join(lines).encode("utf-8", "replace"), {"kind": "notebook", "cells": mapping,
                                                    "replaced": sum(n for _, n in replaced), "replaced_cells": replaced,
                                                    "text_defs": _text_defs(every)}


def text_cell(name: object, note: dict) -> dict:
    """``{"text_cell": cell, "cell_type": kind}`` when the notebook of ``note`` (:func:`to_python`'s) has the function
    ``name`` in a text cell (its first; kind ``markdown`` or ``raw``), else ``{}``."""
    defs = note.get("text_defs") if isinstance(note, dict) else None
    found = next((entry for entry in defs if isinstance(entry, list) and len(entry) == 3 and entry[2] == name), None) \
        if isinstance(defs, list) else None
    return {"text_cell": found[0], "cell_type": found[1]} if found else {}


def locate(line: int | None, note: dict) -> tuple[int, int] | None:
    """(cell, line within the cell) of a line of the joined source, or None (between cells)."""
    if not isinstance(line, int):
        return None
    for cell, first, last in note.get("cells", []):
        if first <= line <= last:
            return cell, line - first + 1
    return None
