"""Pathological submissions cost themselves the affected checks and nothing else."""

from __future__ import annotations

import os
import time
import types

import pytest

from conftest import SOLUTIONS, failing, grade_folder
from grader import execution, isolation, loading, runner

CORRECT = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_text(encoding="utf-8")


def replace_function(source: str, name: str, body: str) -> str:
    """``source`` with function ``name`` redefined at the end (the later definition wins)."""
    return source + f"\n\ndef {name}(*args):\n" + "".join(f"    {line}\n" for line in body.splitlines())


PATHOLOGICAL = {
    "aa_control_first": CORRECT,
    "loop_at_import": CORRECT + "\nwhile True:\n    pass\n",
    "loop_in_dispatch": replace_function(CORRECT, "dispatch_ticket", "while True:\n    pass"),
    "bare_except_loop": replace_function(CORRECT, "dispatch_ticket",
                                         "while True:\n    try:\n        sum(range(10**7))\n    except:\n        pass"),
    "finally_return": replace_function(CORRECT, "proposal_fingerprint",
                                       "try:\n    while True:\n        pass\nfinally:\n    return '0' * 64"),
    "c_level_long_call": replace_function(CORRECT, "proposal_fingerprint", "return str(sum(range(10**11)))"),
    "memory_bomb": replace_function(CORRECT, "dispatch_ticket",
                                    "hoard = []\nwhile True:\n    hoard.append('x' * 10**7)"),
    "memory_bomb_at_import": CORRECT + "\nhoard = 'x' * (10**11)\n",
    "system_exit": CORRECT + "\nraise SystemExit(0)\n",
    "exit_call": CORRECT + "\nexit()\n",
    "huge_print": CORRECT + "\nfor i in range(200000):\n    print('spam' * 50)\n",
    "deep_recursion": replace_function(CORRECT, "dispatch_ticket", "return dispatch_ticket(*args)"),
    "input_at_import": CORRECT + "\nnaam = input('naam? ')\n",
    "crash_every_call": CORRECT + "".join(
        f"\n\ndef {name}(*args):\n    nested = ()\n    for i in range(10 ** 6):\n        nested = (nested,)\n"
        "    return hash(nested)\n" for name in ("validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket")),
    "surrogate_print": CORRECT + "\nprint('\\ud800')\n",
    "surrogate_error": replace_function(CORRECT, "validate_ticket_proposal", "raise TypeError('bad \\udcff')"),
    "zz_control_last": CORRECT,
}


@pytest.fixture(scope="module")
def results(write_submissions, tmp_path_factory):
    folder = write_submissions(PATHOLOGICAL)
    return grade_folder(folder, tmp_path_factory.mktemp("out"), "--timeout", "2", "--jobs", "2")


def test_controls_are_unaffected(results):
    assert results["aa_control_first"]["score"] == 3
    assert results["zz_control_last"]["score"] == 3


def test_every_submission_has_a_result(results):
    assert set(results) == set(PATHOLOGICAL)


def test_loop_at_import_is_a_load_error(results):
    assert results["loop_at_import"]["status"] == "load-error"
    assert results["loop_at_import"]["load"]["problem"]["kind"] == "timeout"
    # The line it was busy at, as a check's time-out says it (the report said only "10 s").
    problem = results["loop_at_import"]["load"]["problem"]
    lines = PATHOLOGICAL["loop_at_import"].split("\n")
    assert lines[problem["line"] - 1].strip() in ("while True:", "pass") and problem["source"] in ("while True:", "pass")


@pytest.mark.parametrize("student_id", ["loop_in_dispatch", "bare_except_loop", "memory_bomb", "deep_recursion"])
def test_broken_dispatch_costs_only_checkpoint_3(results, student_id):
    result = results[student_id]
    assert result["status"] == "graded"
    assert [result["checkpoints"][k]["passed"] for k in "123"] == [True, True, False]


@pytest.mark.parametrize("student_id", ["loop_in_dispatch", "bare_except_loop"])
def test_time_outs_are_reported_as_such(results, student_id):
    outcomes = {check["outcome"] for check in failing(results[student_id], "3")}
    assert "timeout" in outcomes


def test_a_time_out_says_which_call_ran_and_the_line_of_main_py_it_was_at(results):
    # A time-out found by the child's own CPU timer (on a machine busy enough, a child may be killed from
    # outside first: that one knows nothing of the call, and the next check's child is timed again).
    first = next(check for check in failing(results["loop_in_dispatch"], "3")
                 if check["outcome"] == "timeout" and check["detail"])
    assert "dispatch_ticket(" in str(first["detail"]["tried"])
    source = PATHOLOGICAL["loop_in_dispatch"].split("\n")
    line = next(n for n, text in enumerate(source, 1) if text.strip() == "pass" and "while True:" in source[n - 2])
    assert first["detail"]["got"] in (f"bezig op regel {line}: pass",  # the run's language: Dutch
                                     f"bezig op regel {line - 1}: while True:")


