"""Checkpoint 3: the order of the status checks for the lesson's and the other caller (checks/callers.py; CONTRACT.md D7).

The D7 checks of test_checkpoint3_dispatch.py use the lesson's p; an order swapped only for a reopen, a version above
1, another ticket or actor or a state of more tickets shows here.
"""

import pytest

from checks import callers
from checks.dispatching import expect_outcome
from grader.battery import check

# The lesson's caller and the other one (the unusual caller's scene costs 62 calls: one per call of the list below
# would not stay within a check's CPU-time budget for a slow correct solution).
EVERY = callers.CALLERS


def _cases(caller: callers.Caller, version: int) -> list[tuple[str, dict, str, object]]:
    """(host actor, changes to the caller's proposal, register kind, outcome) after the caller's proposal succeeded
    and the state reached ``version``."""
    arguments = caller.proposal()["arguments"]
    flipped = {"done": "open", "open": "done"}[arguments["status"]]
    replay = ("replay", caller.version + 1, arguments["ticket"], arguments["status"])
    new = {"call_id": "z9", "version": version}
    host, tool, stranger = caller.host, caller.tool, caller.stranger
    cases = [
        (host, {}, "empty", replay),  # before the version, the approval and the log space
        (stranger, {}, "empty", "forbidden"),
        (host, {"status": flipped}, "own", "call-id-conflict"),
        (host, {**new, "ticket": callers.ABSENT}, "others", "approval-required"),
        (host, {**new, "version": version - 1}, "others", "stale-version"),
        (host, {**new, "name": tool}, "own", "unknown-tool"),
    ]
    return cases + [
        (stranger, {**new, "name": tool}, "own", "forbidden"),
        (host, {"actor": stranger}, "own", "forbidden"),
        (host, {"name": tool}, "own", "unknown-tool"),
        (host, {"version": version + 4}, "own", "call-id-conflict"),
        (host, {**new, "version": version + 5}, "empty", "stale-version"),
        (host, {**new, "name": tool, "version": version - 1}, "own", "unknown-tool"),
        (host, {**new, "name": tool}, "empty", "unknown-tool"),
        (host, {**new, "name": tool, "ticket": callers.ABSENT}, "own", "unknown-tool"),
    ]


@check(3, "D7", nl="Ook bij aanroepers met andere waarden dan de les beslist de eerste controle in de vaste volgorde: "
       "actor, tool, herhaling/conflict, versie, goedkeuring, ticket, logruimte.",
       en="For callers with other values than the lesson's too, the first check in the fixed order decides: actor, "
          "tool, replay/conflict, version, approval, ticket, log space.",
       hint_nl="Doe de controles voor elk voorstel in die ene volgorde, welk ticket, welke status of versie het ook "
               "noemt.",
       hint_en="Make the checks in that one order for every proposal, whatever ticket, status or version it names.")
@pytest.mark.parametrize("caller", EVERY, ids=[caller.var for caller in EVERY])  # each its own CPU-time budget
def test_d7_order_for_every_caller(student, caller):
    for host, changes, kind, outcome in _cases(caller, caller.version + 1):
        scene = caller.scene(student)  # a scene per call: the tried code shows the call that failed, after the first
        proposal = scene.name("q", **{**caller.changes, **changes})
        approved, text = caller.approval(scene, kind, proposal)
        expect_outcome(scene.call(proposal, host, approved, f"q, {host!r}, {text}"), outcome)
