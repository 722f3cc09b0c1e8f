"""results.json: the machine-readable source of truth (format in grader/results.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from grader.reports.files import atomic_stream


def _dumps(value: object) -> str:
    # Compact: an indent switches json to its pure-Python encoder, ten times slower for big classes.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write(header: dict, results: Iterable[dict], out: Path) -> Path:
    """Write ``out/results.json`` atomically, one submission at a time; returns the path.

    In: the document's top-level fields (``header``, without ``submissions``) and its
    submission entries in order (any iterable: they are written as they come, so a large
    class never has to be in memory at once).
    """
    path = out / "results.json"
    with atomic_stream(path) as stream:
        head = _dumps(header)
        stream.write(head[:-1] + ("," if header else "") + '"submissions":[')
        for index, result in enumerate(results):
            stream.write(("," if index else "") + _dumps(result))
        stream.write("]}\n")
    return path


def read(path: Path) -> dict:
    """Read a results.json; ValueError when it is not a format this grader knows."""
    document = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(document, dict) or document.get("format") != 1:
        raise ValueError(f"{path} is not a results.json of format 1")
    return document
