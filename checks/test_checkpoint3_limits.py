"""Checkpoint 3: the log, the approval register, the state and the proposal at their limits (CONTRACT.md D2, D4,
D14, D17-D20): the limits count what the host's objects hold now, a full register is read, never changed, input
beyond a limit is refused as it is, and results at the edges are copies too."""

import pytest

from checks import callers, lesson, validating
from checks.dispatching import (MISSING, OTHERS, H, Scene, change_nested, expect_no_leak, expect_outcome, expect_replay,
                                expect_status, expect_success, other_digests, set_in)
from checks.host import dig_as_host, expect_unchanged, snapshot
from grader.battery import Mismatch, check, said
from grader.values import same, show

P = lesson.proposal
DIGEST = H(P())


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
        # A call that shares none of p's values, the tool and the host actor included: a limit checked for p's alone.
        other = callers.OTHER
        q2 = scene.name("q2", **other.changes, name=other.tool)
        scene.call(q2, other.stranger, {H(q2)}, f"q2, {other.stranger!r}, {{H(q2)}}").expect_value_error()
    else:
        scene.attempt(approval="empty", call_id="f0").expect_value_error()
        scene.attempt(approval="empty", call_id="f0", name="delete_ticket").expect_value_error()  # unknown-tool
        # The replay of a caller that shares none of p's values, its own row copied to 65 rows: a limit checked
        # for p's values alone.
        other = callers.OTHER
        scene = other.scene(student)
        scene.copy_row(other.changes["call_id"], "x", 64)
        proposal = other.proposal()
        scene.call(proposal, other.host, set(), f"{other.var}, {other.host!r}, set()").expect_value_error()


# D2, D3: a register or a state at its limit is valid as it is; the proposal adds nothing to it -----------------

FULL_TICKETS = {"lamp": "open", **{f"t{i}": "open" for i in range(1, 16)}}  # 16 tickets, the most a state may hold


@check(3, "D2-D3",
       nl="64 goedkeuringen van andere voorstellen geven approval-required, en een voorstel voor een onbekend ticket bij "
          "16 tickets geeft missing-ticket: het voorstel telt niet mee in die limieten.",
       en="64 approvals of other proposals give approval-required, and a proposal for an unknown ticket at 16 tickets "
          "gives missing-ticket: the proposal does not count towards those limits.",
       hint_nl="Tel alleen wat de host je geeft: approved en state['tickets'] zoals ze zijn, zonder het voorstel erbij.",
       hint_en="Count only what the host gives you: approved and state['tickets'] as they are, without the proposal.")
@pytest.mark.parametrize("case", ["64-other-approvals", "16-tickets-unknown-ticket"])
def test_d2_d3_limits_hold_without_the_proposal(student, case):
    scene = Scene(student)
    if case == "64-other-approvals":
        scene.say(OTHERS)
        expect_status(scene.call(P(), "learner", other_digests(64), "p, 'learner', others(64)"), "approval-required")
        return
    scene.assign("state", {"version": 0, "tickets": FULL_TICKETS})
    expect_status(scene.attempt(ticket="pump"), "missing-ticket")
    expect_success(scene.attempt(ticket="t15"), 1, "t15")


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
    if not dict.__contains__(scene.log, "f0"):  # a row stored elsewhere or under another key: a finding, no KeyError
        raise Mismatch(scene.tried(), said("een rij completed['f0']", "a row completed['f0']"),
                       said("die rij ontbreekt", "that row is missing"), setup=True)
    dict.__delitem__(scene.log, "f0")
    scene.say("del completed['f0']")
    expect_outcome(scene.attempt(version=64), ("ok", 65))


def _ticket_removed_at_64(scene: Scene) -> None:
    scene.fill(64)  # 64 rows, all about lamp
    scene.assign("state['tickets']", {"sensor": "open"})  # rows about a ticket the host removed are rows all the same
    expect_status(scene.attempt(call_id="c2", version=64, ticket="sensor"), "log-full")


ROOM = {"refusals-at-63-rows": _refusals_at_63, "row-removed-at-64-rows": _row_removed_at_64,
        "ticket-removed-at-64-rows": _ticket_removed_at_64}


@check(3, "D14", nl="log-full hangt alleen af van de rijen in completed nu: geweigerde calls tellen niet, een "
       "weggehaalde rij maakt plaats en een rij over een weggehaald ticket telt mee.",
       en="log-full depends only on the rows completed holds now: refused calls do not count, a removed row makes "
          "room and a row about a removed ticket still counts.",
       hint_nl="Tel bij elke call len(completed), niet je eigen teller van calls of pogingen, en tel elke rij mee.",
       hint_en="Count len(completed) at every call, not a counter of your own of calls or attempts, and count every row.")
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


# D19, D20: input beyond a limit is refused as the host gave it ------------------------------------

HOST_BEYOND = [  # (the host's state or None for the lesson's, its register, the register as code): D2, D3 just broken
    ({"version": 1000002, "tickets": {"lamp": "open"}}, {DIGEST}, "{H(p)}"),
    ({"version": -1, "tickets": {"lamp": "open"}}, {DIGEST}, "{H(p)}"),
    ({"version": 0, "tickets": {"lamp": "open", **{f"t{i}": "done" for i in range(1, 17)}}}, {DIGEST}, "{H(p)}"),
    ({"version": 0, "tickets": {"lamp": "open", "sensor": "Done"}}, {DIGEST}, "{H(p)}"),
    (None, {DIGEST + "\n"}, "{H(p) + '\\n'}"),
    (None, {" " + DIGEST + " "}, "{' ' + H(p) + ' '}"),
]


