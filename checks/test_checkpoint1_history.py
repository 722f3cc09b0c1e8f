"""Checkpoint 1: validate_ticket_proposal's first calls after main.py is loaded (CONTRACT.md V8-V10, V2).

The battery calls the function about a thousand times in one fixed order, so a function that counts its calls
or remembers its inputs could be wrong exactly where no check of a clause looks (its first calls: all invalid in
the checks of checkpoint 1 that run first). These checks run on main.py loaded anew (``fresh``).
"""

import pytest

from checks import lesson
from checks.validating import VALIDATE
from grader.battery import Mismatch, check, said
from grader.values import plain, same, show


@check(1, "V8-V10", fresh=True,
       nl="Ook de eerste aanroepen na het laden van main.py weigeren een ongeldig voorstel en kopiëren een geldig.",
       en="The first calls after main.py is loaded also refuse an invalid proposal and copy a valid one.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen: elke aanroep beoordeelt en kopieert opnieuw.",
       hint_en="Do not let the function depend on earlier calls: every call judges and copies anew.")
@pytest.mark.parametrize("order", list(lesson.FIRST_CALLS))
def test_v8_v10_first_calls_after_loading(student, order):
    lines = [lesson.LOADED]
    for kind in lesson.FIRST_CALLS[order]:
        if kind == "invalid":
            lines.append("validate_ticket_proposal({**p, 'approved': True})")
            student.call(VALIDATE, {**lesson.proposal(), "approved": True}, shown="\n".join(lines)).expect_value_error()
            continue
        p = lesson.proposal()
        arguments = p["arguments"]
        lines += ["clean = validate_ticket_proposal(p)", "p['arguments']['status'] = 'open'"]
        raw = student.call(VALIDATE, p, shown="\n".join(lines)).returned()
        arguments["status"] = "open"  # the lesson's Ex 1: the result keeps the reviewed content
        value = plain(raw)
        if not same(value, lesson.proposal()):
            raise Mismatch("\n".join(lines + ["clean"]), show(lesson.proposal()),
                           said(f"clean is nu {show(value)}", f"clean is now {show(value)}"))
