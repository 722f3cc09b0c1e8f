"""Checkpoint 2: proposal_fingerprint's first calls after main.py is loaded (CONTRACT.md F1, F4).

As in test_checkpoint1_history.py: the battery's first calls of the function hash valid proposals only, so these
checks run on main.py loaded anew (``fresh``), with an invalid proposal first in one order.
"""

import pytest

from checks import lesson
from grader.battery import Mismatch, check
from grader.values import plain, same, show

FINGERPRINT = "proposal_fingerprint"


@check(2, "F1-F4", fresh=True,
       nl="Ook de eerste aanroepen na het laden van main.py valideren het voorstel en geven H(p).",
       en="The first calls after main.py is loaded also validate the proposal and return H(p).",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen: valideer bij elke aanroep.",
       hint_en="Do not let the function depend on earlier calls: validate at every call.")
@pytest.mark.parametrize("order", list(lesson.FIRST_CALLS))
def test_f1_f4_first_calls_after_loading(student, order):
    lines = [lesson.LOADED]
    for kind in lesson.FIRST_CALLS[order]:
        if kind == "invalid":
            lines.append("proposal_fingerprint({**p, 'approved': True})")
            student.call(FINGERPRINT, {**lesson.proposal(), "approved": True}, shown="\n".join(lines)).expect_value_error()
            continue
        lines.append("proposal_fingerprint(p)")
        call = student.call(FINGERPRINT, lesson.proposal(), shown="\n".join(lines))
        if not same(plain(call.returned()), lesson.fingerprint(lesson.proposal())):
            raise Mismatch(call.shown, show(lesson.fingerprint(lesson.proposal())), call.got())
