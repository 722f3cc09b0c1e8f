"""Checkpoint 3: a replay does not depend on the version of the state the host hands over (CONTRACT.md D18, R7)."""

import pytest

from checks.dispatching import Scene, expect_outcome
from checks.host import expect_unchanged, snapshot
from grader.battery import check

# The host restores an older state with the same log: c1 completed at version 5 (its result says 6), so the same
# call again is ahead of the state's version.
OLDER = [("one-below-the-call", 4), ("the-lowest", 0)]


@check(3, "D18", nl="Ook als de host een oudere state meegeeft (versie lager dan in het opgeslagen resultaat), is "
       "dezelfde call een herhaling die niets verandert, geen stale-version.",
       en="When the host hands over an older state too (a version below the stored result's), the same call is a "
          "replay that changes nothing, not stale-version.",
       hint_nl="Een herhaling kijkt niet naar state['version']: alleen naar de rij in completed en de fingerprint.",
       hint_en="A replay does not look at state['version']: only at the row in completed and the fingerprint.")
@pytest.mark.parametrize("version", [case[1] for case in OLDER], ids=[case[0] for case in OLDER])
def test_d18_replay_with_an_older_state(student, version):
    scene = Scene(student, 5)
    scene.run("q", version=5)  # state['version'] is now 6
    scene.assign("state", {"version": version, "tickets": {"lamp": "open", "sensor": "open"}})
    proposal, approved, args = scene.offer("learner", "empty", version=5)
    before = snapshot(student, state=scene.state, completed=scene.log)
    call = scene.call(proposal, "learner", approved, args)
    expect_outcome(call, ("replay", 6))
    expect_unchanged(call.shown, before, student, state=scene.state, completed=scene.log)
