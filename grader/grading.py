"""One grading run: the battery over all submissions, reports written as each one finishes."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import signal
import time
from pathlib import Path
from typing import Iterator, Sequence

import pytest

from grader import __version__, isolation, reports, terminal
from grader.class_notes import ClassNotes, error_places
from grader.reports import classview, copies, jsonreport
from grader.cache import ResultCache
from grader.discover import Sources, Submission, leftout
from grader.errors import BilingualError
from grader.interrupts import LinelessFrames
from grader.results import battery_version, grader_version, run_header, submission_result
from grader.runner import CHECKS_DIR, Battery, Job
from grader.spill import Spill, SpilledList
from grader.stamps import STAMPS_FILE, ReportStamps, record_self_check


class BatteryError(Exception):
    """The check battery itself could not be collected or run (a defect of the grader)."""


class ChecksError(BilingualError, BatteryError):
    """An instructor's own check module (--checks) could not be collected: a usage error, not the grader's."""


def pytest_arguments(timeout: float, checks: Path | None = None) -> list[str]:
    """The pytest command line for the battery: nothing from the user's folder is loaded.

    No conftest.py, ini file, cache or installed plugin other than pytest-timeout: a
    submission folder's own conftest.py or pytest.ini must never run (they are not collected,
    and the rootdir is the battery's own folder). ``checks``: an instructor's folder of
    extra check modules (--checks), collected after the battery.
    """
    return [
        str(CHECKS_DIR), *([str(checks)] if checks else []),
        "--rootdir", str(CHECKS_DIR), "-c", os.devnull, "--noconftest",
        "-p", "no:cacheprovider", "-p", "no:stepwise", "-p", "pytest_timeout",
        "--capture=no", "--assert=plain", "--tb=line",  # no tracebacks are formatted: outcomes are data
        "-o", "timeout_method=signal",
        # Without fork (Windows) the signal method is unavailable and the thread method would end
        # the whole grader: no per-check time limit there (the CLI says so).
        "--timeout", f"{timeout:g}" if isolation.ISOLATED else "0",
        "-W", "ignore",
        # Per-check machinery the battery does not use; each costs time on every check.
        *(arg for plugin in UNUSED_PLUGINS for arg in ("-p", f"no:{plugin}")),
    ]


UNUSED_PLUGINS = ("logging", "warnings", "unraisableexception", "threadexception", "faulthandler", "junitxml",
                  "doctest", "pastebin", "legacypath", "tmpdir", "monkeypatch", "recwarn", "setuponly",
                  "setupplan", "debugging", "subtests", "nose")


class Interrupted(Exception):
    """Grading stopped early (Ctrl-C or SIGTERM); ``document`` holds what was graded."""

    def __init__(self, document: dict) -> None:
        super().__init__("interrupted")
        self.document = document


def grade(submissions: Sequence[Submission], out: Path, *, jobs: int, timeout: float, lang: str, quiet: bool,
          single: bool, force: bool = False, options: reports.Options | None = None,
          checks: Path | None = None, kept: bool = True, unclaimed: Sequence[str] = ()) -> dict:
    """Grade ``submissions`` and write every output under ``out``.

    Results of earlier runs under ``out`` are reused when the source, the grader, the
    battery, the language and the time limit are the same (``force`` regrades), and reports
    already written for them are not written again (grader.stamps). ``single``: a student's
    self-check (the report and results.json only, no class outputs). Out: the class document
    (grader.reports.classview: results.json's top-level fields and a summary per graded
    submission; the full results are in ``out/results.json``). Raises :class:`BatteryError`
    when the battery cannot be collected, and :class:`Interrupted` (after writing what was
    graded) on Ctrl-C or SIGTERM. Time limits are per check, in seconds. ``options``: the extra
    outputs (grader.reports.Options); ``checks``: an instructor's extra check modules; ``kept``: False
    when ``out`` is a temporary folder (on Gradescope), which the terminal then does not point to; ``unclaimed``:
    the entries of the class folder that became no submission (grader.discover), kept in results.json and said last.
    """
    started = time.monotonic()
    out.mkdir(parents=True, exist_ok=True)
    show = terminal.Progress(len(submissions), lang, quiet=quiet or single)
    if single and submissions:
        show.busy(Path(str(submissions[0].graded_file or submissions[0].path)).name)
    if not isolation.ISOLATED:
        show.warn_unisolated()
    battery_id = battery_version(CHECKS_DIR) + (f"+{battery_version(checks)}" if checks else "")
    cache = ResultCache(out / ".cache", (__version__, grader_version(), battery_id, lang, f"{timeout:g}"), fresh=force)
    run = _Outputs(out, lang, options or reports.Options(), cache, show, single, force)
    todo = Selection(submissions, [n for n, submission in enumerate(submissions) if not run.reuse(submission)])
    interrupted = bool(todo) and _run_battery(Battery(todo, timeout, jobs, run.on_result, meanwhile=reports.prepare), timeout, checks)
    show.close()
    if interrupted and single and not run.full:
        # A self-check stopped before its result: nothing is written, so the report and results.json
        # already there still agree with each other (both of the run before); the terminal says so.
        raise Interrupted({"submissions": []})
    header = run_header(battery_id, lang)
    header["elapsed_seconds"] = round(time.monotonic() - started, 3)
    if unclaimed and not single:  # so that grade report says them again (grader.class_notes)
        header["unclaimed"] = leftout.stored(list(unclaimed))
    if interrupted:  # the class outputs say they are incomplete, and of how many submissions
        header.update(interrupted=True, submissions_found=len(submissions))
    document = run.finish(submissions, header, interrupted)
    if interrupted:
        raise Interrupted(document)
    if single:
        show.self_check(run.full[0], out, brief=quiet, reused=not todo)
    else:
        found = copies.current(document, out) if run.options.similarity else None  # this run's similarity.html
        show.summary(document["submissions"], out, reused=len(submissions) - len(todo),
                     similar=found["pairs"] if found else None)
        run.notes.say(show, document, list(run.options.gradebooks), error_places(out) if kept else [])
    return document


class Selection(Sequence[Submission]):
    """Some of ``submissions`` (those at ``indices``), without a copy of each (grader.discover.SubmissionList)."""

    def __init__(self, submissions: Sequence[Submission], indices: list[int]) -> None:
        self.submissions, self.indices = submissions, indices

    def __getitem__(self, index):  # noqa: ANN001 - an int or a slice, as for a list
        if isinstance(index, slice):
            return Selection(self.submissions, self.indices[index])
        return self.submissions[self.indices[index]]

    def __iter__(self) -> Iterator[Submission]:
        return (self.submissions[index] for index in self.indices)

    def __len__(self) -> int:
        return len(self.indices)


class _Outputs:
    """The outputs of one run as results arrive: reports, summaries, stamps; then the class outputs.

    Neither the full results nor the summaries (grader.reports.classview) stay in memory: the
    results are in the cache folder until results.json is written from there, the summaries in
    a spill (grader.spill), read back one at a time by the class outputs.
    """

    def __init__(self, out: Path, lang: str, options: reports.Options, cache: ResultCache,
                 show: terminal.Progress, single: bool, force: bool) -> None:
        self.out, self.lang, self.options, self.cache, self.show, self.single = out, lang, options, cache, show, single
        self.force = force
        self.stamps = ReportStamps(out / ".cache" / STAMPS_FILE, cache.parts, fresh=force, persist=not single)
        self.builder = classview.ClassSummary(self.stamps.checks)
        self.spill = Spill()  # the summaries, out of memory (a large class): id -> place
        self.summaries: dict[str, object] = {}
        self.full: list[dict] = []  # the one full result of a self-check (for the terminal)
        self.notes = ClassNotes()  # what the terminal says of the submissions after the summary

    def reuse(self, submission: Submission) -> bool:
        """Take ``submission``'s result from earlier runs when it is there; False: it must be graded."""
        stamp = self.stamps.stamp(self.cache.key(submission), submission)
        current = None if self.single else self.stamps.current(submission, stamp, self.out)
        # Its reports are written for this very result, and its signed entry (which results.json is written from) holds.
        if current is not None and self.cache.entry(submission) is not None:
            self._add(submission, stamp, current)
            return True
        cached = None if self.force else self.cache.get(submission)
        if cached is not None:
            self.record(submission, cached, stamp)
        return cached is not None

    def on_result(self, job: Job, checks: list[dict]) -> None:
        """A submission graded by the battery (called in the parent)."""
        result = submission_result(job.submission, job.load, job.outcomes, checks, self.lang)
        # A child killed on the wall clock or from outside (grader.jobs.Job.external): graded again next run.
        self.cache.put(job.submission, result, reusable=not job.external)
        stamp = None if job.external else self.stamps.stamp(self.cache.key(job.submission), job.submission)
        self.record(job.submission, result, stamp)

    def record(self, submission: Submission, result: dict, stamp: str | None) -> None:
        """Write ``result``'s reports and keep its summary; ``stamp`` (None: not reusable) marks them current."""
        reports.write_submission(result, self.out, self.lang, self.options)
        if self.single:
            self.full.append(result)
        self._add(submission, stamp, self.builder.add(result))

    def _add(self, submission: Submission, stamp: str | None, summary: dict) -> None:
        self.notes.add(submission.id, summary)  # graded now or reused: said the same
        self.summaries[submission.id] = self.spill.put_json(summary)
        if stamp is not None:
            self.stamps.put(submission.id, stamp, summary, self.out)
        self.show.graded(summary)

    def _bare(self, submission_id: str) -> dict:
        """A results.json entry from a summary alone (its cache entry has gone missing): no check records."""
        summary = self.spill.get_json(self.summaries[submission_id])
        return {key: value for key, value in summary.items()
                if key not in ("failed", "hidden", "errors", "decoded", "renamed", "said_notes")}

    def finish(self, submissions: Sequence[Submission], header: dict, interrupted: bool) -> dict:
        """Write results.json and the class outputs (unless they are up to date); out: the class document."""
        # One pass over the submissions (each read back from the spill): the graded ones and their summaries.
        picked = [(n, self.summaries[s.id]) for n, s in enumerate(submissions) if s.id in self.summaries]
        graded = Selection(submissions, [n for n, _ in picked])
        document = self.builder.document(header, SpilledList(self.spill, [place for _, place in picked]))

        def entries() -> Iterator[dict]:  # compact results.json entries, read again from the cache each time
            return (self.cache.entry(s, provisional=True) or self._bare(s.id) for s in graded)

        catalogue = self.cache.catalogue
        class_stamp, written = None, []
        if self.single:  # a student's self-check: the report and results.json, no class outputs
            if not (self.out / "index.html").exists():  # never in place of a class's results
                jsonreport.write(header, catalogue, entries(), self.out)
            if "gradescope" in self.options.formats:
                reports.write_gradescope(header, self.full, self.out)
            for submission in graded:  # so that a class run into this folder removes them (not its students')
                record_self_check(self.out, submission.id)
        else:
            if not interrupted:
                class_stamp = self.stamps.class_stamp((s.id for s in graded), self.options, self.options.references)
            # Interrupted: what was graded, quickly (no similarity: it reads every source again).
            options = dataclasses.replace(self.options, similarity=False) if interrupted else self.options
            if class_stamp is None or not self.stamps.class_current(class_stamp, self.out):
                written = reports.write_class_outputs(document, entries, catalogue, self.out, options,
                                                      Sources(submissions))
        self.stamps.remove_stale(self.out, written)
        self.stamps.remove_departed(self.out, (s.id for s in submissions))
        self.stamps.save(class_stamp, self.out, written)
        return document


