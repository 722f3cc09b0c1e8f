"""One grading run: the battery over all submissions, reports written as each one finishes."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import time
from pathlib import Path

import pytest

from grader import __version__, isolation, reports, terminal
from grader.cache import ResultCache
from grader.discover import Submission
from grader.results import battery_version, grader_version, run_document, submission_result
from grader.runner import CHECKS_DIR, Battery, Job


class BatteryError(Exception):
    """The check battery itself could not be collected or run (a defect of the grader)."""


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
        "--capture=no", "--assert=plain", "--tb=line",  # no tracebacks are formatted: outcomes are data "-o", "timeout_method=signal",
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


def grade(submissions: list[Submission], out: Path, *, jobs: int, timeout: float, lang: str, quiet: bool,
          single: bool, force: bool = False, options: reports.Options | None = None,
          checks: Path | None = None) -> dict:
    """Grade ``submissions`` and write every output under ``out``.

    Results of earlier runs under ``out`` are reused when the source, the grader, the
    battery, the language and the time limit are the same (``force`` regrades). Out: the
    results.json document (see grader.results). Raises :class:`BatteryError` when the
    battery cannot be collected, and :class:`Interrupted` (after writing what was graded)
    on Ctrl-C or SIGTERM. Time limits are per check, in seconds. ``options``: the extra
    outputs (grader.reports.Options); ``checks``: an instructor's extra check modules.
    """
    started = time.monotonic()
    out.mkdir(parents=True, exist_ok=True)
    show = terminal.Progress(len(submissions), lang, quiet=quiet or single)
    if not isolation.ISOLATED:
        show.warn_unisolated()
    battery_id = battery_version(CHECKS_DIR) + (f"+{battery_version(checks)}" if checks else "")
    cache = ResultCache(out / ".cache", (__version__, grader_version(), battery_id, lang, f"{timeout:g}"))
    results: dict[str, dict] = {}

    def record(result: dict) -> None:
        reports.write_submission(result, out, lang, options)
        results[result["id"]] = result
        show.graded(result)

    def on_result(job: Job, checks: list[dict]) -> None:
        result = submission_result(job.submission, job.load, job.outcomes, checks, lang)
        cache.put(job.submission, result)
        record(result)

    todo = []
    for submission in submissions:
        cached = None if force else cache.get(submission)
        if cached is None:
            todo.append(submission)
        else:
            record(cached)
    interrupted = bool(todo) and _run_battery(Battery(todo, timeout, jobs, on_result), timeout, checks)
    show.close()
    document = run_document([results[s.id] for s in submissions if s.id in results], battery_id, lang)
    document["elapsed_seconds"] = round(time.monotonic() - started, 3)
    reports.write_class(document, out, options, {s.id: s.source for s in submissions})
    if interrupted:
        raise Interrupted(document)
    if single:
        show.self_check(document["submissions"][0], out)
    else:
        show.summary(document["submissions"], out)
    return document


def _run_battery(battery: Battery, timeout: float, checks: Path | None = None) -> bool:
    """Run pytest with ``battery`` as its plugin; True when Ctrl-C or SIGTERM stopped it."""
    previous = os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    chatter = io.StringIO()  # pytest's own terminal output; shown only when the battery fails
    on_term = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        with contextlib.redirect_stdout(chatter):
            code = pytest.main(pytest_arguments(timeout, checks), plugins=[battery])
    except pytest.UsageError as error:
        raise BatteryError(str(error)) from None
    finally:
        signal.signal(signal.SIGTERM, on_term)
        if previous is None:
            os.environ.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
        else:
            os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = previous
    if code == pytest.ExitCode.INTERRUPTED:
        return True
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) or battery.finished != len(battery.submissions):
        raise BatteryError(f"the check battery did not run (pytest exit code {code}):\n{chatter.getvalue()[-3000:]}")
    return False
