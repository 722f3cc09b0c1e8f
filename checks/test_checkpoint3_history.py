"""Checkpoint 3: dispatch_ticket's first calls after main.py is loaded (CONTRACT.md D5, D12, D19).

The battery's first few dozen calls of dispatch_ticket all come with the approval they need, so this check runs
on main.py loaded anew (``fresh``).
"""

import pytest

from checks import lesson
from checks.dispatching import H, Scene, expect_approved_success, expect_status
from checks.host import expect_unchanged, snapshot
from grader.battery import check

P = lesson.proposal
DIGEST = H(P())


@check(3, "D5-D12", fresh=True,
       nl="Ook de eerste aanroepen na het laden van main.py weigeren een ongeldig voorstel en een voorstel zonder "
       "goedkeuring, zonder iets te veranderen.",
       en="The first calls after main.py is loaded also refuse an invalid proposal and one without an approval, "
       "changing nothing.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen: controleer bij elke call alles opnieuw.",
       hint_en="Do not let the function depend on earlier calls: check everything again at every call.")
@pytest.mark.parametrize("order", list(lesson.FIRST_CALLS))
def test_d5_d12_first_calls_after_loading(student, order):
    scene = Scene(student)
    scene.lines.insert(0, lesson.LOADED)
    for kind in lesson.FIRST_CALLS[order]:
        if kind == "invalid":
            scene.say("q = {**p, 'approved': True}")
            scene.call({**P(), "approved": True}, "learner", {DIGEST}, "q, 'learner', {H(p)}").expect_value_error()
            continue
        approved = set()
        before = snapshot(student, state=scene.state, completed=scene.log, approved=approved)
        call = scene.call(P(), "learner", approved, "p, 'learner', set()")
        expect_status(call, "approval-required")
        expect_unchanged(call.shown, before, student, state=scene.state, completed=scene.log, approved=approved)
    expect_approved_success(scene, scene.call(P(), "learner", {DIGEST}, "p, 'learner', {H(p)}"))

