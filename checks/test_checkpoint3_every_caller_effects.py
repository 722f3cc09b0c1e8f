"""Checkpoint 3: what a success, a replay and a refusal change, for every caller (checks/callers.py; CONTRACT.md
D15, D18-D20).

The effect checks of test_checkpoint3_replay.py and test_checkpoint3_replay_refusals.py use the lesson's p; the copy
checks of test_checkpoint3_copies.py try the other callers but look only at completed and the results. Here the
host's state, log and register are compared after each caller's success, replays and refusals: an approval used up
or revoked, or a replay that brings the state up to date, only for a ticket, status, version, actor or log unlike
the lesson's shows here.
"""

import pytest

from checks import callers
from checks.dispatching import Scene, expect_replay
from checks.host import expect_unchanged, snapshot
from grader.battery import Mismatch, check, said
from grader.values import plain, same, show

# The lesson's caller and the other one; the unusual caller (63 rows, one scene costs 62 calls) only where a full
# log needs it, with few calls: a slow correct solution must stay within one check's CPU-time budget.
EVERY = callers.CALLERS
# One case per caller: each has its own CPU-time budget.
BY_CALLER = pytest.mark.parametrize("caller", EVERY, ids=[caller.var for caller in EVERY])


@check(3, "D15", nl="Ook bij aanroepers met andere waarden dan de les verandert een geslaagde call alleen dat ticket "
       "en versie + 1 en blijft approved ongewijzigd.",
       en="For callers with other values than the lesson's too, a successful call changes only that ticket and "
          "version + 1, and approved stays unchanged.",
       hint_nl="Zet alleen state['tickets'][ticket] en verhoog state['version'], voor elk voorstel; verbruik geen "
               "goedkeuring.",
       hint_en="Set only state['tickets'][ticket] and raise state['version'], for every proposal; do not use up an "
               "approval.")
@BY_CALLER
def test_d15_d20_success_of_every_caller(student, caller):
    scene = Scene(student, caller.start, **caller.tickets)
    proposal, approved, text = caller.ready(scene)
    before = snapshot(state=scene.state, approved=approved)
    call = scene.prepare(proposal, caller.var, approved, text)
    arguments = proposal["arguments"]
    tickets = dict(before["state"]["tickets"])
    tickets[arguments["ticket"]] = arguments["status"]
    expected = {"version": caller.version + 1, "tickets": tickets}
    found = plain(scene.state)
    if not same(found, expected):
        raise Mismatch(call.shown, said(f"state is {show(expected)}", f"state is {show(expected)}"),
                       said(f"state werd {show(found)}", f"state became {show(found)}"))
    expect_unchanged(call.shown, before, approved=approved)


@check(3, "D18", nl="Ook bij aanroepers met andere waarden dan de les verandert een herhaling niets, ook na een "
       "weggehaald ticket, met de goedkeuring nog in approved of met een oudere state.",
       en="For callers with other values than the lesson's too, a replay changes nothing, also after its ticket was "
          "removed, with its approval still in approved or with an older state.",
       hint_nl="Een herhaling geeft alleen een kopie van het bewaarde resultaat: state, completed en approved blijven "
               "zoals de host ze gaf.",
       hint_en="A replay only returns a copy of the stored result: state, completed and approved stay as the host "
               "gave them.")
@pytest.mark.parametrize("situation", ["as-left", *callers.REPLAY_SITUATIONS])
@BY_CALLER
def test_d18_replay_of_every_caller_changes_nothing(student, situation, caller):
    scene = caller.scene(student)
    change = callers.REPLAY_SITUATIONS.get(situation)
    approved, text = change(scene, caller) if change else (set(), "set()")
    before = snapshot(student, state=scene.state, completed=scene.log, approved=approved)
    proposal = caller.proposal()
    call = scene.call(proposal, caller.host, approved, f"{caller.var}, {caller.host!r}, {text}")
    expect_replay(call, caller.version + 1, proposal["arguments"]["ticket"], proposal["arguments"]["status"])
    expect_unchanged(call.shown, before, student, state=scene.state, completed=scene.log, approved=approved)


# A full log only for the unusual caller: its 63 rows, so a full log costs one call more. Its scene of 64 rows is slow:
# the refusals at a full log are split over two cases, each with its own CPU-time budget; at a full log its other
# status reopens a ticket that is done, so a change made only for a reopen at a full log shows.
FULL = {"full": ("missing-ticket", "log-full"), "full-reopen": ("forbidden", "stale-version", "approval-required")}


@check(3, "D19-D20", nl="Ook bij aanroepers met andere waarden dan de les laat elke weigering of ValueError state, "
       "completed, approved en het voorstel ongewijzigd, ook bij een vol log.",
       en="For callers with other values than the lesson's too, every refusal or ValueError leaves state, completed, "
          "approved and the proposal unchanged, also at a full log.",
       hint_nl="Wijzig pas iets als alle controles geslaagd zijn, voor elk voorstel: geen goedkeuring intrekken, geen "
               "ticket, versie of rij aanraken.",
       hint_en="Change nothing until every check has passed, for every proposal: revoke no approval, touch no ticket, "
               "version or row.")
@pytest.mark.parametrize("caller, log", [*((caller, "one-call") for caller in EVERY),
                                         *((callers.UNUSUAL, log) for log in FULL)],
                         ids=[*(f"{caller.var}-one-call" for caller in EVERY), *(f"{callers.UNUSUAL.var}-{log}"
                                                                                   for log in FULL)])
def test_d19_d20_refusal_of_every_caller_changes_nothing(student, caller, log):
    full = log in FULL
    version = caller.version + 1 + (64 - caller.rows if full else 0)
    cases = callers.refusals(caller, version)
    if full:  # log-full: what forbidden asks, from the host
        cases = [case for case in [*cases, ("log-full", caller.host, cases[0][2], "own", "log-full")]
                 if case[0] in FULL[log]]
    scene = None
    for name, host, changes, kind, outcome in cases:
        if scene is None or not full:  # else a scene per refusal: the tried code shows the one that failed
            scene = caller.scene(student)
            if full:  # more calls of its own up to 64 rows: the next new call is refused with log-full
                scene.fill(64 - caller.rows, caller.version + 1, caller.var, caller.host, prefix="g", **caller.changes)
        callers.refuse(scene, caller, (name, host, changes, kind, outcome))
