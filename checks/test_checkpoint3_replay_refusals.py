"""Checkpoint 3: what a refused call leaves alone, and that it is not recorded (CONTRACT.md D19, D20).

Split from test_checkpoint3_replay.py, whose checks run just before these (the battery runs its files in
name order)."""

import pytest

from checks import lesson, validating
from checks.dispatching import OTHERS, H, Scene, expect_outcome, expect_success
from checks.host import expect_unchanged, snapshot
from grader.battery import check

P = lesson.proposal
DIGEST = H(P())


# D19, D20: refusals change nothing and are not recorded ------------------------------------------

REFUSALS = [  # (id, host actor, approval kind, changes to p after p succeeded, outcome)
    # After p, lamp is done: each refused call asks for lamp open, so a change staged before the refusal shows.
    ("forbidden", "other", "own", {"call_id": "c2", "version": 1, "status": "open"}, "forbidden"),
    ("unknown-tool", "learner", "own", {"call_id": "c2", "version": 1, "name": "delete_ticket", "status": "open"},
     "unknown-tool"),
    ("call-id-conflict", "learner", "own", {"status": "open"}, "call-id-conflict"),
    ("stale-version", "learner", "own", {"call_id": "c2", "status": "open"}, "stale-version"),
    # A version ahead of the state's: stale all the same, and its approval stays for when the state gets there.
    ("stale-version-ahead", "learner", "own", {"call_id": "c2", "version": 5, "status": "open"}, "stale-version"),
    ("approval-required", "learner", "lesson", {"call_id": "c2", "version": 1, "status": "open"}, "approval-required"),
    ("missing-ticket", "learner", "own", {"call_id": "c2", "version": 1, "ticket": "pump"}, "missing-ticket"),
    # lamp is open after fill(64); then the status it already has: a change staged and "undone" by flipping shows.
    ("log-full", "learner", "own", [{"call_id": "c2", "version": 64}, {"call_id": "c3", "version": 64, "status": "open"}],
     "log-full"),
    # The status the ticket already has: a change staged and then "undone" by flipping it shows here.
    ("approval-required-same-status", "learner", "lesson", {"call_id": "c2", "version": 1}, "approval-required"),
    ("value-error-proposal", "learner", "lesson", {"call_id": "c2", "version": 1, "status": "closed"}, ValueError),
    ("value-error-approved", "learner", "own-list", {"call_id": "c2", "version": 1, "status": "open"}, ValueError),
    ("value-error-approved-item", "learner", "non-hex", {"call_id": "c2", "version": 1, "status": "open"}, ValueError),
    ("value-error-approved-size", "learner", "65", {"call_id": "c2", "version": 1, "status": "open"}, ValueError),
    ("value-error-actor", "learner\n", "own", {"call_id": "c2", "version": 1, "status": "open"}, ValueError),
    ("value-error-state", "learner", "own", {"call_id": "c2", "version": 1, "status": "open"}, ValueError),
    # Under the call id c1 that p already completed: the row is read for a refusal, never changed or dropped.
    ("forbidden-known-call-id", "other", "own", {}, "forbidden"),
    ("unknown-tool-known-call-id", "learner", "own-and-lesson", {"name": "delete_ticket"}, "unknown-tool"),
    ("value-error-known-call-id", "learner", "lesson", {"status": "closed"}, ValueError),
    ("value-error-approved-known-call-id", "learner", "own-list", {}, ValueError),
]


@check(3, "D19-D20", nl="Een weigering of ValueError laat state, completed, approved en het voorstel ongewijzigd.",
       en="A refusal or a ValueError leaves state, completed, approved and the proposal unchanged.",
       hint_nl="Wijzig pas iets als alle controles geslaagd zijn; een weigering raakt ticket, versie, completed, approved "
               "en voorstel niet aan.",
       hint_en="Change nothing until every check has passed; a refusal touches no ticket, version, completed, approval "
               "or proposal.")
@pytest.mark.parametrize("case", REFUSALS, ids=[c[0] for c in REFUSALS])
def test_d19_refusal_changes_nothing(student, case):
    name, host, approval, changes, outcome = case
    scene = Scene(student)
    scene.fill(64) if name == "log-full" else scene.run()
    if name == "value-error-state":
        scene.assign("state['tickets']", {"lamp": "done", "sensor": "open", "Pump": "open"})
    if approval == "65":
        scene.say(OTHERS)
    for attempt in changes if isinstance(changes, list) else [changes]:  # a list: calls one after another
        proposal, approved, args = scene.offer(host, approval, **attempt)
        # The proposal too (D20): a refused call may not mark or clean the caller's proposal either.
        objects = {"state": scene.state, "completed": scene.log, "approved": approved, args.split(",")[0]: proposal}
        before = snapshot(student, **objects)
        call = scene.call(proposal, host, approved, args)
        expect_outcome(call, outcome)
        expect_unchanged(call.shown, before, student, **objects)


