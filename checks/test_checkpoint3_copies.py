"""Checkpoint 3: every success and every replay hands out copies, whoever calls and whatever the host changed in
between (CONTRACT.md D17, D18): a copy made only for the lesson's values or for callers like it (callers.UNUSUAL: a
long call id with capitals, one ticket in state, several approvals, 63 rows), or not in a replay's rarer situations
(its ticket removed since, its approval still in the register, the state set back to its version), shows here."""

import pytest

from checks import callers
from checks.dispatching import (MISSING, Scene, change_nested, expect_no_leak, expect_replay, expect_success, is_ok,
                                set_in)
from checks.host import dig_as_host, expect_unchanged, snapshot
from grader.battery import Mismatch, check, said
from grader.values import same, show


def _caller_scene(student, caller: callers.Caller) -> tuple[Scene, object]:
    """A scene in which ``caller``'s approved proposal succeeded; returns the scene and that call."""
    scene = Scene(student, caller.start, **caller.tickets)
    return scene, caller.succeed(scene)


def _expect_stored_version(scene: Scene, caller: callers.Caller) -> None:
    """completed[call id]['result']['version'], read as the host reads it, is the caller's new version."""
    key = caller.proposal()["call_id"]
    stored = dig_as_host(scene.student, scene.log, key, "result", "version")
    if not same(stored, caller.version + 1):
        where = f"completed[{key!r}]['result']['version']"
        got = said(f"{where} ontbreekt", f"{where} is missing") if stored is MISSING else \
            said(f"{where} is {show(stored)}", f"{where} is {show(stored)}")
        raise Mismatch(scene.tried(where), repr(caller.version + 1), got)


def _replay(scene: Scene, caller: callers.Caller, approved: set, text: str):
    """The caller's proposal again, with register ``approved`` (``text`` as code): a replay of its first call."""
    proposal = caller.proposal()
    call = scene.call(proposal, caller.host, approved, f"{caller.var}, {caller.host!r}, {text}")
    if call.error is None and not is_ok(call):  # refused: the order and replay checks (D7, D10, D18) name that
        raise Mismatch(call.shown, said("een herhaling (status 'ok', replayed True)",
                                        "a replay (status 'ok', replayed True)"), call.got(), setup=True)
    expect_replay(call, caller.version + 1, proposal["arguments"]["ticket"], proposal["arguments"]["status"])
    return call


def _changed_then_replayed(scene: Scene, caller: callers.Caller, call) -> None:
    """The host changes ``call``'s result (nested parts too): completed and a later replay do not change with it."""
    before = snapshot(scene.student, completed=scene.log)
    set_in(call, "version", 900)
    scene.say("r['version'] = 900")
    changed = change_nested(scene, call)  # any dict or list inside r as well (extra keys, A6)
    _expect_stored_version(scene, caller)
    expect_unchanged(scene.tried("completed"), before, scene.student, completed=scene.log)
    expect_no_leak(_replay(scene, caller, set(), "set()"), changed)


@check(3, "D17", nl="Ook het resultaat van aanroepers met andere waarden dan de les (hoofdletters in de call-ID, één "
       "ticket, meer goedkeuringen, 63 rijen) is een kopie: wijzigen raakt completed en herhalingen niet.",
       en="The result of callers with other values than the lesson's (capitals in the call id, one ticket, more "
          "approvals, 63 rows) is stored as a copy too: changing it changes neither completed nor replays.",
       hint_nl="Bewaar bij elke geslaagde call een eigen kopie van het resultaat, welke waarden het voorstel ook heeft.",
       hint_en="Store a copy of your own of the result at every successful call, whatever values the proposal has.")
def test_d17_stored_result_is_a_copy_for_another_caller(student):
    for caller in (callers.OTHER, callers.UNUSUAL):  # p itself: test_checkpoint3_replay.py
        scene, call = _caller_scene(student, caller)
        proposal = caller.proposal()
        expect_success(call, caller.version + 1, proposal["arguments"]["ticket"], proposal["arguments"]["status"])
        _changed_then_replayed(scene, caller, call)


@check(3, "D18", nl="Ook een herhaling na een weggehaald ticket, met de goedkeuring nog in approved of met state "
       "terug op de versie van de call geeft een kopie: wijzigen verandert completed en latere herhalingen niet.",
       en="A replay after its ticket was removed, with its approval still in approved or with state back at the "
          "call's version returns a copy too: changing it changes neither completed nor later replays.",
       hint_nl="Geef bij elke herhaling een nieuwe kopie van het bewaarde resultaat terug, wat de host intussen ook "
               "veranderde; zet replayed niet in de bewaarde rij zelf.",
       hint_en="Return a new copy of the stored result at every replay, whatever the host changed in between; do not "
               "set replayed in the stored row itself.")
@pytest.mark.parametrize("situation", list(callers.REPLAY_SITUATIONS))
def test_d18_replay_is_a_copy_in_every_situation(student, situation):
    for caller in callers.CALLERS + (callers.UNUSUAL,):
        scene, _ = _caller_scene(student, caller)
        approved, text = callers.REPLAY_SITUATIONS[situation](scene, caller)
        _changed_then_replayed(scene, caller, _replay(scene, caller, approved, text))
