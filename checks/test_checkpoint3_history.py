"""Checkpoint 3: dispatch_ticket at its first calls after main.py is loaded and after the whole battery, and a
host's objects after calls that another host made (CONTRACT.md D1-D5, D7-D20).

The battery's first few dozen calls of dispatch_ticket all come with the approval they need, and its first success,
replay and refusals are checked for their status only, so the first check here runs on main.py loaded anew
(``fresh``), and the next after every other check (``last``). A call may
change only the objects it is handed: a host's state, log and register stay as they are while another host
dispatches (a function that keeps the objects of an earlier call could change them later, when no check of that
call looks any more).
"""

import pytest

from checks import callers, lesson
from checks.dispatching import (DISPATCH, H, Scene, expect_approved_success, expect_outcome, expect_status,
                                numbered, set_in)
from checks.host import expect_unchanged, snapshot
from checks.validating import FIRST_INVALID, expect_extra_field_refused
from grader.battery import check

P = lesson.proposal
DIGEST = H(P())


def judge(student, first_line: str) -> None:
    """In a new host whose script ``first_line`` heads: p without an approval (approval-required, nothing changed),
    p with an extra approved field (ValueError), then p with its approval (success), then the first replays and every
    refusal after a success: a copy made, or a change held back, only from a second time on shows here."""
    scene = Scene(student)
    scene.lines.insert(0, first_line)
    approved = set()
    before = snapshot(student, state=scene.state, completed=scene.log, approved=approved)
    call = scene.call(P(), "learner", approved, "p, 'learner', set()")
    expect_status(call, "approval-required")
    expect_unchanged(call.shown, before, student, state=scene.state, completed=scene.log, approved=approved)
    scene.say("q = {**p, 'approved': True}")
    expect_extra_field_refused(scene.call({**P(), "approved": True}, "learner", {DIGEST}, "q, 'learner', {H(p)}"))
    call = scene.call(P(), "learner", {DIGEST}, "p, 'learner', {H(p)}")
    expect_approved_success(scene, call)
    for _ in range(2):  # each result changed by the host: the row keeps the success's version (D17, D18)
        set_in(call, "version", 900)
        scene.say("r['version'] = 900")
        call = scene.call(P(), "learner", set(), "p, 'learner', set()")
        expect_outcome(call, ("replay", 1))
    for case in callers.refusals(callers.LESSON, 1):  # a scene each after p's success: the tried code stays short
        callers.refuse(callers.LESSON.scene(student), callers.LESSON, case)


@check(3, "D5-D20", fresh=True,
       nl="Ook de eerste aanroepen na het laden van main.py weigeren zonder iets te veranderen en bewaren en herhalen "
       "een kopie van het resultaat.",
       en="The first calls after main.py is loaded also refuse without changing anything, and store and replay a copy "
       "of the result.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen: controleer bij elke call alles opnieuw.",
       hint_en="Do not let the function depend on earlier calls: check everything again at every call.")
def test_d5_d20_first_calls_after_loading(student):
    judge(student, lesson.LOADED)


@check(3, "D5", fresh=True,
       nl="Ook het allereerste voorstel na het laden van main.py met één ongeldig veld geeft ValueError.",
       en="The very first proposal after main.py is loaded that has one invalid field also raises ValueError.",
       hint_nl="Valideer al bij de eerste call volledig; faalt checkpoint 1 hierop ook, herstel dat eerst.",
       hint_en="Validate fully from the first call on; if checkpoint 1 fails on this too, fix that first.")
@pytest.mark.parametrize("field", list(FIRST_INVALID))
def test_d5_first_invalid_field_after_loading(student, field):
    case = FIRST_INVALID[field]
    scene = Scene(student)
    scene.lines.insert(0, lesson.LOADED)
    scene.call(case.build(), "learner", {DIGEST}, f"{case.arg}, 'learner', {{H(p)}}").expect_value_error(cause="validation")


# The host's own inputs at the very first call: the battery's other first calls bring a valid host actor, register,
# state and log, so a check that works from its second use on (a pattern compiled on first use, and only compiled then;
# a length limit or a type learnt on first use) would go unseen. Each case is the first call of main.py loaded anew:
# (host actor, approvals as code, approvals, state's tickets, log).
TICKETS = {"lamp": "open", "sensor": "open"}
FIRST_HOST_INPUTS = {
    "host-actor": ("_learner", "{H(p)}", lambda: {DIGEST}, TICKETS, {}),
    "host-actor-length": ("l" * 41, "{H(p)}", lambda: {DIGEST}, TICKETS, {}),
    # One invalid entry alone, an invalid ticket or status first: else a valid one could be the first use.
    "approval": ("learner", "{'g' * 64}", lambda: {"g" * 64}, TICKETS, {}),
    "approved-list": ("learner", "[H(p)]", lambda: [DIGEST], TICKETS, {}),
    "state-ticket": ("learner", "{H(p)}", lambda: {DIGEST}, {"Sensor": "open", "lamp": "open"}, {}),
    "state-ticket-length": ("learner", "{H(p)}", lambda: {DIGEST}, {"s" * 33: "open", "lamp": "open"}, {}),
    "state-value": ("learner", "{H(p)}", lambda: {DIGEST}, {"sensor": "closed", "lamp": "open"}, {}),
    "completed-list": ("learner", "{H(p)}", lambda: {DIGEST}, TICKETS, []),
}


