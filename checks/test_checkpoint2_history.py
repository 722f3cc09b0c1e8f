"""Checkpoint 2: proposal_fingerprint at its first calls after main.py is loaded and after the whole battery
(CONTRACT.md F1, F4).

As in test_checkpoint1_history.py: the battery's first calls of the function hash valid proposals only, and
checkpoint 3's checks run after it, so these checks run on main.py loaded anew (``fresh``) and after every other
check (``last``).
"""

from checks import lesson
from checks.test_checkpoint2_fingerprint import FINGERPRINT, expect_digest
from grader.battery import check


def judge(student, first_line: str) -> None:
    """proposal_fingerprint of p with an extra approved field (ValueError), then of the lesson's p (H(p), judged as
    test_checkpoint2_fingerprint.py judges it: its letter case is F2's business); ``first_line`` heads the script."""
    lines = [first_line, "proposal_fingerprint({**p, 'approved': True})"]
    student.call(FINGERPRINT, {**lesson.proposal(), "approved": True}, shown="\n".join(lines)).expect_value_error()
    lines.append("proposal_fingerprint(p)")
    expect_digest(student.call(FINGERPRINT, lesson.proposal(), shown="\n".join(lines)), lesson.proposal())


@check(2, "F1-F4", fresh=True,
       nl="Ook de eerste aanroepen na het laden van main.py valideren het voorstel en geven H(p).",
       en="The first calls after main.py is loaded also validate the proposal and return H(p).",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen: valideer bij elke aanroep.",
       hint_en="Do not let the function depend on earlier calls: validate at every call.")
def test_f1_f4_first_calls_after_loading(student):
    judge(student, lesson.LOADED)


@check(2, "F1-F4", last=True,
       nl="Ook na alle andere controles, checkpoint 3 inbegrepen, valideert de functie het voorstel en geeft ze H(p).",
       en="After every other check, checkpoint 3's included, the function still validates the proposal and returns H(p).",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen of van de andere functies: valideer bij elke aanroep.",
       hint_en="Do not let the function depend on earlier calls or on the other functions: validate at every call.")
def test_f1_f4_after_every_other_check(student):
    judge(student, lesson.AFTER_ALL)
