"""Checkpoint 1: validate_ticket_proposal at its first calls after main.py is loaded and after the whole battery
(CONTRACT.md V8-V10, V2).

The battery calls the function about a thousand times in one fixed order, so a function that counts its calls
or remembers its inputs could be wrong exactly where no check of a clause looks: at its first calls (all invalid
in the checks of checkpoint 1 that run first), or once checkpoint 3's function ran. These checks run on main.py
loaded anew (``fresh``) and after every other check (``last``).
"""

import pytest

from checks import lesson
from checks.validating import FIRST_INVALID, FIRST_REPEATS, VALIDATE
from grader.battery import Mismatch, check, said
from grader.values import plain, same, show


def judge(student, first_line: str) -> None:
    """validate_ticket_proposal on p with an extra approved field (ValueError), then on the lesson's p (an equal copy
    that keeps the reviewed arguments, Ex 1), then on p as it is then, with status open (equal to it), then on p with
    arguments None (ValueError); ``first_line`` heads the script."""
    lines = [first_line, "validate_ticket_proposal({**p, 'approved': True})"]
    student.call(VALIDATE, {**lesson.proposal(), "approved": True}, shown="\n".join(lines)).expect_value_error()
    p = lesson.proposal()
    arguments = p["arguments"]
    lines += ["clean = validate_ticket_proposal(p)", "p['arguments']['status'] = 'open'"]
    raw = student.call(VALIDATE, p, shown="\n".join(lines)).returned()
    arguments["status"] = "open"  # the lesson's Ex 1: the result keeps the reviewed content
    value = plain(raw)
    if not same(value, lesson.proposal()):
        raise Mismatch("\n".join(lines + ["clean"]), show(lesson.proposal()),
                       said(f"clean is nu {show(value)}", f"clean is now {show(value)}"))
    # p now holds another content under the same call id (which checkpoint 3 carried out): it comes back as it is now.
    lines.append("validate_ticket_proposal(p)")
    student.call(VALIDATE, p, shown="\n".join(lines)).expect_plain(lesson.proposal(status="open"))
    # A type check skipped once a valid proposal was seen (its arguments cached) shows only after a valid call.
    lines.append("validate_ticket_proposal({**p, 'arguments': None})")
    student.call(VALIDATE, {**p, "arguments": None}, shown="\n".join(lines)).expect_value_error(repeats="arguments-none")


@check(1, "V8-V10", fresh=True,
       nl="Ook de eerste aanroepen na het laden van main.py weigeren een ongeldig voorstel en kopiëren een geldig.",
       en="The first calls after main.py is loaded also refuse an invalid proposal and copy a valid one.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen: elke aanroep beoordeelt en kopieert opnieuw.",
       hint_en="Do not let the function depend on earlier calls: every call judges and copies anew.")
def test_v8_v10_first_calls_after_loading(student):
    judge(student, lesson.LOADED)


@check(1, "V8-V10", last=True,
       nl="Ook na alle andere controles, checkpoint 3 inbegrepen, weigert de functie een ongeldig voorstel en kopieert "
       "ze een geldig.",
       en="After every other check, checkpoint 3's included, the function still refuses an invalid proposal and copies "
       "a valid one.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen of van de andere functies: elke aanroep beoordeelt "
       "en kopieert opnieuw.",
       hint_en="Do not let the function depend on earlier calls or on the other functions: every call judges and "
       "copies anew.")
def test_v8_v10_after_every_other_check(student):
    judge(student, lesson.AFTER_ALL)


@check(1, "V8-V10", fresh=True, last=True,
       nl="Ook met main.py opnieuw geladen en de klok een jaar verder "
       "weigert de functie een ongeldig voorstel en kopieert ze een geldig.",
       en="With main.py loaded anew and the clock a year ahead, the function still "
       "refuses an invalid proposal and copies a valid one.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen, de datum of de tijd: elke aanroep beoordeelt opnieuw.",
       hint_en="Do not let the function depend on earlier calls, the date or the time: every call judges anew.")
def test_v8_v10_loaded_a_year_later(student):
    judge(student, lesson.LOADED_LATER)


@check(1, "V1-V7", fresh=True,
       nl="Ook het allereerste voorstel na het laden van main.py met één ongeldig veld geeft ValueError.",
       en="The very first proposal after main.py is loaded that has one invalid field also raises ValueError.",
       hint_nl="Controleer elk veld al bij de eerste aanroep volledig, niet pas vanaf een latere.",
       hint_en="Check every field fully from the first call on, not only from a later one.")
@pytest.mark.parametrize("field", list(FIRST_INVALID))
def test_v1_v7_first_invalid_field_after_loading(student, field):
    case = FIRST_INVALID[field]
    # The field's own checks try it at later calls: failing there too, this finding says nothing of the first call
    # (version-range repeats the version's cases, call-id-length the call id's).
    call = student.call(VALIDATE, case.build(), shown=f"{lesson.LOADED}\n{case.shown()}")
    call.expect_value_error(repeats=FIRST_REPEATS[field])
