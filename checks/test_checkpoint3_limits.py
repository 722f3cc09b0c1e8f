"""Checkpoint 3: the log and the approval register at their limits (CONTRACT.md D2, D4, D14, D19, D20): the limits
count what the host's objects hold now, and a full register is read, never changed."""

import pytest

from checks import lesson
from checks.dispatching import OTHERS, H, Scene, expect_outcome, expect_status, other_digests
from checks.host import expect_unchanged, snapshot
from grader.battery import check

P = lesson.proposal


# D4: the completed log ------------------------------------------------------------------------

@check(3, "D4",
       nl="completed moet een dictionary zijn met hoogstens 64 rijen; anders ValueError, ook bij een herhaling "
          "of een call die geweigerd zou worden.",
       en="completed must be a dictionary of at most 64 rows; otherwise ValueError, also for a replay or a call "
          "that would be refused.",
       hint_nl="Controleer het type en de grootte van het log voordat je er iets in opzoekt of een status bepaalt.",
       hint_en="Check the log's type and size before you look anything up in it or decide on a status.")
@pytest.mark.parametrize("case", ["list", "none", "tuple", "set", "65-rows-new-call", "65-rows-replay"])
def test_d4_completed_invalid(student, case):
    scene = Scene(student)
    if case in ("list", "none", "tuple", "set"):
        scene.assign("log", {"list": [], "none": None, "tuple": (), "set": set()}[case])
        scene.attempt().expect_value_error()
        return
    # One log of 65 rows for several calls: each must raise, and a ValueError changes nothing (D19).
    scene.fill(64)
    scene.copy_row("f0", "x64")
    if case == "65-rows-new-call":
        scene.attempt(version=64).expect_value_error()
        q = P(version=64)
        scene.call(q, "other", {H(q)}, "q, 'other', {H(q)}").expect_value_error()  # else forbidden (D6)
    else:
        scene.attempt(approval="empty", call_id="f0").expect_value_error()
        scene.attempt(approval="empty", call_id="f0", name="delete_ticket").expect_value_error()  # unknown-tool


# D14: log-full counts the rows of completed as the host holds them ------------------------------

def _refusals_at_63(scene: Scene) -> None:
    scene.fill(63)
    for host, approval, changes, status in [
            ("other", "own", {"call_id": "r1", "version": 63}, "forbidden"),
            ("learner", "own", {"call_id": "r2", "version": 63, "name": "delete_ticket"}, "unknown-tool"),
            ("learner", "own", {"call_id": "r3", "version": 62}, "stale-version"),
            ("learner", "empty", {"call_id": "r4", "version": 63}, "approval-required"),
            ("learner", "own", {"call_id": "r5", "version": 63, "ticket": "pump"}, "missing-ticket")]:
        expect_status(scene.attempt(host, approval, **changes), status)
    expect_outcome(scene.attempt(version=63), ("ok", 64))


def _row_removed_at_64(scene: Scene) -> None:
    scene.fill(64)
    dict.__delitem__(scene.log, "f0")
    scene.say("del completed['f0']")
    expect_outcome(scene.attempt(version=64), ("ok", 65))


ROOM = {"refusals-at-63-rows": _refusals_at_63, "row-removed-at-64-rows": _row_removed_at_64}


@check(3, "D14", nl="log-full hangt alleen af van het aantal rijen dat completed nu heeft: geweigerde calls tellen niet "
       "mee en een rij die de host weghaalde, maakt weer plaats.",
       en="log-full depends only on the number of rows completed holds now: refused calls do not count, and a row the "
          "host removed makes room again.",
       hint_nl="Tel bij elke call len(completed), niet je eigen teller van calls of pogingen.",
       hint_en="Count len(completed) at every call, not a counter of your own of calls or attempts.")
@pytest.mark.parametrize("how", list(ROOM))
def test_d14_room_counted_from_the_log_as_it_is(student, how):
    ROOM[how](Scene(student))


# D20: a full register ---------------------------------------------------------------------------

@check(3, "D20", nl="Ook een register met alleen deze goedkeuring of met precies 64 goedkeuringen blijft na een geslaagde "
       "call ongewijzigd.",
       en="A register holding only this approval, or exactly 64 approvals, also stays unchanged after a successful call.",
       hint_nl="Verbruik geen goedkeuring en maak geen plaats in approved: alleen de host beheert het register.",
       hint_en="Do not use up an approval or make room in approved: only the host manages the register.")
@pytest.mark.parametrize("size", [1, 64], ids=["only-this-one", "64-approvals"])
def test_d20_register_untouched_at_its_edges(student, size):
    scene = Scene(student)
    approved = other_digests(size - 1) | {H(P())}
    if size > 1:
        scene.say(OTHERS)
    before = snapshot(approved=approved)
    text = "{H(p)} | others(63)" if size > 1 else "{H(p)}"
    call = scene.call(P(), "learner", approved, f"p, 'learner', {text}")
    expect_outcome(call, ("ok", 1))
    expect_unchanged(call.shown, before, approved=approved)
