"""A check marked fresh runs in a child of its own, forked from the grader, so main.py's load there is the first of
that process, at every case of it (grader/runner.py; tests/attacks/inflation/history_reload_seen_by_*.py). It loads the
code the submission's first child compiled and sent without running main.py (grader/loading.py)."""

from __future__ import annotations

import time

from conftest import SOLUTIONS, failing, grade_folder
from grader.battery import place

CORRECT = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_text(encoding="utf-8")


def test_the_checks_marked_fresh_run_after_every_other_and_those_also_marked_last_at_the_very_end():
    # Every other check runs in one child, checkpoint 1's before checkpoint 3's (a looping dispatch_ticket stops only
    # what comes after it), the checks marked last after all of those; a child of its own starts at each fresh one.
    order = [{"checkpoint": 1}, {"checkpoint": 3}, {"checkpoint": 1, "last": True}, {"checkpoint": 3, "last": True},
             {"checkpoint": 1, "fresh": True}, {"checkpoint": 3, "fresh": True},
             {"checkpoint": 1, "fresh": True, "last": True}]
    places = [place(marker) for marker in order]
    assert places == sorted(places) and len(set(places)) == len(places)


def test_a_body_that_fails_only_when_loaded_a_year_on_fails_those_checks_and_says_why(write_submissions, tmp_path):
    # A forked child loads main.py at a check marked fresh; one marked last too loads it with the clocks a year on.
    # Its body raising then is that check's failure with the error, not a crash of the child (exit 0) nor a strike.
    bomb = CORRECT + f"\nimport time\nif time.time() > {time.time() + 200 * 86400:.0f}:\n    raise RuntimeError('te laat')\n"
    result = grade_folder(write_submissions({"bomb": bomb}), tmp_path)["bomb"]
    for checkpoint in "123":
        [check] = failing(result, checkpoint)
        assert check["id"].endswith("_loaded_a_year_later") and check["outcome"] == "failed"
        assert "RuntimeError" in check["detail"]["got"] and "te laat" in check["detail"]["got"]
    assert result["score"] == 0


def test_results_list_the_checks_in_the_battery_s_order_whatever_order_they_run_in(write_submissions, tmp_path):
    # The checks marked fresh run first, yet checkpoint 3's first check is still the first of its module, and a
    # wrong digest is still shown by the check that carries out an approved proposal (grader.reports.selection).
    result = grade_folder(write_submissions({"good": CORRECT}), tmp_path)["good"]
    ids = [check["id"] for key in "123" for check in result["checkpoints"][key]["checks"]]
    assert ids[0].startswith("v8_v10_first_calls_after_loading")
    third = [check["id"] for check in result["checkpoints"]["3"]["checks"]]
    assert third[0].startswith("d1_host_actor_valid") and "d5_d20_first_calls_after_loading" in third[1:]


def test_main_py_is_compiled_once_and_every_child_that_loads_it_loads_the_code_the_first_one_sent(monkeypatch):
    # The first child only compiles main.py and sends the code (grader.loading); the parent keeps it unread, and every
    # child forked after it (the first to load, and one at each check marked fresh) loads from it instead of compiling.
    # Swapped in the parent for the code of a main.py whose functions return None, it is what all those children run.
    import contextlib
    import io
    import marshal
    import os

    import pytest

    from grader import grading, runner
    from grader.discover import Submission
    from grader.sandbox.loader import compile_source

    wrong = compile_source.__wrapped__("".join(f"def {name}(*args):\n    return None\n" for name in
                                               ("validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket")))
    sent, graded, unmarshalled = [], [], []
    parent, real_loads, real_handle = os.getpid(), marshal.loads, runner.Battery._handle

    def loads(data, *args):
        if os.getpid() == parent:
            unmarshalled.append(bytes(data))
        return real_loads(data, *args)

    def handle(self, job, message):
        real_handle(self, job, message)
        if job.code is not None and not sent:
            sent.append(job.code)
            job.code = wrong

    monkeypatch.setattr(marshal, "loads", loads)
    monkeypatch.setattr(runner.Battery, "_handle", handle)
    battery = runner.Battery([Submission("good", "good.py", CORRECT.encode(), "0" * 64)], 5, 1,
                             lambda job, checks: graded.append(job))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        pytest.main(grading.pytest_arguments(5), plugins=[battery])
    if not runner.isolation.ISOLATED:  # in-process: each load compiles (once, then from a cache), nothing is sent
        assert not sent
        return
    [job] = graded
    assert len(sent) == 1 and sent[0] != wrong and job.code is None  # not kept once the submission is graded
    failed = [job.outcomes[at]["outcome"] == "failed" for at in range(job.total)]  # in the order results list them
    fresh = [battery.fresh[index] for index in battery.listing]
    assert any(fresh) and all(failed[at] for at in range(job.total) if fresh[at])
    assert sum(failed) > len(failed) // 2  # the first child to load ran the swapped code too (s01 passes every check)
    assert sent[0] not in unmarshalled and wrong not in unmarshalled  # the parent never unmarshals them


def test_the_first_child_compiles_main_py_without_running_it_and_a_load_uses_only_such_code():
    import marshal

    import pytest

    from grader import loading
    from grader.sandbox.loader import LoadFailure, compile_source, load

    source = CORRECT + "\nraise RuntimeError('body')\n"
    assert loading.compile_limited(source.encode(), 5) == (compile_source(source), None)  # the body never ran
    compiled, failed = loading.compile_limited(b"def f(:\n", 5)  # not compiled: nothing to hand on
    assert compiled is None and failed["status"] == "failed" and failed["problem"]["kind"] == "syntax"
    compiled = compile_source(CORRECT)
    assert load(b"x = 1\n", compiled).functions.keys() == {"validate_ticket_proposal", "proposal_fingerprint",
                                                           "dispatch_ticket"}
    other = compile(CORRECT, "other.py", "exec")
    for broken in (b"", b"\x00garbage", marshal.dumps(1), marshal.dumps(other), compiled[:-5]):
        with pytest.raises(LoadFailure) as failure:  # compiled anew from the source, which defines none of them
            load(b"x = 1\n", broken)
        assert failure.value.problem.kind == "missing-functions"


def test_compiling_past_the_module_body_s_time_limit_is_a_load_time_out():
    import pytest

    from grader import execution, loading

    if not execution.CPU_TIMER:
        pytest.skip("no CPU timer here (Windows)")
    source = CORRECT + "".join(f"name{number} = [{number}]\n" for number in range(10_000))  # not in the cache yet
    assert loading.compile_limited(source.encode(), 0.01) == (None, {
        "load": True, "status": "failed", "output": "",
        "problem": {"kind": "timeout", "detail": "0.01 s", "line": None, "column": None, "source": None}})


def test_code_nested_too_deeply_to_check_or_hand_on_is_a_load_failure_not_a_crash_of_the_child(monkeypatch):
    import marshal

    import pytest

    from grader.sandbox import loader

    def too_deep(code):
        raise ValueError("object too deeply nested to marshal")

    for source, broken in (("f = " + "lambda: " * 1000 + "0\n", False), (CORRECT, True)):
        if broken:  # deeper than marshal goes: the policy's visitor refuses such code first, so it is faked here
            monkeypatch.setattr(marshal, "dumps", too_deep)
        with pytest.raises(loader.LoadFailure) as failure:
            loader.compile_source.__wrapped__(source)
        assert failure.value.problem.kind == "syntax" and "too deeply nested" in failure.value.problem.detail
