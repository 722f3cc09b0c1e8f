"""Checkpoint 3: dispatch_ticket validates the proposal as checkpoint 1 does, before any status (CONTRACT.md D5, D6,
R9, and V1-V7 inherited through D5)."""

import pytest

from checks import forms, invalid, lesson, validating
from checks.dispatching import DISPATCH, H, Scene, expect_outcome
from grader.battery import Mismatch, check, said
from grader.values import plain

P = lesson.proposal
DIGEST = H(P())


def ids(cases):
    return [case[0] for case in cases]


# D5, D6: validation first ---------------------------------------------------------------------

@check(3, "D5", nl="dispatch_ticket weigert elk ongeldig voorstel met een ValueError, net als checkpoint 1.",
       en="dispatch_ticket refuses every invalid proposal with a ValueError, just like checkpoint 1.",
       hint_nl="Valideer het voorstel eerst zoals in checkpoint 1; faalt checkpoint 1 hierop ook, herstel dat eerst.",
       hint_en="Validate the proposal first as in checkpoint 1; if checkpoint 1 fails on this too, fix that first.")
@pytest.mark.parametrize("case", lesson.INVALID_PROPOSALS, ids=ids(lesson.INVALID_PROPOSALS))
def test_d5_invalid_proposal(student, case):
    _, shown, build, remark = case
    scene = Scene(student)
    if remark:
        scene.say(f"# {remark}")
    scene.call(build(), "learner", {DIGEST}, f"{shown}, 'learner', {{H(p)}}").expect_value_error(cause="validation")


def _dispatch_invalid(student, case):
    """dispatch_ticket(case, 'learner', {H(p)}, state, completed) in a scene of its own."""
    scene = Scene(student)
    for comment in (case.above, case.note):
        if comment:
            scene.say(f"# {comment}")
    return scene.call(case.build(), "learner", {DIGEST}, f"{case.arg}, 'learner', {{H(p)}}")


@check(3, "D5", nl="Elk voorstel dat checkpoint 1 moet weigeren, weigert dispatch_ticket ook met een ValueError.",
       en="Every proposal that checkpoint 1 must refuse is refused by dispatch_ticket with a ValueError too.",
       hint_nl="Valideer het voorstel met dezelfde regels als in checkpoint 1, geen eigen of soepelere versie ervan.",
       hint_en="Validate the proposal with the same rules as in checkpoint 1, not a version of your own or a looser one.")
@pytest.mark.parametrize("clause", invalid.INHERITED, ids=invalid.case_label)
def test_d5_every_invalid_proposal(student, clause):
    # One check per clause of checkpoint 1, looping over that clause's cases in every form (checks/invalid.py).
    invalid.expect_all_refused(clause, lambda case: _dispatch_invalid(student, case), invalid.in_every_form)


# Valid call ids that between them hold every character an ID may (V3): a call id rule typed again in dispatch_ticket
# (for the key of a row in completed, say) that misses one, such as A-Z after the first letter, refuses one of them.
@check(3, "D5", nl="Een geldig voorstel wordt uitgevoerd, welke toegestane tekens de call-ID ook bevat: hoofdletters en "
       "kleine letters, cijfers, _ en -.",
       en="A valid proposal is carried out whatever allowed characters its call id holds: uppercase and lowercase "
          "letters, digits, _ and -.",
       hint_nl="Controleer de call-ID in dispatch_ticket niet met een eigen, strengere regel: wat checkpoint 1 aanvaardt, "
               "is geldig.",
       hint_en="Do not check the call id in dispatch_ticket with a stricter rule of your own: what checkpoint 1 accepts "
               "is valid.")
@pytest.mark.parametrize("call_id", list(lesson.ID_CHARACTERS.values()), ids=list(lesson.ID_CHARACTERS))
def test_d5_call_id_with_every_character_carried_out(student, call_id):
    expect_outcome(Scene(student).attempt(call_id=call_id), ("ok", 1))


# An invalid proposal in a call that would otherwise be refused or replayed (the host's own inputs: below).
# (id, prepare p first, host change, host actor, approval kind, changes to p, checkpoint 1's case of that proposal)
VALIDATION_FIRST = [
    ("proposal-foreign-actor", False, None, "other", "lesson", {"status": "closed"}, "status-closed"),
    ("extra-field-foreign-actor", False, None, "other", "lesson", {"approved": True}, "extra-approved"),
    ("proposal-unknown-tool", False, None, "learner", "empty", {"name": "delete_ticket", "version": -1},
     "version-negative"),
    ("approved-item-stale", False, None, "learner", "non-hex", {"version": 1}, None),
    ("proposal-conflict", True, None, "learner", "empty", {"status": "closed"}, "status-closed"),
    # Equal (==) to p, which completed under c1, but invalid (V4): no replay, a ValueError.
    ("proposal-equal-version-false", True, None, "learner", "empty", {"version": False}, "version-false"),
    ("proposal-equal-version-float", True, None, "learner", "empty", {"version": 0.0}, "version-float-zero"),
]


