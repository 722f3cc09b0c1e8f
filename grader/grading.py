"""One grading run: the battery over all submissions, reports written as each one finishes."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

import pytest

from grader import isolation, reports, terminal
from grader.discover import Submission
from grader.results import battery_version, run_document, submission_result
from grader.runner import CHECKS_DIR, Battery, Job


class BatteryError(Exception):
    """The check battery itself could not be collected or run (a defect of the grader)."""


def pytest_arguments(timeout: float) -> list[str]:
    """The pytest command line for the battery: nothing from the user's folder is loaded.

    No conftest.py, ini file, cache or installed plugin other than pytest-timeout: a
    submission folder's own conftest.py or pytest.ini must never run (they are not collected,
    and the rootdir is the battery's own folder).
    """
    return [
        str(CHECKS_DIR), "--rootdir", str(CHECKS_DIR), "-c", os.devnull, "--noconftest",
        "-p", "no:cacheprovider", "-p", "no:stepwise", "-p", "pytest_timeout",
        "--capture=no", "--assert=plain", "--timeout", f"{timeout:g}", "-o", "timeout_method=signal",
        "-W", "ignore",
    ]


def grade(submissions: list[Submission], out: Path, *, jobs: int, timeout: float, lang: str, quiet: bool,
          single: bool) -> dict:
    """Grade ``submissions`` and write every output under ``out``.

    Out: the results.json document (see grader.results). Raises :class:`BatteryError`
    when the battery cannot be collected. Time limits are per check, in seconds.
    """
    out.mkdir(parents=True, exist_ok=True)
    show = terminal.Progress(len(submissions), lang, quiet=quiet or single)
    if not isolation.ISOLATED:
        show.warn_unisolated()
    results: list[dict] = []

    def on_result(job: Job, checks: list[dict]) -> None:
        result = submission_result(job.submission, job.load, job.outcomes, checks, lang)
        reports.write_submission(result, out, lang)
        results.append(result)
        show.graded(result)

    battery = Battery(submissions, timeout, jobs, on_result)
    previous = os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    chatter = io.StringIO()  # pytest's own terminal output; shown only when the battery fails
    try:
        with contextlib.redirect_stdout(chatter):
            code = pytest.main(pytest_arguments(timeout), plugins=[battery])
    except pytest.UsageError as error:
        raise BatteryError(str(error)) from None
    finally:
        if previous is None:
            os.environ.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
        else:
            os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = previous
    if code not in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED) or len(results) != len(submissions):
        raise BatteryError(f"the check battery did not run (pytest exit code {code}):\n{chatter.getvalue()[-3000:]}")
    order = {submission.id: index for index, submission in enumerate(submissions)}
    results.sort(key=lambda result: order[result["id"]])
    document = run_document(results, battery_version(CHECKS_DIR), lang)
    reports.write_class(document, out)
    if single:
        show.self_check(results[0], out)
    else:
        show.summary(results, out)
    sys.stdout.flush()
    return document