@pytest.mark.parametrize("student_id", ["finally_return", "c_level_long_call"])
def test_a_time_out_never_passes(results, student_id):
    result = results[student_id]
    assert [result["checkpoints"][k]["passed"] for k in "123"] == [True, False, False]
    assert {"timeout"} <= {check["outcome"] for check in failing(result, "2")}


def test_memory_bomb_at_import_is_a_load_error(results):
    problem = results["memory_bomb_at_import"]["load"]["problem"]
    assert problem["kind"] == "runtime" and problem["detail"].startswith("MemoryError")


def test_system_exit_ends_the_module_body_like_exit(results):
    result = results["system_exit"]
    assert result["load"]["problem"] is None and result["score"] == 3
    assert {"kind": "exit-called", "line": result["load"]["notes"][0]["line"]} in result["load"]["notes"]


def test_exit_ends_the_module_body_and_grading_goes_on(results):
    result = results["exit_call"]
    assert result["score"] == 3
    assert result["load"]["notes"][0]["kind"] == "exit-called"


def test_huge_print_is_capped_and_graded(results):
    result = results["huge_print"]
    assert result["score"] == 3
    assert len(result["load"]["output"]) < 12_000
    assert "left out" in result["load"]["output"]


def test_input_never_waits(results):
    problem = results["input_at_import"]["load"]["problem"]
    assert problem["kind"] == "runtime" and "input()" in problem["detail"]