NOT_RECORDED = [  # (id, host actor, approval kind, changes to p, outcome of the first try)
    ("forbidden", "other", "own", {}, "forbidden"),
    ("unknown-tool", "learner", "own", {"name": "delete_ticket"}, "unknown-tool"),
    ("stale-version", "learner", "own", {"version": 1}, "stale-version"),
    ("approval-required", "learner", "empty", {}, "approval-required"),
    ("missing-ticket", "learner", "own", {"ticket": "pump"}, "missing-ticket"),
    ("value-error", "learner", "own-list", {}, ValueError),
]


@check(3, "D19", nl="Een geweigerde call wordt niet als voltooid bewaard: dezelfde call-ID kan daarna nog slagen.",
       en="A refused call is not stored as completed: the same call id can still succeed afterwards.",
       hint_nl="Schrijf alleen na een geslaagde wijziging een rij in completed.",
       hint_en="Only write a row into completed after a successful change.")
@pytest.mark.parametrize("case", NOT_RECORDED, ids=[c[0] for c in NOT_RECORDED])
def test_d19_refused_call_id_can_succeed_later(student, case):
    _, host, approval, changes, outcome = case
    scene = Scene(student)
    expect_outcome(scene.attempt(host, approval, **changes), outcome)
    expect_success(scene.attempt(), 1)


UNTOUCHED = [  # (id, p succeeded first, host actor, changes to p, outcome)
    ("success", False, "learner", {}, ("ok", 1)),
    ("replay", True, "learner", {}, ("replay", 1)),
    ("refusal", False, "learner", {"version": 1}, "stale-version"),
    ("forbidden", False, "other", {}, "forbidden"),
    ("call-id-conflict", True, "learner", {"status": "open"}, "call-id-conflict"),
]


@check(3, "D20", nl="dispatch_ticket verandert approved en het voorstel nooit: een goedkeuring wordt niet verbruikt of "
       "toegevoegd.",
       en="dispatch_ticket never changes approved or the proposal: an approval is neither consumed nor added.",
       hint_nl="Alleen de host vult het goedkeuringsregister; lees approved en het voorstel alleen.",
       hint_en="Only the host fills the approval register; only read approved and the proposal.")
@pytest.mark.parametrize("case", UNTOUCHED, ids=[c[0] for c in UNTOUCHED])
def test_d20_approved_and_proposal_untouched(student, case):
    _, prepared, host, changes, outcome = case
    scene = Scene(student)
    if prepared:
        scene.run()
    var = "q" if changes else "p"
    proposal = scene.name(var, **changes) if changes else P()
    approved = {DIGEST, H(P(call_id="c2"))}
    before = snapshot(approved=approved, proposal=proposal)
    call = scene.call(proposal, host, approved, f"{var}, {host!r}, {{H(p), H({{**p, 'call_id': 'c2'}})}}")
    expect_outcome(call, outcome)
    expect_unchanged(call.shown, before, approved=approved, proposal=proposal)


@check(3, "D20", nl="Ook een ongeldig voorstel (een veld te veel of te weinig, een waarde met spaties, hoofdletters of van "
       "een ander type) blijft zoals het was.",
       en="An invalid proposal too (a field too many or missing, a value with spaces, capitals or of another type) stays "
          "as it was.",
       hint_nl="Vul in het voorstel van de host niets aan (ook niet met setdefault) en haal er niets uit of verbeter "
               "niets: weiger het zoals het is.",
       hint_en="Do not fill anything in in the host's proposal (not with setdefault either), take nothing out and "
               "correct nothing: refuse it as it is.")
def test_d20_invalid_proposal_untouched(student):
    for _, case in validating.REPAIRABLE:
        scene = Scene(student)
        scene.say(f"q = {case.arg}")
        proposal = case.build()
        before = snapshot(q=proposal)
        call = scene.call(proposal, "learner", {DIGEST}, "q, 'learner', {H(p)}")  # D5 judges the outcome
        expect_unchanged(call.shown, before, q=proposal)


@check(3, "D20", nl="Ook een register met een vingerafdruk in hoofdletters (weigeren of aanvaarden mag allebei) blijft "
       "ongewijzigd.",
       en="A register holding a fingerprint in uppercase (refusing or accepting it are both fine) stays unchanged "
          "too.",
       hint_nl="Normaliseer approved niet in de set van de host; werk zo nodig met een eigen kopie.",
       hint_en="Do not normalise approved inside the host's set; work on a copy of your own if you need to.")
@pytest.mark.parametrize("which", ["other", "own"])
def test_d20_uppercase_approval_untouched(student, which):
    scene = Scene(student)
    other = P(call_id="c2")
    approved = {DIGEST, H(other).upper()} if which == "other" else {DIGEST.upper()}
    text = "{H(p), H({**p, 'call_id': 'c2'}).upper()}" if which == "other" else "{H(p).upper()}"
    before = snapshot(approved=approved)
    call = scene.call(P(), "learner", approved, f"p, 'learner', {text}")  # any outcome is fine here (A4)
    expect_unchanged(call.shown, before, approved=approved)
