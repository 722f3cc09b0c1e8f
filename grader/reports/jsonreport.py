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


class NotResults(ValueError):
    """Why a file is not a results.json this grader reads: the message in English (``str``) and ``nl``, why in
    Dutch, without the file's name (said before it)."""

    def __init__(self, english: str, nl: str) -> None:
        super().__init__(english)
        self.nl = nl


def read(path: Path) -> dict:
    """Read a results.json of format 1 or 2; its submissions come back with format 1 records.

    Out: the document, each submission's checks with every field (grader.results.expand).
    Raises :class:`NotResults` (a ``ValueError``) when it is not a results.json this grader knows, ``OSError``
    when it cannot be read.
    """
    try:
        document = scrub(json.loads(path.read_text(encoding="utf-8")))
    except RecursionError:
        raise NotResults(f"{path} is nested too deeply to be a results.json", "te diep genest") from None
    except UnicodeDecodeError as error:
        raise NotResults(f"{path} is not UTF-8 text ({error})",
                         f"geen UTF-8-tekst: byte 0x{error.object[error.start]:02x}") from None
    except json.JSONDecodeError as error:
        raise NotResults(f"{path} is not valid JSON ({error})",
                         f"geen geldige JSON: regel {error.lineno}, kolom {error.colno}") from None
    if not isinstance(document, dict) or document.get("format") not in (1, 2):
        raise NotResults(f"{path} is not a results.json of format 1 or 2", "geen formaat 1 of 2")
    if document.get("lang", "nl") not in LANGUAGES or not isinstance(document.get("submissions"), list):
        raise NotResults(f"{path}: its lang must be nl or en and its submissions a list",
                         "lang moet nl of en zijn en submissions een lijst")
    if document["format"] == 2:
        catalogue = document.pop("checks", None)
        try:
            document["submissions"] = [expand(entry, catalogue) for entry in document["submissions"]]
        except (KeyError, TypeError, AttributeError):
            raise NotResults(f"{path} names checks its own list of checks lacks",
                             "het noemt controles die zijn eigen lijst van controles niet heeft") from None
    ids = [entry.get("id") if isinstance(entry, dict) else None for entry in document["submissions"]]
    if len(set(map(repr, ids))) != len(ids):  # two entries would write one student's report files
        raise NotResults(f"{path} lists a submission id twice; ids are unique in a results.json",
                         "het noemt een inzending twee keer; elk id komt in een results.json één keer voor")
    return document
