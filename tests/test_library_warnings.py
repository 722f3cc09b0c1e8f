"""Warnings Python's own libraries give while main.py runs (re's FutureWarning "Possible nested set", a
DeprecationWarning) reach no terminal: a forked child's stderr is /dev/null, but without fork (Windows, and the
fallback elsewhere) main.py runs in the grader's own process, whose stderr is the instructor's terminal. Python's
SyntaxWarnings of main.py still become the report's notes (grader/sandbox/loader.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings

from conftest import ROOT, SOLUTIONS

CORRECT = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_text(encoding="utf-8")

# At load and in a check's call: each pattern is new to re's cache, so re warns each time it compiles one.
WARNED = CORRECT + """

import re

LOADED = re.compile('[[a]')
STATUS_IS_DONE = len('done') is 'done'
first_fingerprint = proposal_fingerprint


def proposal_fingerprint(proposal):
    re.compile('[[' + str(len(repr(proposal))) + ']')
    return first_fingerprint(proposal)
"""


def test_without_fork_no_library_warning_reaches_the_terminal(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "warned.py").write_text(WARNED, encoding="utf-8")
    script = ("import sys, grader.isolation as isolation; isolation.ISOLATED = False; "
              "from grader.cli import main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", script, str(folder), "--out", str(tmp_path / "out"), "--quiet"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "FutureWarning" not in done.stderr and "nested set" not in done.stderr, done.stderr
    result = json.loads((tmp_path / "out" / "results.json").read_text(encoding="utf-8"))["submissions"][0]
    assert result["score"] == 3
    notes = [note for note in result["load"]["notes"] if note["kind"] == "syntax-warning"]
    assert [note["line"] for note in notes] == [CORRECT.count("\n") + 6], result["load"]["notes"]


def test_discovery_parses_a_submission_without_a_warning():
    # The grader's own process parses a notebook's cells and an online text to tell code from remarks; Python 3.12
    # makes an invalid escape ("\d") a SyntaxWarning, shown on the instructor's terminal once per line that has one
    # (here every warning is recorded, as Python 3.11's DeprecationWarning for it shows that it is given).
    from grader.discover import notebooks, onlinetext

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert notebooks._replaced(['"\\d"'] * 3) == (['"\\d"'] * 3, 0)
        assert onlinetext.holds_code(b'"\\d"\n') is False
    assert [str(warning.message) for warning in seen] == []