@check(3, "D1-D4", fresh=True,
       nl="Ook de allereerste call na het laden van main.py weigert een ongeldige hostactor, goedkeuring, state of "
       "log met ValueError.",
       en="The very first call after main.py is loaded also refuses an invalid host actor, approval, state or log "
          "with ValueError.",
       hint_nl="Controleer de invoer van de host al bij de eerste call volledig, niet pas vanaf een latere.",
       hint_en="Check the host's input fully from the first call on, not only from a later one.")
@pytest.mark.parametrize("case", list(FIRST_HOST_INPUTS))
def test_d1_d4_first_host_input_after_loading(student, case):
    actor, approvals, build, tickets, log = FIRST_HOST_INPUTS[case]
    scene = Scene(student)
    scene.assign("state", {"version": 0, "tickets": tickets})
    scene.assign("log", log)
    scene.lines.insert(0, lesson.LOADED)
    scene.call(P(), actor, build(), f"p, {actor!r}, {approvals}").expect_value_error()


@check(3, "D9", fresh=True,
       nl="Ook de allereerste call na het laden van main.py, goedgekeurd maar voor een andere tool dan set_ticket, "
       "krijgt unknown-tool.",
       en="The very first call after main.py is loaded, approved but for a tool other than set_ticket, also gets "
          "unknown-tool.",
       hint_nl="Vergelijk de toolnaam al bij de eerste call met set_ticket, niet pas vanaf een latere.",
       hint_en="Compare the tool name with set_ticket from the first call on, not only from a later one.")
def test_d9_first_call_unknown_tool_after_loading(student):
    scene = Scene(student)
    scene.lines.insert(0, lesson.LOADED)
    expect_status(scene.attempt(name="delete_ticket"), "unknown-tool")


@check(3, "D5-D20", last=True,
       nl="Ook na alle andere controles weigert de functie zonder iets te veranderen en bewaart en herhaalt ze een "
       "kopie van het resultaat.",
       en="After every other check the function still refuses without changing anything, and stores and replays a "
       "copy of the result.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen: controleer bij elke call alles opnieuw.",
       hint_en="Do not let the function depend on earlier calls: check everything again at every call.")
def test_d5_d20_after_every_other_check(student):
    judge(student, lesson.AFTER_ALL)


@check(3, "D5-D20", fresh=True, last=True,
       nl="Ook met main.py opnieuw geladen en de klok een jaar verder "
       "weigert de functie zonder iets te veranderen en bewaart en herhaalt ze "
       "een kopie van het resultaat.",
       en="With main.py loaded anew and the clock a year ahead, the function still "
       "refuses without changing anything, and stores and replays a copy "
       "of the result.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen, de datum of de tijd: elke aanroep beoordeelt opnieuw.",
       hint_en="Do not let the function depend on earlier calls, the date or the time: every call judges anew.")
def test_d5_d20_loaded_a_year_later(student):
    judge(student, lesson.LOADED_LATER)


@check(3, "D15-D20",
       nl="Een call verandert alleen de objecten die hij krijgt: state, completed en approved van een andere host "
       "blijven zoals ze waren.",
       en="A call changes only the objects it is handed: another host's state, completed and approved stay as they were.",
       hint_nl="Bewaar geen state, completed of approved van een eerdere call om die later te veranderen.",
       hint_en="Do not keep the state, completed or approved of an earlier call to change them later.")
def test_d15_d20_other_host_untouched(student):
    first = Scene(student)
    approved = {DIGEST}
    first.lines.insert(0, "approved = {H(p)}")
    first.prepare(P(), "p", approved, "approved")
    before = snapshot(student, state=first.state, completed=first.log, approved=approved)
    approved2, state2, log2 = {DIGEST}, lesson.state(lamp="open"), {}
    lines = first.lines + ["approved2 = {H(p)}", f"state2, completed2 = {state2!r}, {{}}", "q = {**p, 'call_id': 'c2'}"]
    steps = [  # (proposal, its code, what it gives)
        (P(), "p", ("ok", 1)),
        (P(call_id="c2", version=1), "{**q, 'version': 1}", "approval-required"),
        ({**P(), "approved": True}, "{**p, 'approved': True}", ValueError),
        (P(), "p", ("replay", 1)),
    ]
    for proposal, shown, outcome in steps:
        lines.append(f"dispatch_ticket({shown}, 'learner', approved2, state2, completed2)")
        call = numbered(student.call(DISPATCH, proposal, lesson.fresh("learner"), approved2, state2, log2,
                                     shown="\n".join(lines)), lines)
        if outcome is ValueError:  # the extra approved field
            expect_extra_field_refused(call)
        else:
            expect_outcome(call, outcome)
    lines.append("state, completed, approved")
    expect_unchanged("\n".join(lines), before, student, state=first.state, completed=first.log, approved=approved)
