"""Trusted work in a forked process of its own (grader.isolation.run_apart): result, errors, no leftovers."""

from __future__ import annotations

import json
import os
import signal

import pytest

from conftest import ROOT
from grader import isolation

pytestmark = pytest.mark.skipif(not isolation.ISOLATED, reason="needs fork (POSIX)")


def test_the_result_comes_back_and_memory_used_there_stays_there():
    def work():
        big = bytearray(64 * 1024 * 1024)  # touched in the forked process only
        return {"pairs": 3, "size": len(big), "pid": os.getpid()}

    answer = isolation.run_apart(work)
    assert answer["pairs"] == 3 and answer["size"] == 64 * 1024 * 1024
    assert answer["pid"] != os.getpid()
    with pytest.raises(ChildProcessError):  # reaped: nothing is left behind
        os.waitpid(answer["pid"], os.WNOHANG)


def test_an_error_there_is_raised_here_with_its_message():
    def work():
        raise ValueError("kapot")

    with pytest.raises(RuntimeError, match="ValueError: kapot"):
        isolation.run_apart(work)


def test_a_process_that_dies_without_a_result_is_an_error():
    def work():
        os.kill(os.getpid(), signal.SIGKILL)

    with pytest.raises(RuntimeError, match="SIGKILL"):
        isolation.run_apart(work)


def test_what_it_writes_to_files_stays(tmp_path):
    target = tmp_path / "uit.txt"
    assert isolation.run_apart(lambda: target.write_text("klaar") and None) is None
    assert target.read_text() == "klaar"


def test_when_the_similarity_process_fails_the_comparison_runs_here(tmp_path, monkeypatch):
    from grader import reports

    def fails(work):
        raise OSError(11, "Resource temporarily unavailable")  # fork refused

    monkeypatch.setattr(isolation, "run_apart", fails)
    document = {"lang": "nl", "created": "", "grader": "", "battery": "", "checks": [], "submissions": [
        {"id": name, "status": "graded", "score": 3, "max_score": 3, "hidden": False, "failed": [],
         "checkpoints": {"1": {"passed": True}}, "load": {"problem": None}, "source": "", "sha256": ""}
        for name in ("anna", "bram")]}
    source = (ROOT / "tests" / "solutions" / "reference" / "main.py").read_bytes()
    written = reports.write_class_outputs(document, lambda: iter([]), {}, tmp_path, reports.Options(),
                                          {"anna": source, "bram": source + b"\n# mijn versie\n"})
    assert tmp_path / "similarity.html" in written
    pairs = json.loads((tmp_path / "similarity.json").read_text())["pairs"]
    assert [(pair["a"], pair["b"], pair["identical"]) for pair in pairs] == [("anna", "bram", True)]


_TERM_AFTER_FORK = []  # set by the test below; os.register_at_fork cannot be undone


def _term_after_fork():
    if _TERM_AFTER_FORK:
        _TERM_AFTER_FORK.clear()
        os.kill(os.getpid(), signal.SIGTERM)


os.register_at_fork(after_in_parent=_term_after_fork)


@pytest.mark.parametrize("fork", ["run_apart", "spawn"])
def test_a_sigterm_that_arrives_during_a_fork_is_not_lost(fork):
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)  # as grader.cli does
    try:
        _TERM_AFTER_FORK.append(True)  # arrives while Python runs its own after-fork callbacks
        with pytest.raises(KeyboardInterrupt):
            if fork == "run_apart":
                isolation.run_apart(lambda: 1)
            else:
                isolation.spawn(lambda channel: None, 10)
    finally:
        signal.signal(signal.SIGTERM, previous)
        _TERM_AFTER_FORK.clear()
    with pytest.raises(ChildProcessError):  # the forked process was killed and reaped: none is left
        os.waitpid(-1, os.WNOHANG)