def test_without_fork_grading_runs_in_process_and_says_so(tmp_path):
    """Windows has no fork: the same grades, in-process and without limits, with one warning."""
    import subprocess
    import sys

    from conftest import ROOT

    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.py").write_text(CORRECT, encoding="utf-8")
    (folder / "wrong.py").write_bytes((ROOT / "submissions" / "daan-de-vries" / "main.py").read_bytes())
    script = ("import sys, grader.isolation as isolation; isolation.ISOLATED = False; "
              "from grader.cli import main; sys.exit(main(sys.argv[1:]))")
    done = subprocess.run([sys.executable, "-c", script, str(folder), "--out", str(tmp_path / "out"), "--quiet"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("fork") == 1
    import json
    results = {e["id"]: e["score"] for e in json.loads((tmp_path / "out" / "results.json").read_text())["submissions"]}
    assert results == {"good": 3, "wrong": 0}


# How the ids of the checks marked last or fresh end (grader.battery.check): they run whatever came before.
ANYWAY = ("_after_every_other_check", "_loaded_a_year_later", "_after_loading")


def runs_anyway(check: dict) -> bool:
    """Whether a check record of results.json is of a check marked last or fresh (its id without a case label)."""
    return check["id"].split("[")[0].endswith(ANYWAY)


@pytest.mark.parametrize("student_id, strike", [("loop_in_dispatch", "timeout"), ("finally_return", "timeout"),
                                                ("crash_every_call", "crashed")])
def test_after_ten_strikes_the_rest_is_not_run(results, student_id, strike):
    # Crashes count too: otherwise every check of a submission that crashes each call gets a
    # fresh child that runs its module body again (hours of CPU time for one submission).
    # The checks marked last (after every other check) run whatever came before: a checkpoint whose own function
    # is right keeps its verdict (a looping dispatch_ticket made checkpoints 1 and 2 fail with them not run).
    # Those of a checkpoint that has already failed are not run: they cannot change its verdict, and each loads
    # main.py anew and loops again (a minute of CPU time for nothing).
    checks = [check for key in "123" for check in results[student_id]["checkpoints"][key]["checks"]]
    outcomes = [check["outcome"] for check in checks if not runs_anyway(check)]
    strikes = outcomes.count("timeout") + outcomes.count("crashed")  # after one, the budget is a tenth
    assert strikes == 10 and strike in outcomes and set(outcomes) <= {"timeout", "crashed", "not-run", "passed"}
    assert outcomes[outcomes.index("not-run"):] == ["not-run"] * (len(outcomes) - outcomes.index("not-run"))
    for key in "123":
        own = results[student_id]["checkpoints"][key]["checks"]
        anyway = [check["outcome"] for check in own if runs_anyway(check)]
        broken = any(check["outcome"] != "passed" for check in own if not runs_anyway(check))
        assert anyway and set(anyway) == ({"not-run"} if broken else {"passed"})
    if student_id == "loop_in_dispatch":  # validate_ticket_proposal and proposal_fingerprint are right
        assert [results[student_id]["checkpoints"][key]["passed"] for key in "123"] == [True, True, False]


def test_memory_exhaustion_says_what_was_tried_and_stops_the_rest_for_that_reason(results):
    checks = [check for key in "123" for check in results["memory_bomb"]["checkpoints"][key]["checks"]
              if not runs_anyway(check)]  # run whatever came before
    memory = [check for check in checks if check["outcome"] == "memory"]
    strikes = [check for check in checks if check["outcome"] in ("memory", "timeout", "crashed")]
    # On a loaded machine one hoarding call may use up its CPU time before the memory limit: still a strike.
    assert len(strikes) == 10 and len(memory) > 5
    assert all("dispatch_ticket(" in str(check["detail"]["tried"]) for check in memory)
    not_run = [check for check in checks if check["outcome"] == "not-run"]
    assert not_run and {check["error"] for check in not_run} == {"after-memory"}
    looped = [check for key in "123" for check in results["loop_in_dispatch"]["checkpoints"][key]["checks"]]
    assert {check["error"] for check in looped if check["outcome"] == "not-run"} == {"after-timeout"}


def test_lone_surrogates_in_output_and_errors_are_kept_as_escapes(results):
    printed = results["surrogate_print"]
    assert printed["score"] == 3 and "\\ud800" in printed["load"]["output"]
    failed = failing(results["surrogate_error"], "1")
    assert failed and all("\\udcff" in check["detail"]["got"] for check in failed if check["outcome"] == "failed")



def test_after_a_strike_a_fresh_child_may_load_a_slow_module_body_again(write_submissions, tmp_path):
    # A module body of ~1.8 s of CPU (within --timeout 8 even on a busy machine, beyond the 1 s after a strike) and
    # one call that hangs in C: after the strike, each fresh child must get the body's full limit again to load (not
    # the reduced per-check budget, which killed every reload and cost all later checks).
    slow = (CORRECT + "\nwarm = 0\nfor i in range(12_000_000):\n    warm += i\n"
            "\n_validate = validate_ticket_proposal\n\n\ndef validate_ticket_proposal(p):\n"
            "    if p is None:\n        return sum(range(10 ** 11))\n    return _validate(p)\n")
    result = grade_folder(write_submissions({"slow_body": slow}), tmp_path, "--timeout", "8")["slow_body"]
    outcomes = [check["outcome"] for key in "123" for check in result["checkpoints"][key]["checks"]]
    # Each fresh child's load costs the body's CPU again, so on a busy machine the submission's CPU budget may end the
    # last checks (not-run); a reload killed at the reduced budget would instead strike out nearly every check.
    assert set(outcomes) <= {"timeout", "passed", "not-run"} and outcomes.count("passed") >= 0.8 * len(outcomes)
    timed_out = [check["id"] for key in "123" for check in result["checkpoints"][key]["checks"]
                 if check["outcome"] == "timeout"]
    assert all("none" in name or "not-a-dict" in name for name in timed_out), timed_out  # each a call with None


def test_a_child_sending_an_endless_message_is_killed_and_nothing_of_it_is_kept():
    import os
    import time

    from grader import isolation

    def flood(channel):
        os.write(channel.fd, b"x" * (isolation.MAX_MESSAGE + 65536))
        time.sleep(30)

    child = isolation.spawn(flood, 10)
    received, closed, deadline = [], False, time.monotonic() + 20
    while not closed and time.monotonic() < deadline:
        messages, closed = child.read_messages()
        received += messages
        time.sleep(0.01)
    assert closed and child.killed and received == [] and child.buffer == b""
    child.reap()


# What a child that escaped the sandbox could do to the whole run (not only to its own grade).

def _child_with(data: bytes) -> isolation.Child:
    read_fd, write_fd = os.pipe()
    os.write(write_fd, data)
    os.close(write_fd)
    os.set_blocking(read_fd, False)
    return isolation.Child(pid=-1, fd=read_fd)


@pytest.mark.parametrize("line", [b"[" * 60_000, ("[" * 700 + '"\\ud800"' + "]" * 700).encode()])
def test_a_message_nested_too_deep_is_dropped_not_a_crash_of_the_grader(line):
    messages, _ = _child_with(line + b"\n").read_messages()
    assert messages == []


@pytest.mark.parametrize("escape", [b"\\ud800", b"\\uD800", b"\\uDbFf"])
def test_a_lone_surrogate_in_any_spelling_is_kept_as_an_escape(escape):
    """JSON's hex digits may be upper case: a child that writes one (code that escaped the sandbox) must not
    hand the parent a text that cannot be written out as UTF-8 (every report of the run would fail)."""
    line = b'{"load": true, "status": "ok", "output": "x' + escape + b'", "notes": []}\n'
    messages, _ = _child_with(line).read_messages()
    assert messages[0]["output"].encode("utf-8").lower() == b"x" + escape.lower()


def test_a_surrogate_encoded_in_the_bytes_is_dropped():
    line = b'{"load": true, "status": "ok", "output": "x\xed\xa0\x80", "notes": []}\n'
    assert _child_with(line).read_messages()[0] == []


def test_a_child_that_closes_its_channel_and_sleeps_is_killed_not_waited_for():
    def work(channel):
        os.close(channel.fd)
        while True:
            time.sleep(100)

    child = isolation.spawn(work, 5)
    while not child.read_messages()[1]:
        time.sleep(0.01)
    started = time.monotonic()
    child.reap()
    assert time.monotonic() - started < isolation.REAP_GRACE + 1 and child.killed


def test_a_repeated_load_message_does_not_push_the_deadline_back_and_texts_are_cut_short():
    battery = runner.Battery([], 2, 1, lambda *args: None)
    job = runner.Job(types.SimpleNamespace(), 1)
    job.child = isolation.Child(-1, -1)
    battery._handle(job, {"load": True, "status": "ok", "output": "O" * 10**6, "notes": []})
    first = job.deadline
    time.sleep(0.05)
    battery._handle(job, {"load": True, "status": "ok", "output": "", "notes": []})
    assert job.deadline == first and len(job.load["output"]) <= execution.MAX_OUTPUT + 10
    big = "x" * 10**6
    battery._handle(job, {"done": 0, "outcome": {"outcome": "failed", "error": big,
                                                   "detail": {"tried": big, "got": {"nl": big, "en": big}}}})
    outcome = job.outcomes[0]
    assert max(len(outcome["error"]), len(outcome["detail"]["tried"]), len(outcome["detail"]["got"]["en"])) < 5000
    assert execution.valid_outcome(outcome)


def test_only_the_first_child_s_compiled_code_sent_before_its_load_message_is_kept():
    # grader.loading: the first child sends it and runs none of main.py; a second one, or one after the load
    # message, may come from main.py's code (code that escaped the sandbox) and would be loaded by every later child.
    battery = runner.Battery([], 2, 1, lambda *args: None)
    job = runner.Job(types.SimpleNamespace(), 1)
    battery._handle(job, loading.compiled_message(b"code"))  # no child: in-process, nothing is handed on
    assert job.code is None
    job.child = isolation.Child(-1, -1)
    battery._handle(job, loading.compiled_message(b"code"))
    battery._handle(job, loading.compiled_message(b"forged"))
    assert job.code == b"code"
    job = runner.Job(types.SimpleNamespace(), 1)
    job.child = isolation.Child(-1, -1)
    battery._handle(job, {"compiled": "not base64!"})  # kept as none: each later child compiles main.py itself
    battery._handle(job, loading.compiled_message(b"forged"))
    assert job.code is None
    job = runner.Job(types.SimpleNamespace(), 1)
    job.child = isolation.Child(-1, -1)
    battery._handle(job, {"load": True, "status": "ok", "output": "", "notes": []})
    battery._handle(job, loading.compiled_message(b"forged"))
    assert job.code is None and job.load is not None
    too_long = loading.compiled_message(b"x" * (loading.MAX_COMPILED + 1))
    assert too_long == {"compiled": None} and loading.received_code(too_long) is None
    assert len(isolation._ENCODE(loading.compiled_message(b"x" * loading.MAX_COMPILED))) < isolation.MAX_MESSAGE


def test_the_child_that_compiled_main_py_ends_without_a_load_message_once_and_the_next_child_loads_it():
    # grader.loading: the first child only compiles and sends the code; its exit 0 is no crash of the load. A second
    # child ending so (code that escaped the sandbox, ended before its load message) is one: no endless restarts.
    battery = runner.Battery([], 2, 1, lambda *args: None)
    job = runner.Job(types.SimpleNamespace(), 3)
    job.child = isolation.Child(-1, -1)
    battery._handle(job, loading.compiled_message(b"code"))
    job.after_exit(0)
    assert job.load is None and job.outcomes == {} and not job.finished and job.code == b"code"
    job.after_exit(0)
    assert job.load["status"] == "failed" and job.load["problem"]["kind"] == "crashed" and job.finished
