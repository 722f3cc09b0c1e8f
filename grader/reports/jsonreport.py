"""results.json: the machine-readable source of truth (format in grader/results.py)."""

from __future__ import annotations

import json
from pathlib import Path

from grader.reports.files import write_atomic


def write(document: dict, out: Path) -> Path:
    """Write ``document`` to ``out/results.json`` atomically; returns the path."""
    path = out / "results.json"
    # Compact: an indent switches json to its pure-Python encoder, ten times slower for big classes.
    write_atomic(path, json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n")
    return path


def read(path: Path) -> dict:
    """Read a results.json; ValueError when it is not a format this grader knows."""
    document = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(document, dict) or document.get("format") != 1:
        raise ValueError(f"{path} is not a results.json of format 1")
    return document