@check(3, "D19", nl="Een state of approved net voorbij een grens (versie 1000002 of -1, 17 tickets, status Done, een "
       "vingerafdruk met witruimte) geeft een ValueError en blijft precies zoals de host hem gaf.",
       en="A state or approved just beyond a limit (version 1000002 or -1, 17 tickets, status Done, a fingerprint "
          "with white space) raises a ValueError and stays exactly as the host gave it.",
       hint_nl="Herstel niets in de invoer van de host (niet afkappen, begrenzen of opschonen): weiger hem zoals hij is.",
       hint_en="Repair nothing in the host's input (no cutting, clamping or cleaning): refuse it as it is.")
def test_d19_host_input_beyond_a_limit_unchanged(student):
    for state, register, text in HOST_BEYOND:
        scene = Scene(student)
        if state is not None:
            scene.assign("state", state)
        approved = lesson.fresh(register)
        before = snapshot(state=scene.state, approved=approved)
        call = scene.call(lesson.proposal(), "learner", approved, f"p, 'learner', {text}")
        if isinstance(call.error, ValueError):  # accepting it is test_d2_approved_invalid's or test_d3_state_invalid's
            expect_unchanged(call.shown, before, state=scene.state, approved=approved)


@check(3, "D20", nl="Een voorstel net voorbij een grens (call-ID van 41 tekens, versie 1000001, ticket van 33 tekens, "
       "status Done) blijft zoals het was.",
       en="A proposal just beyond a limit (a call id of 41 characters, version 1000001, a ticket of 33 characters, "
          "status Done) stays as it was.",
       hint_nl="Kap niets af en verbeter niets in het voorstel van de host: weiger het zoals het is.",
       hint_en="Do not cut or correct anything in the host's proposal: refuse it as it is.")
def test_d20_proposal_beyond_a_limit_untouched(student):
    for _, case in validating.OVER_LIMITS:
        scene = Scene(student)
        scene.say(f"q = {case.arg}")
        proposal = case.build()
        before = snapshot(q=proposal)
        call = scene.call(proposal, "learner", {DIGEST}, "q, 'learner', {H(p)}")  # D5 judges the outcome
        expect_unchanged(call.shown, before, q=proposal)


# D17, D18 at the edges: a success that keeps the status and a replay at a full log hand out copies ------------

def _same_status_success(scene: Scene) -> tuple:
    """lamp is open already: setting it to open is a success all the same (D15), with a row of its own (D17)."""
    return scene.run("q", status="open"), "c1", 1, "open", {"status": "open"}


def _success_to_the_top_version(scene: Scene) -> tuple:
    """Version 1000000 is the last a proposal can have: the host's state then reaches its top, 1000001 (D3)."""
    scene.assign("state", {"version": 1000000, "tickets": {"lamp": "open", "sensor": "open"}})
    return scene.run("q", version=1000000), "c1", 1000001, "done", {"version": 1000000}


def _replay_at_a_full_log(scene: Scene) -> tuple:
    scene.fill(63)
    last = scene.attempt(version=63)  # the success that fills the log's last row stores a copy too (D17)
    expect_success(last, 64)
    set_in(last, "version", 900)
    scene.say("r['version'] = 900")
    _expect_stored(scene, "c1", 64)
    call = scene.attempt(approval="empty", call_id="f0")
    expect_replay(call, 1)
    return call, "f0", 1, "done", {"call_id": "f0"}


def _expect_stored(scene: Scene, key: str, version: int) -> None:
    """completed[key]['result']['version'], read as the host reads it, is ``version``; a missing one is named so."""
    stored = dig_as_host(scene.student, scene.log, key, "result", "version")
    if not same(stored, version):
        where = f"completed[{key!r}]['result']['version']"
        got = said(f"{where} ontbreekt", f"{where} is missing") if stored is MISSING else \
            said(f"{where} is {show(stored)}", f"{where} is {show(stored)}")
        raise Mismatch(scene.tried(where), repr(version), got)


EDGE_RESULTS = {"same-status-success": _same_status_success, "success-to-the-top-version": _success_to_the_top_version,
                "replay-at-a-full-log": _replay_at_a_full_log}


@check(3, "D17-D18", nl="Ook het resultaat van een call die de status houdt, versie 1000001 bereikt of de laatste logrij "
       "vult, en van een herhaling bij een vol log is een kopie: wijzigen raakt completed en herhalingen niet.",
       en="The result of a call that keeps the status, reaches version 1000001 or fills the log's last row, and of a "
          "replay at a full log is a copy too: changing it changes neither completed nor later replays.",
       hint_nl="Bewaar en geef bij elke geslaagde call en elke herhaling een eigen kopie, ook in uitzonderlijke gevallen.",
       hint_en="Store and return a copy of your own for every success and every replay, in the rare cases as well.")
@pytest.mark.parametrize("how", list(EDGE_RESULTS))
def test_d17_d18_results_at_the_edges_are_copies(student, how):
    scene = Scene(student)
    call, key, version, value, changes = EDGE_RESULTS[how](scene)
    before = snapshot(student, completed=scene.log)
    set_in(call, "version", 900)
    scene.say("r['version'] = 900")
    changed = change_nested(scene, call)  # any dict or list inside r as well (extra keys, A6)
    _expect_stored(scene, key, version)
    expect_unchanged(scene.tried("completed"), before, student, completed=scene.log)
    later = scene.attempt(approval="empty", **changes)
    expect_replay(later, version, value=value)
    expect_no_leak(later, changed)