def _shown_path(path: Path) -> str:
    """``path`` as the user knows it: relative to the current folder when it lies inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


def _run_battery(battery: Battery, timeout: float, checks: Path | None = None) -> bool:
    """Run pytest with ``battery`` as its plugin; True when Ctrl-C or SIGTERM stopped it."""
    previous = os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    chatter = io.StringIO()  # pytest's own terminal output; shown only when the battery fails
    on_term = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        with contextlib.redirect_stdout(chatter):
            code = pytest.main(pytest_arguments(timeout, checks), plugins=[battery, LinelessFrames()])
    except pytest.UsageError as error:
        raise BatteryError(str(error)) from None
    finally:
        signal.signal(signal.SIGTERM, on_term)
        if previous is None:
            os.environ.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
        else:
            os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = previous
    if battery.output_error is not None:
        raise battery.output_error  # the CLI reports it as an output problem (exit 4)
    if battery.collection_errors:
        path, reason, reason_nl = battery.collection_errors[0]
        if checks is not None and Path(path).resolve().is_relative_to(checks.resolve()):
            shown = _shown_path(Path(path))
            raise ChecksError(f"your own checks could not be loaded: {shown}: {reason}",
                              f"je eigen controles konden niet worden geladen: {shown}: {reason_nl}")
        raise BatteryError(f"the check battery could not be collected: {path}: {reason}")
    if code == pytest.ExitCode.INTERRUPTED:
        return True
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) or battery.finished != len(battery.submissions):
        raise BatteryError(f"the check battery did not run (pytest exit code {code}):\n{chatter.getvalue()[-3000:]}")
    return False
