"""Which outputs under an output folder are already up to date, so that a rerun need not write them again.

A submission's reports depend on its result (the cache key: source, grader, battery, language,
time limit) and on where it came from (id, path, display name, notes). Its *stamp* hashes both.
The class outputs depend on every submission's stamp, their order and the run's options. The
stamps of the last run, with each submission's summary (grader.reports.classview), are kept in
``<out>/.cache/reports.json``; the file is removed when a run starts and written again when it
ends, so a run that dies half-way leaves no stamp that could vouch for a half-written folder.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable, Iterable

from grader import signing
from grader.discover import Submission, safe_name
from grader.reports.files import atomic_stream
from grader.results import placement
from grader.spill import Spill

STAMPS_FILE = "reports.json"  # in <out>/.cache

def _is(value: object, kind: type) -> bool:
    return type(value) is kind


def _valid_summary(summary: object) -> bool:
    """Whether a stored summary has the fields and types the class outputs read (grader.reports.classview)."""
    if not _is(summary, dict) or not all(_is(summary.get(key), str) for key in ("id", "status")):
        return False
    if not all(_is(summary.get(key), int) for key in ("score", "max_score")) or not _is(summary.get("hidden"), bool):
        return False
    checkpoints, load = summary.get("checkpoints"), summary.get("load")
    return (_is(checkpoints, dict) and all(_is(v, dict) and _is(v.get("passed"), bool) for v in checkpoints.values())
            and _is(summary.get("failed"), list) and all(_is(f, str) for f in summary["failed"])
            and _is(load, dict) and (load.get("problem") is None or _is(load.get("problem"), dict))
            and _is(summary.get("errors", {}), dict) and all(_is(k, str) and _is(v, str) for k, v in summary.get("errors", {}).items()))


def _valid(stored: dict) -> bool:
    """Whether a stamps file has the shape this module writes (:meth:`ReportStamps.save`)."""
    checks, entries, files = stored.get("checks"), stored.get("submissions"), stored.get("class_files")
    if not (_is(checks, dict) and _is(entries, dict) and _is(files, dict)):
        return False
    if not all(_is(meta, dict) and _is(meta.get("key"), str) and _is(meta.get("id"), str) for meta in checks.values()):
        return False
    if not all(_is(name, str) and _is(time, int) for name, time in files.items()):
        return False
    if not (_is(stored.get("self_checks", []), list) and all(_is(i, str) for i in stored.get("self_checks", []))):
        return False
    return all(_is(entry, dict) and _is(entry.get("stamp"), str) and _valid_summary(entry.get("summary"))
               and (entry.get("times") is None or (_is(entry["times"], list) and all(_is(t, int) for t in entry["times"])))
               for entry in entries.values())


def _digest(value: object) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()


def another_class(out: Path, ids: Iterable[str], shown: int = 5) -> list[str] | None:
    """The first ``shown`` students (sorted ids, then ``...`` when there are more) of the last class run under
    ``out`` when none of ``ids`` (this run's) is among them: this run would remove all their reports (:meth:`ReportStamps.remove_departed`), as
    when ``grade sectionB/`` follows ``grade sectionA/`` into the same folder. None when there was no such
    run or a student of it is graded again. Reads the stamps file without changing it."""
    stored = signing.read_json(out / ".cache" / STAMPS_FILE)
    earlier = stored.get("submissions") if isinstance(stored, dict) and _valid(stored) else None
    if not earlier or any(student_id in earlier for student_id in ids):
        return None
    return sorted(earlier)[:shown] + (["..."] if len(earlier) > shown else [])


def record_rendered(out: Path, written: Iterable[Path]) -> None:
    """Record the class outputs ``grade report`` just ``written`` under ``out`` as this grader's files.

    The next ``grade`` run into ``out`` then removes those it does not write again (:meth:`ReportStamps.remove_stale`):
    a gradebook only the re-rendering asked for would otherwise keep the old scores beside the new results.json.
    The class outputs are marked as not current (they follow ``grade report``'s options, not a run's); the
    students' stamps are kept. A folder without valid stamps gets stamps that list only these files.
    """
    files = {str(target.relative_to(out)): target.stat().st_mtime_ns for target in written}
    _update(out, lambda stored: {**stored, "class": None, "class_files": {**stored["class_files"], **files}})


def record_self_check(out: Path, submission_id: str) -> None:
    """Record the reports a self-check just wrote under ``out`` for ``submission_id`` as this grader's files.

    A self-check leaves a class's stamps as they are; without this record its reports would stay among the
    class's for good (``grade main.py --out X``, then ``grade class/ --out X``): the next run into ``out`` removes
    them unless ``submission_id`` is one of its students (:meth:`ReportStamps.remove_departed`). A folder without
    valid stamps gets stamps that list only these reports. Each id is listed once, and only while a report of it is
    still under ``out`` (one removed needs no clean-up): the list never outgrows the reports in the folder.
    """
    def present(student_id: str) -> bool:
        return any((out / name).is_file() for name in ReportStamps._files(student_id, True))

    _update(out, lambda stored: {**stored, "self_checks": sorted({*filter(present, stored.get("self_checks", [])),
                                                                  submission_id})})


def _update(out: Path, change: Callable[[dict], dict]) -> None:
    """Write the stamps file under ``out`` again as ``change`` makes it from the stored one (or from empty stamps,
    when there are no valid ones); never raises for a file that cannot be written (only a later clean-up is lost)."""
    path = out / ".cache" / STAMPS_FILE
    stored = signing.read_json(path)
    if not (isinstance(stored, dict) and _valid(stored)):
        stored = {"parts": [], "class_files": {}, "checks": {}, "submissions": {}}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_stream(path) as stream:
            stream.write(signing.sign(json.dumps(change(stored), ensure_ascii=False, separators=(",", ":"))))
    except OSError:  # the outputs are written; only a later run's clean-up is lost
        pass


class ReportStamps:
    """The stamps of the previous run in ``path`` (none when ``fresh``), and those of this run.

    ``parts``: the cache's key parts (grader, battery, language, time limit); stamps written
    under other parts are ignored. ``checks`` is the class document's check catalogue.
    ``persist`` False: the stamps file is neither read, removed nor written by this object (a self-check, which
    only adds its reports to it afterwards: :func:`record_self_check`).
    """

    def __init__(self, path: Path, parts: tuple[str, ...], fresh: bool = False, persist: bool = True) -> None:
        self.path = path
        self.parts = list(parts)
        self.persist = persist
        self.old: dict = {}
        # What the previous run wrote, whatever its settings: its class outputs and reports are this
        # grader's files, removed when this run does not write them again (remove_stale, remove_departed).
        self.previous: dict = {}
        # This run's stamps: id -> place of the whole entry (stamp, summary, times) in the spill: a
        # large class's stamps and summaries stay out of memory until the stamps file is written.
        self.new: dict[str, int | bytes] = {}
        self.spill = Spill()
        if not persist:  # a self-check: the folder's stamps (a class's, perhaps) are left as they are
            self.checks: dict[str, dict] = {}
            return
        stored = signing.read_json(path)  # unsigned or altered: ignored like a damaged file
        if isinstance(stored, dict) and _valid(stored):
            self.previous = stored
            if not fresh and stored.get("parts") == self.parts:
                self.old = stored  # reused; another build's, hand-edited or damaged stamps never are
        try:
            path.unlink()
        except OSError:
            pass
        self.checks = dict(self.old.get("checks") or {})

    @staticmethod
    def stamp(key: str, submission: Submission) -> str:
        """The stamp of a submission's reports: its cache ``key`` plus where it came from."""
        return _digest([key, placement(submission), submission.notes])

    @staticmethod
    def _files(submission_id: str, hidden: bool) -> list[str]:
        name = safe_name(submission_id)
        return [f"feedback/{name}.html", f"feedback/{name}.md", *([f"instructor/{name}.html"] if hidden else [])]

    @staticmethod
    def _times(out: Path, files: list[str]) -> list[int] | None:
        """The modification times (ns) of ``files`` under ``out``; None when one is missing."""
        try:
            return [(out / file).stat().st_mtime_ns for file in files]
        except OSError:
            return None

    def current(self, submission: Submission, stamp: str, out: Path) -> dict | None:
        """The stored summary when the submission's reports under ``out`` are up to date, else None.

        Up to date: written for the same stamp and not written since (by a self-check, say):
        each file still has the modification time it had when the stamp was made.
        """
        entry = (self.old.get("submissions") or {}).get(submission.id)
        if not isinstance(entry, dict) or entry.get("stamp") != stamp or not isinstance(entry.get("summary"), dict):
            return None
        times = self._times(out, self._files(submission.id, bool(entry["summary"].get("hidden"))))
        if times is None or times != entry.get("times"):
            return None
        return entry["summary"]

    def put(self, submission_id: str, stamp: str, summary: dict, out: Path) -> None:
        """Record that the reports of ``submission_id`` under ``out`` were written (or found) for ``stamp``."""
        times = self._times(out, self._files(submission_id, bool(summary.get("hidden"))))
        self.new[submission_id] = self.spill.put_json({"stamp": stamp, "summary": summary, "times": times})

    def class_stamp(self, ids: Iterable[str], options: object, references: tuple[Path, ...] = ()) -> str | None:
        """The stamp of the class outputs: every submission's stamp in order, the options, the reference files.

        ``ids`` are read once, one at a time. None when a submission has no stamp (its result is
        not kept for reuse): the class outputs are then written every run.
        """
        digest = hashlib.sha256()
        for submission_id in ids:
            if submission_id not in self.new:
                return None
            stamp = self.spill.get_json(self.new[submission_id])["stamp"]
            digest.update(json.dumps([submission_id, stamp]).encode() + b"\n")
        contents = []
        for path in references:
            try:
                contents.append(hashlib.sha256(path.read_bytes()).hexdigest())
            except OSError:
                contents.append(None)
        return _digest([digest.hexdigest(), repr(options), contents])

    def class_current(self, stamp: str, out: Path) -> bool:
        """Whether the class outputs under ``out`` were written for ``stamp`` and are all there, unchanged since."""
        files = self.old.get("class_files")
        if self.old.get("class") != stamp or not isinstance(files, dict) or "results.json" not in files:
            return False
        return self._times(out, list(files)) == list(files.values())

    def remove_stale(self, out: Path, class_files: list[Path]) -> None:
        """Remove the class outputs of the previous run that this run did not write (``class_files``).

        A gradebook for an LMS no longer asked for, a similarity page left by a run with
        similarity: kept, they would disagree with results.json. Only files this grader wrote
        under ``out`` (as its stamps list them) are removed.
        """
        if not self.persist or not class_files:
            return
        now = {str(path.relative_to(out)) for path in class_files}
        root = out.resolve()
        for name in self.previous.get("class_files", {}):
            target = (out / name).resolve()
            if name not in now and root in target.parents and target.is_file():
                target.unlink()
                if target.parent != root and not any(target.parent.iterdir()):
                    target.parent.rmdir()  # gradescope/, when no run asks for that format any more

    def remove_departed(self, out: Path, ids: Iterable[str]) -> None:
        """Remove the reports of the previous run's students, and of the self-checks since (:func:`record_self_check`),
        that are not among ``ids`` (this run's).

        A report left behind would be shared or uploaded with the others; only the files this
        grader wrote for a student it stamped or a self-check recorded are removed. ``ids`` are read only when
        there was a previous run or self-check.
        """
        old = self.previous.get("submissions") or {}
        checked = self.previous.get("self_checks") or []
        if not self.persist or not (old or checked):
            return
        present = set(ids)
        root = out.resolve()
        departed = [(i, bool(entry["summary"].get("hidden"))) for i, entry in old.items() if i not in present]
        for student_id, hidden in departed + [(i, True) for i in checked if i not in present and i not in old]:
            for name in self._files(student_id, hidden):
                target = (out / name).resolve()
                if root in target.parents and target.is_file():  # never through a link out of --out
                    target.unlink()

    def save(self, class_stamp: str | None, out: Path, class_files: list[Path] = ()) -> None:
        """Write this run's stamps (``class_stamp`` None: the class outputs are not up to date).

        ``class_files``: the class outputs written now (empty: the ones of the last run, still current).
        """
        if not self.persist:
            return
        files = ({str(path.relative_to(out)): path.stat().st_mtime_ns for path in class_files} if class_files
                 else self.old.get("class_files", {}))
        head = json.dumps({"parts": self.parts, "class": class_stamp, "class_files": files, "checks": self.checks},
                          ensure_ascii=False, separators=(",", ":"))
        mac = signing.signer()
        with atomic_stream(self.path) as stream:  # entry by entry, from the spill, signed as it goes
            def write(text: str) -> None:
                stream.write(text)
                mac.update(text.encode("utf-8"))

            write(head[:-1] + ',"submissions":{')
            for number, (submission_id, place) in enumerate(self.new.items()):
                write(("," if number else "") + json.dumps(submission_id) + ":")
                write(self.spill.get(place).decode("ascii"))
            write("}}")
            stream.write(signing.TRAILER + mac.hexdigest() + "\n")
