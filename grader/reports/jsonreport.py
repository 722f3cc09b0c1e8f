"""results.json: the machine-readable source of truth (format in grader/results.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from grader.reports.files import atomic_stream
from grader.reports.i18n import LANGUAGES
from grader.results import expand
from grader.values import scrub


def _dumps(value: object) -> str:
    # Compact: an indent switches json to its pure-Python encoder, ten times slower for big classes.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def write(header: dict, catalogue: dict[str, dict], entries: Iterable[dict], out: Path) -> Path:
    """Write ``out/results.json`` (format 2) atomically, one submission at a time; returns the path.

    In: the document's top-level fields (``header``, without ``checks`` and ``submissions``),
    the check catalogue and the submission entries in order, compact (grader.results.compact;
    any iterable: they are written as they come, so a large class is never in memory at once).
    """
    path = out / "results.json"
    with atomic_stream(path) as stream:
        head = _dumps({**header, "checks": catalogue})
        stream.write(head[:-1] + ',"submissions":[')
        for index, entry in enumerate(entries):
            stream.write(("," if index else "") + _dumps(entry))
        stream.write("]}\n")
    return path


def read(path: Path) -> dict:
    """Read a results.json of format 1 or 2; its submissions come back with format 1 records.

    Out: the document, each submission's checks with every field (grader.results.expand).
    Raises ``ValueError`` when it is not a results.json this grader knows.
    """
    try:
        document = scrub(json.loads(path.read_text(encoding="utf-8")))
    except RecursionError:
        raise ValueError(f"{path} is nested too deeply to be a results.json") from None
    if not isinstance(document, dict) or document.get("format") not in (1, 2):
        raise ValueError(f"{path} is not a results.json of format 1 or 2")
    if document.get("lang", "nl") not in LANGUAGES or not isinstance(document.get("submissions"), list):
        raise ValueError(f"{path}: its lang must be nl or en and its submissions a list")
    if document["format"] == 2:
        catalogue = document.pop("checks", None)
        try:
            document["submissions"] = [expand(entry, catalogue) for entry in document["submissions"]]
        except (KeyError, TypeError, AttributeError):
            raise ValueError(f"{path} names checks its own list of checks lacks") from None
    ids = [entry.get("id") if isinstance(entry, dict) else None for entry in document["submissions"]]
    if len(set(map(repr, ids))) != len(ids):  # two entries would write one student's report files
        raise ValueError(f"{path} lists a submission id twice; ids are unique in a results.json")
    return document
