"""Results of earlier runs, keyed by the source's sha256 and everything else that decides a grade."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from grader.discover import Submission
from grader.reports.files import write_atomic
from grader.results import placement


class ResultCache:
    """A folder of per-submission results (JSON files named by a key).

    The key combines the submission's sha256 with ``parts`` (the grader's version, the
    battery's version, the language and the time limit): change any of them and every entry
    is stale. Ids and paths are not part of the key: a renamed file keeps its result.
    """

    def __init__(self, folder: Path, parts: tuple[str, ...]) -> None:
        self.folder = folder
        self.parts = parts

    def key(self, submission: Submission) -> str:
        """The hex key of ``submission``'s entry: sha256 of its source's sha256 and the key parts."""
        return hashlib.sha256("\0".join((submission.sha256, *self.parts)).encode()).hexdigest()

    def _path(self, submission: Submission) -> Path:
        key = self.key(submission)
        return self.folder / key[:2] / f"{key}.json"

    def get(self, submission: Submission) -> dict | None:
        """The stored result for ``submission`` with its current id, path and notes, or None."""
        try:
            result = json.loads(self._path(submission).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(result, dict) or result.get("sha256") != submission.sha256:
            return None
        result.update(placement(submission))  # identical bytes may come from two students
        result["load"]["notes"] = submission.notes + result["load"].pop("own_notes", [])
        return result

    def put(self, submission: Submission, result: dict) -> None:
        """Store ``result`` (atomically); notes that belong to the file's place are not stored."""
        stored = dict(result, load=dict(result["load"]))
        stored["load"]["own_notes"] = [note for note in result["load"]["notes"] if note not in submission.notes]
        write_atomic(self._path(submission), json.dumps(stored, ensure_ascii=False))