@check(3, "D6",
       nl="Ongeldige invoer geeft altijd een ValueError, ook als de call anders geweigerd of herhaald zou worden.",
       en="Invalid input always raises a ValueError, even when the call would otherwise be refused or replayed.",
       hint_nl="Controleer alle invoer voordat je een status bepaalt: eerst de vorm, dan actor, tool en de rest.",
       hint_en="Check all input before you decide on any status: first the shape, then actor, tool and the rest.")
@pytest.mark.parametrize("case", VALIDATION_FIRST, ids=ids(VALIDATION_FIRST))
def test_d6_validation_before_status(student, case):
    _, prepared, change, actor, approval, changes, inherited = case
    scene = Scene(student)
    if prepared:
        scene.run()
    if change:
        scene.assign(*change)
    # An invalid proposal that checkpoint 1 accepts too: the reports list this failure under checkpoint 1's.
    scene.attempt(actor, approval, **changes).expect_value_error(*(("validation", inherited) if inherited else ()))


# Every invalid proposal of checkpoint 1 in the two calls that a valid proposal would have had refused or
# replayed before the rest of it mattered (R9): from another host actor (forbidden) and under a call id the
# log already holds (call-id-conflict or a replay). A validation split in two, the part after the actor check
# or after the log lookup, answers with the status.
PROPOSAL_SITUATIONS = {  # situation -> (host actor, what a valid input would give)
    "foreign-actor": ("other", ("forbidden", "forbidden")),
    "known-call-id": ("learner", ("call-id-conflict of een herhaling", "call-id-conflict or a replay")),
}


@check(3, "D6", nl="Elk voorstel dat checkpoint 1 weigert, geeft een ValueError, ook van een andere hostactor en onder "
       "een call-ID die al in completed staat.",
       en="Every proposal that checkpoint 1 refuses raises a ValueError, also from another host actor and under a "
          "call id that is already in completed.",
       hint_nl="Valideer het hele voorstel voordat je de actor vergelijkt of in completed kijkt, niet pas voor een "
               "nieuwe call.",
       hint_en="Validate the whole proposal before you compare the actor or look in completed, not only for a new call.")
@pytest.mark.parametrize("clause", list(invalid.CLAUSES), ids=invalid.case_label)
def test_d6_invalid_proposal_before_actor_and_log(student, clause):
    scene = Scene(student)
    scene.run()  # p (call id c1) succeeded: completed knows c1
    state, log, script = plain(scene.state), scene.log, list(scene.lines)
    cases = invalid.CLAUSES[clause]
    for number, (name, case) in enumerate(cases, 1):
        for situation, (actor, (would_nl, would_en)) in PROPOSAL_SITUATIONS.items():
            lines = [f"# {invalid.where(number, len(cases), clause, name)}", *script]
            if case.note:
                lines.append(f"# {case.note}")
            lines.append(f"r = dispatch_ticket({case.arg}, {actor!r}, set(), state, completed)")
            # Copies: a faulty call spoils no other.
            call = student.call(DISPATCH, case.build(), lesson.fresh(actor), set(), lesson.fresh(state), dict(log),
                                shown="\n".join(lines))
            if not isinstance(call.error, ValueError):
                raise Mismatch(call.shown, said(f"ValueError, ook al zou een geldig voorstel hier {would_nl} geven",
                                                f"ValueError, even though a valid proposal would give {would_en} here"),
                               call.got(), cause="validation", case=name)


# Checkpoint 1's valid edges as a proposal for another tool (in each form that renames it): still valid, so
# dispatch_ticket answers unknown-tool (D9, before any approval), never a ValueError: a validation with a stricter
# rule of its own for other tools (a ticket 'lamp0' refused with delete_ticket and 'done', say) shows here.
@check(3, "D9", nl="Elk geldig voorstel van checkpoint 1 voor een andere tool dan set_ticket krijgt unknown-tool, welke "
       "status het ook heeft, geen ValueError.",
       en="Every valid proposal of checkpoint 1 for another tool than set_ticket gets unknown-tool, whatever its "
          "status, no ValueError.",
       hint_nl="Valideer elk voorstel met dezelfde regels als checkpoint 1, welke tool of status het ook heeft: geen "
               "strengere regels voor andere tools.",
       hint_en="Validate every proposal with the same rules as checkpoint 1, whatever its tool or status: no stricter "
               "rules for other tools.")
@pytest.mark.parametrize("clause", list(validating.VALID_EDGES))
def test_d9_valid_edges_for_another_tool(student, clause):
    for _, case in validating.VALID_EDGES[clause]:
        for form in (case, *forms.other_forms(case)):
            proposal = form.build()
            if proposal["name"] == "set_ticket":
                continue
            scene = Scene(student)
            if form.above:
                scene.say(f"# {form.above}")
            actor = proposal["actor"]  # the host acts for the proposal's own actor: not forbidden
            expect_outcome(scene.call(proposal, actor, set(), f"{form.arg}, {actor!r}, set()"), "unknown-tool")
