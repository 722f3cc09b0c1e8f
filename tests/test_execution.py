"""How a check runs in the child: the direct path for the battery, pytest's protocol for other checks."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import time

import pytest

from conftest import SOLUTIONS, run_grade
from grader import execution, grading, runner
from grader.reports import jsonreport

CORRECT = SOLUTIONS / "correct" / "s01_plain_regex.py"

# Checks that need more than ``student`` and their parameters: they go through pytest's protocol.
PROTOCOL_CHECKS = '''
import pytest
from grader.battery import Mismatch, check

TEXT = dict(nl="Een extra controle.", en="An extra check.", hint_nl="Tip.", hint_en="Hint.")


@pytest.fixture
def refused_proposal():
    return {"call_id": "c1"}


@check(1, "Y1", **TEXT)
def test_own_fixture_passes(student, refused_proposal, request):
    student.call("validate_ticket_proposal", refused_proposal).expect_value_error()


@check(1, "Y2", **TEXT)
def test_own_fixture_mismatch(student, refused_proposal):
    raise Mismatch("tried-Y2", "expected-Y2", "got-Y2")


@check(1, "Y3", **TEXT)
@pytest.mark.skip(reason="not ready")
def test_skipped(student):
    pass


@check(1, "Y4", **TEXT)
def test_values_not_text(student):
    raise Mismatch("tried-Y4", 5, {"status": "ok"})
'''


def collected_battery() -> runner.Battery:
    battery = runner.Battery([], 10, 1, lambda job, checks: None)
    previous = os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            pytest.main([*grading.pytest_arguments(10), "--collect-only"], plugins=[battery])
    finally:
        if previous is None:
            os.environ.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD")
    return battery


def test_every_check_of_the_battery_runs_on_the_direct_path():
    battery = collected_battery()
    assert len(battery.items) > 400
    assert [item.nodeid for item, direct in zip(battery.items, battery.direct) if not direct] == []


def test_checks_with_other_fixtures_or_markers_run_through_pytests_protocol(tmp_path):
    checks = tmp_path / "extra"
    checks.mkdir()
    (checks / "test_extra.py").write_text(PROTOCOL_CHECKS, encoding="utf-8")
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(CORRECT, folder / "anna.py")
    done = run_grade(str(folder), "--out", str(tmp_path / "out"), "--quiet", "--checks", str(checks), "--no-similarity")
    assert done.returncode == 0, done.stderr
    anna = jsonreport.read(tmp_path / "out" / "results.json")["submissions"][0]
    extra = {c["clause"]: c for c in anna["checkpoints"]["1"]["checks"] if c["clause"].startswith("Y")}
    assert extra["Y1"]["outcome"] == "passed"
    assert extra["Y2"]["outcome"] == "failed" and extra["Y2"]["detail"]["tried"] == "tried-Y2"
    assert extra["Y3"]["outcome"] == "error" and extra["Y3"]["error"] == "skipped"
    assert extra["Y4"]["outcome"] == "failed" and extra["Y4"]["detail"]["expected"] == "5"  # values shown as code
    assert extra["Y4"]["detail"]["got"] == "{'status': 'ok'}"
    others = [c for key in "123" for c in anna["checkpoints"][key]["checks"] if not c["clause"].startswith("Y")]
    assert {c["outcome"] for c in others} == {"passed"}


class Expired(BaseException):
    pass


@pytest.mark.skipif(not execution.CPU_TIMER, reason="no SIGPROF on this platform")
def test_a_cpu_budget_remembers_it_ran_out_even_when_the_code_swallowed_it():
    budget = execution.CpuBudget(Expired)

    def swallow() -> str:
        try:
            while True:
                pass
        finally:
            return "late"  # noqa: B012 - the point of the test

    budget.start(0.05)
    try:
        assert swallow() == "late"
    finally:
        budget.stop()
    assert budget.fired
    budget.start(5)
    budget.stop()
    assert not budget.fired


@pytest.mark.parametrize("outcome, valid", [
    ({"outcome": "passed"}, True),
    ({"outcome": "failed", "detail": {"tried": "f(1)", "expected": "ValueError",
                                      "got": {"nl": "gaf terug: 1", "en": "returned: 1"}, "cause": "validation"}}, True),
    ({"outcome": "error", "error": "TypeError: x"}, True),
    ({"outcome": "won"}, False),
    ({"outcome": "passed", "score": 3}, False),
    ({"outcome": "failed", "detail": {"tried": ["f"]}}, False),
    ({"outcome": "failed", "detail": {"got": {"nl": "a"}}}, False),
    ({"outcome": "error", "error": 7}, False),
    ("passed", False),
])
def test_outcomes_from_a_child_are_checked_for_shape(outcome, valid):
    assert execution.valid_outcome(outcome) is valid


@pytest.mark.parametrize("message, valid", [
    ({"load": True, "status": "ok", "output": "", "notes": [{"kind": "exit-called", "line": 3}]}, True),
    ({"load": True, "status": "failed", "output": "", "problem": {"kind": "runtime", "detail": "E", "line": 2,
                                                                  "column": None, "source": "x"}}, True),
    ({"load": True, "status": "ok", "output": "", "notes": [{"kind": "late"}]}, False),   # not the child's to say
    ({"load": True, "status": "ok", "output": None, "notes": []}, False),
    ({"load": True, "status": "failed", "output": "", "problem": {"kind": "runtime"}}, False),
    ({"load": True, "status": "great", "output": "", "notes": []}, False),
])
def test_load_messages_from_a_child_are_checked_for_shape(message, valid):
    assert execution.valid_load(message) is valid


def test_a_forged_message_does_not_count_and_checks_run_in_order():
    job = runner.Job(submission=None, total=3)
    battery = runner.Battery([], 10, 1, lambda job, checks: None)
    battery._handle(job, {"load": True, "status": "ok", "output": "", "notes": []})
    battery._handle(job, {"done": 1, "outcome": {"outcome": "passed"}})     # not the check in flight
    battery._handle(job, {"done": 0, "outcome": {"outcome": "passed", "extra": 1}})
    battery._handle(job, ["done", 0])
    assert job.outcomes == {} and job.next == 0
    battery._handle(job, {"done": 0, "outcome": {"outcome": "timeout"}})
    assert job.outcomes == {0: {"outcome": "timeout"}} and job.next == 1 and job.timeouts == 1


def test_a_slow_correct_submission_moves_to_fresh_children_instead_of_losing_checks(monkeypatch):
    # Each child may use child_cpu seconds of CPU in all; a submission slow enough to need more
    # than that over the whole battery (each check well within its budget) is handed over to a
    # new child between checks, instead of a SIGXCPU kill that blamed the check running then.
    from grader.discover import Submission
    from test_determinism import REFERENCE, slowed

    # 5,000 steps per call: the battery needs about 10 s of CPU in all (several children), its check with the most
    # calls (checkpoint 1's invalid proposals in every form) under half its 2 s (20,000 steps timed that one out).
    source = slowed(REFERENCE.read_text(encoding="utf-8"), 5_000).encode("utf-8")
    spawned, graded = [], []
    real_spawn = runner.isolation.spawn
    monkeypatch.setattr(runner.isolation, "spawn", lambda *args: spawned.append(1) or real_spawn(*args))
    battery = runner.Battery([Submission("slow", "slow.py", source, "0" * 64)], 2, 1,
                             lambda job, checks: graded.append(job), child_cpu=4)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        pytest.main(grading.pytest_arguments(2), plugins=[battery])
    job = graded[0]
    assert job.load["status"] == "ok"
    assert [(index, job.outcomes.get(index)) for index in range(job.total)
            if job.outcomes.get(index, {}).get("outcome") != "passed"] == []
    assert len(spawned) > 1


def test_work_meanwhile_runs_once_while_the_children_grade_and_nothing_stays_frozen(monkeypatch):
    # The report templates are compiled while the first children run (grading.grade passes
    # reports.prepare); the battery's objects are frozen for the children (gc.freeze) and
    # released afterwards, so a long-lived caller does not keep every run's objects.
    import gc

    from grader.discover import Submission

    source = CORRECT.read_bytes()
    submissions = [Submission(f"s{n}", f"s{n}.py", source + f"# {n}\n".encode(), "0" * 64) for n in range(3)]
    events = []
    battery = runner.Battery(submissions, 10, 2, lambda job, checks: events.append(("graded", job.submission.id)),
                             meanwhile=lambda: events.append(("meanwhile", len(events), gc.get_freeze_count() > 0)))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        pytest.main(grading.pytest_arguments(10), plugins=[battery])
    assert events[0] == ("meanwhile", 0, True)  # before any submission was finished, with the battery frozen
    assert sorted(events[1:]) == [("graded", "s0"), ("graded", "s1"), ("graded", "s2")]
    assert gc.get_freeze_count() == 0


def test_prepare_compiles_the_feedback_templates_for_the_first_report():
    from grader.reports import prepare, templating

    templating.template.cache_clear()
    prepare()
    assert templating.template.cache_info().currsize == 2


def test_in_process_grading_runs_every_check_however_long_the_grader_has_run(monkeypatch):
    # Without fork (Windows) there is no child whose CPU allowance could run out: a hand-over
    # to a fresh child must not happen there. It did, counted on the grader's own CPU time, so
    # late in a batch every submission after the first ~50 CPU seconds ran only its first check.
    from grader.discover import Submission

    monkeypatch.setattr(runner.isolation, "ISOLATED", False)
    spent = time.process_time() + 1.5
    while time.process_time() < spent:  # the grader has already run for a while
        pass
    graded = []
    battery = runner.Battery([Submission("good", "good.py", CORRECT.read_bytes(), "0" * 64)], 2, 1,
                             lambda job, checks: graded.append(job), child_cpu=4)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        pytest.main(grading.pytest_arguments(2), plugins=[battery])
    job = graded[0]
    assert [job.outcomes.get(index, {}).get("outcome") for index in range(job.total)] == ["passed"] * job.total
    # The checks marked last ran a year on (grader.sandbox.clock); the grader's own process reads the real time again.
    from grader.sandbox import clock
    assert clock.shift == 0


def test_in_process_grading_counts_each_strike_once(monkeypatch):
    # A forked child counts strikes in its own copy of the job, the parent again from its messages;
    # in-process both counted on the same job, so each time-out counted twice (the reduced limit
    # and the ten-strike stop came at half the strikes the README gives).
    from grader.discover import Submission
    from test_isolation import replace_function

    monkeypatch.setattr(runner.isolation, "ISOLATED", False)
    source = replace_function(CORRECT.read_text(encoding="utf-8"), "dispatch_ticket", "while True:\n    pass")
    graded = []
    battery = runner.Battery([Submission("loop", "loop.py", source.encode("utf-8"), "0" * 64)], 0.5, 1,
                             lambda job, checks: graded.append(job))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        pytest.main(grading.pytest_arguments(0.5), plugins=[battery])
    job = graded[0]
    ran = [job.outcomes.get(battery.listing.index(index), {}).get("outcome") for index in range(job.total)]
    assert ran[:battery.first_last].count("timeout") == runner.MAX_TIMEOUTS
    # The checks marked last or fresh run after the tenth strike too, except checkpoint 3's: it has failed already.
    rest = [(battery.checks[index]["checkpoint"], ran[index]) for index in range(battery.first_last, job.total)]
    assert {outcome for checkpoint, outcome in rest if checkpoint < 3} == {"passed"}
    assert {outcome for checkpoint, outcome in rest if checkpoint == 3} == {"not-run"}
    assert job.timeouts == runner.MAX_TIMEOUTS


@pytest.mark.parametrize("isolated", [True, False], ids=["child-processes", "in-process"])
def test_a_submission_that_uses_up_its_whole_cpu_budget_stops_with_the_rest_not_run(monkeypatch, isolated):
    # Each check stays far within its own limit, but all of them together would hold a worker for
    # a long time (in the worst case the number of checks x --timeout). A submission has a CPU
    # budget for the whole battery: past it, the checks left are not run, and its report says why.
    # Without fork (Windows) the budget holds too, counted in the grader's own process.
    from grader.discover import Submission
    from test_determinism import REFERENCE, slowed

    if isolated and not runner.isolation.ISOLATED:
        pytest.skip("needs fork (POSIX)")
    monkeypatch.setattr(runner.isolation, "ISOLATED", isolated)

    # Only dispatch_ticket is slow: the budget runs out in checkpoint 3, however many checks checkpoint 1 has.
    source = slowed(REFERENCE.read_text(encoding="utf-8"), 20_000, ("dispatch_ticket",)).encode("utf-8")
    graded = []
    battery = runner.Battery([Submission("slow", "slow.py", source, "0" * 64)], 2, 1,
                             lambda job, checks: graded.append(job), child_cpu=4, submission_cpu=2)
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    with contextlib.redirect_stdout(io.StringIO()):
        pytest.main(grading.pytest_arguments(2), plugins=[battery])
    job = graded[0]
    ran = [job.outcomes.get(battery.listing.index(index), {}) for index in range(job.total)]  # in the order they ran
    outcomes = [outcome.get("outcome") for outcome in ran]
    first_not_run = outcomes.index("not-run")
    assert 0 < first_not_run and set(outcomes[:first_not_run]) == {"passed"}
    assert all(ran[index] == {"outcome": "not-run", "error": "cpu-budget"} for index in range(first_not_run, battery.first_last))
    # Those marked last or fresh run anyway, except those of a checkpoint with checks not run: it has failed already.
    failed = {battery.checkpoints[index] for index in range(first_not_run, battery.first_last)}
    assert [outcome == "not-run" for outcome in outcomes[battery.first_last:]] == [
        battery.checkpoints[index] in failed for index in range(battery.first_last, job.total)], job.cpu_used
    assert "passed" in outcomes[battery.first_last:]
    assert {"kind": "cpu-budget", "seconds": 2} in job.load["notes"]
    assert 2 <= job.cpu_used < 2 + 1.5  # stopped between checks, close to the budget


def test_the_checks_marked_last_run_after_the_strikes_that_stop_the_others():
    # A looping proposal_fingerprint made checkpoint 1 fail: its check marked last (after every other check) was
    # marked not run with the checks of checkpoints 2 and 3 after the tenth time-out.
    job = runner.Job(submission=None, total=6)
    job.load, job.next, job.timeouts = {"status": "ok"}, 2, runner.MAX_TIMEOUTS
    job.outcomes = {index: {"outcome": "timeout"} for index in range(2)}
    job.stop_early(submission_cpu=60, resume=4)
    assert job.next == 4 and not job.finished
    assert [job.outcomes[index] for index in (2, 3)] == [{"outcome": "not-run", "error": "after-timeout"}] * 2
    job.next = 5
    job.stop_early(submission_cpu=60, resume=4)  # among the last checks: nothing more is skipped
    assert job.next == 5 and 5 not in job.outcomes


def test_after_the_strikes_the_checks_marked_last_of_a_failed_checkpoint_are_not_run():
    # Checks 0-2 are the others, 3-5 those marked last or fresh; checkpoint 3 looped (check 1) and has failed: its
    # checks marked last could not change that, and each would load main.py anew and loop again.
    job = runner.Job(submission=None, total=6)
    job.load, job.next, job.timeouts = {"status": "ok"}, 2, runner.MAX_TIMEOUTS
    job.outcomes = {0: {"outcome": "passed"}, 1: {"outcome": "timeout"}}
    job.stop_early(submission_cpu=60, resume=3, checkpoints=[1, 3, 3, 1, 3, 2])
    skipped = {"outcome": "not-run", "error": "after-timeout"}
    assert job.next == 3 and job.outcomes[2] == skipped and job.outcomes[4] == skipped and 5 not in job.outcomes
    job.outcomes[3] = {"outcome": "passed"}
    job.advance()  # past check 4, marked not run
    assert job.next == 5 and not job.finished
