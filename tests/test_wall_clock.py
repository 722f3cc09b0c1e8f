"""The parent's watch over a grading child: the wall clock as the last resort, the child's CPU time and limit."""

from __future__ import annotations

import os
import time

import pytest

from grader import runner


def idle_battery() -> tuple[runner.Battery, runner.Job]:
    """A battery of no submissions (--timeout 2) and a job of three checks, for its parent-side bookkeeping."""
    return runner.Battery([], 2, 1, lambda job, checks: None), runner.Job(submission=None, total=3)


class FakeChild:
    """A child whose CPU time the test sets (``cpu``: seconds, or None where the system does not tell)."""

    def __init__(self, cpu, cappable=True):
        self.cpu, self.started, self.killed, self.loaded = cpu, time.monotonic() - 10.0, False, True
        self.cappable, self.caps = cappable, []

    def cpu_now(self):
        return self.cpu

    def cap_cpu(self, seconds):
        self.caps.append(seconds)
        return self.cappable


@pytest.mark.parametrize("cpu, later, moved", [
    (3.0, 6.0, [True, True]),      # computing on a busy machine (30 % of the wall time): more time, again
    (0.01, 0.01, [False]),          # asleep from the start: the wall clock ends it
    (3.0, 3.0, [True, False]),      # computed, then fell asleep: one more budget, then the wall clock
    (None, None, [False]),          # no /proc (macOS): the wall clock decides, as before
])
def test_a_child_past_its_wall_clock_deadline_gets_more_time_only_while_it_computes(cpu, later, moved):
    battery, job = idle_battery()
    job.child, job.deadline = FakeChild(cpu), time.monotonic() - 0.1
    now = time.monotonic()
    said = [battery._starved(job, now)]
    if said[0]:
        job.child.cpu = later
        said.append(battery._starved(job, now + 10.0))
    assert said == moved
    # From the first look on, what the check in flight may still use (at most its own limit, 2 s) and then a
    # full limit again for a check that starts before the parent has read this one's message and restored
    # the child's limit (the child cannot: its seccomp filter refuses to set limits); a long C call ends there.
    if said[0]:
        assert job.deadline > now and job.child.caps == [cpu + 2 * 2 + 1]


def test_a_child_whose_cpu_time_cannot_be_capped_is_left_to_the_wall_clock():
    battery, job = idle_battery()
    job.child = FakeChild(5.0, cappable=False)
    assert battery._starved(job, time.monotonic()) is False


def test_the_wall_clock_grace_is_bounded_per_step():
    battery, job = idle_battery()
    job.child = FakeChild(0.0)
    now = time.monotonic()
    for step in range(runner.MAX_GRACES + 5):
        job.child.cpu += 5.0
        now += 10.0
        if not battery._starved(job, now):
            break
    assert step == runner.MAX_GRACES
    job.child.loaded = False
    battery._handle(job, {"load": True, "status": "ok", "output": "", "notes": []})  # a new step: counted anew
    assert job.graces == 0 and job.grace is None and job.child.caps[-1] is None  # its own CPU limit again


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="a running process's CPU time is read from /proc")
def test_a_running_child_tells_its_cpu_time():
    from grader import isolation

    def spin(channel):
        until = time.process_time() + 0.4
        while time.process_time() < until:
            pass
        channel.send({"spun": True})
        time.sleep(5)

    child = isolation.spawn(spin, 10)
    try:
        deadline = time.monotonic() + 30
        while not child.read_messages()[0] and time.monotonic() < deadline:
            time.sleep(0.01)
        assert 0.3 <= child.cpu_now() < 2.0
    finally:
        child.kill()
        child.reap()
    assert child.cpu_now() is None  # gone


@pytest.mark.skipif(not os.path.exists("/proc/self/stat") or not hasattr(runner.isolation.resource, "prlimit"),
                    reason="Linux: /proc and prlimit")
def test_a_capped_child_inside_one_long_c_call_ends_by_sigxcpu():
    import signal

    from grader import isolation

    def in_c(channel):
        channel.send({"started": True})
        sum(range(10 ** 11))  # minutes in one C call: no Python signal handler runs meanwhile

    child = isolation.spawn(in_c, 60)
    try:
        deadline = time.monotonic() + 30
        while not child.read_messages()[0] and time.monotonic() < deadline:
            time.sleep(0.01)
        assert child.cap_cpu(child.cpu_now() + 1)
        while os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None \
                and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        child.kill()
        status = child.reap()
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU


def test_a_fresh_child_whose_module_body_times_out_again_is_a_time_out_of_the_check_in_flight():
    # Not "crashed (exit 0)": the child stopped by itself because loading again ran out of time.
    battery, job = idle_battery()
    job.child = FakeChild(0.0)
    job.child.loaded = False
    battery._handle(job, {"load": True, "status": "ok", "output": "", "notes": []})
    job.next = job.spawned_at = 1  # after a strike, a fresh child for check 1
    job.child = FakeChild(0.0)
    job.child.loaded = False
    battery._handle(job, {"load": True, "status": "failed", "output": "",
                          "problem": {"kind": "timeout", "detail": "2 s", "line": None, "column": None, "source": None}})
    job.after_exit(0)
    assert job.load["status"] == "ok" and job.outcomes == {1: {"outcome": "timeout"}} and job.next == 2
