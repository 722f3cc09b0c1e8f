"""Results of earlier runs, keyed by the source's sha256 and everything else that decides a grade."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from grader import signing
from grader.discover import Submission
from grader.reports.files import write_atomic
from grader.results import compact, expand, placement, settle


class ResultCache:
    """A folder of per-submission results (JSON files named by a key), in results.json's compact form.

    The key combines the submission's sha256 with ``parts`` (the grader's version, the
    battery's version, the language and the time limit): change any of them and every entry
    is stale. Ids and paths are not part of the key: a renamed file keeps its result. The
    checks' fixed texts (grader.results.compact) are stored once per ``parts``, in
    ``checks-<hash>.json``; an entry whose checks it does not list counts as missing. Every file
    is signed (grader.signing): an unsigned or altered one counts as missing too.
    """

    def __init__(self, folder: Path, parts: tuple[str, ...], fresh: bool = False) -> None:
        self.folder = folder
        self.parts = parts
        self.catalogue_path = folder / f"checks-{hashlib.sha256(chr(0).join(parts).encode()).hexdigest()[:16]}.json"
        stored = None
        if not fresh:  # --force: the catalogue is written anew too
            stored = signing.read_json(self.catalogue_path)
        # Signed with the parts it was written for: a catalogue renamed to another run's name is not that run's.
        if isinstance(stored, dict) and stored.get("parts") == list(parts):
            stored = stored.get("checks")
        else:
            stored = None
        # A damaged catalogue is dropped whole: every entry then counts as missing and is graded again.
        self.catalogue: dict[str, dict] = stored if _valid_catalogue(stored) else {}

    def key(self, submission: Submission) -> str:
        """The hex key of ``submission``'s entry: sha256 of its file's sha256, the kind of file and the key parts.

        The kind (the graded file's extension, and whether it was read as online text) decides how the
        bytes become the graded source: the same bytes as a notebook and as a ``.py`` file are two
        different submissions, as are an export's ``text.html`` (its visible text) and a ``page.html``
        named on the command line (graded as it is).
        """
        kind = Path(submission.graded_file or submission.path).suffix.lower()
        if any(isinstance(note, dict) and note.get("kind") == "online-text" for note in submission.notes):
            kind += " online-text"
        return hashlib.sha256("\0".join((submission.sha256, kind, *self.parts)).encode()).hexdigest()

    def _path(self, submission: Submission) -> Path:
        key = self.key(submission)
        return self.folder / key[:2] / f"{key}.json"

    def entry(self, submission: Submission, provisional: bool = False) -> dict | None:
        """The stored results.json entry (compact, format 2) with ``submission``'s id, path and notes, or None.

        ``provisional``: also an entry stored as not reusable (see :meth:`put`).
        """
        # An unsigned or altered file (one planted in a student's repository) counts as missing.
        entry = signing.read_json(self._path(submission))
        # The key is signed with the entry: one renamed to another key (other settings, another file) is not it.
        if not isinstance(entry, dict) or entry.get("sha256") != submission.sha256 or \
                entry.pop("key", None) != self.key(submission):
            return None
        if entry.pop("provisional", False) and not provisional:
            return None
        entry.update(placement(submission))  # identical bytes may come from two students
        entry["load"]["notes"] = submission.notes + entry["load"].pop("own_notes", [])
        return settle(entry)

    def get(self, submission: Submission) -> dict | None:
        """The stored result for ``submission`` with every field of every check (format 1 records), or None."""
        entry = self.entry(submission)
        if entry is None:
            return None
        try:
            return expand(entry, self.catalogue)
        except (KeyError, TypeError, AttributeError):
            return None

    def put(self, submission: Submission, result: dict, reusable: bool = True) -> None:
        """Store ``result`` (atomically); notes that belong to the file's place are not stored.

        ``reusable`` False: kept for this run's results.json only; the next run grades again.
        """
        known = len(self.catalogue)
        stored = compact(result, self.catalogue)
        if not reusable:
            stored["provisional"] = True
        if len(self.catalogue) != known or not self.catalogue_path.is_file():  # first: no entry may name a check it lacks
            write_atomic(self.catalogue_path, signing.sign(json.dumps({"parts": list(self.parts), "checks": self.catalogue},
                                                                      ensure_ascii=False)))
        stored["load"] = dict(result["load"])
        stored["load"]["own_notes"] = [note for note in result["load"]["notes"] if note not in submission.notes]
        del stored["load"]["notes"]
        stored["key"] = self.key(submission)
        write_atomic(self._path(submission), signing.sign(json.dumps(stored, ensure_ascii=False)))


def _valid_catalogue(stored: object) -> bool:
    """Whether ``stored`` is a check catalogue as grader.results.compact builds it."""
    return isinstance(stored, dict) and all(
        isinstance(meta, dict) and type(meta.get("checkpoint")) is int and type(meta.get("hidden")) is bool
        and all(isinstance(meta.get(key), str) for key in ("clause", "message", "hint"))
        for meta in stored.values())
