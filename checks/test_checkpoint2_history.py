"""Checkpoint 2: proposal_fingerprint at its first calls after main.py is loaded and after the whole battery, and
of a proposal the caller changed in place after hashing it (CONTRACT.md F1, F4).

As in test_checkpoint1_history.py: the battery's first calls of the function hash valid proposals only, and
checkpoint 3's checks run after it, so these checks run on main.py loaded anew (``fresh``) and after every other
check (``last``).
"""

import pytest

from checks import lesson
from checks.test_checkpoint2_fingerprint import FINGERPRINT, expect_digest
from checks.validating import FIRST_INVALID, expect_extra_field_refused
from grader.battery import check


def judge(student, first_line: str) -> None:
    """proposal_fingerprint of p with an extra approved field (ValueError), then of the lesson's p (H(p), judged as
    test_checkpoint2_fingerprint.py judges it: its letter case is F2's business), then of p with status open (its own
    H: after checkpoint 3 carried out c1, a fingerprint kept per call id would still give H(p)); ``first_line`` heads
    the script."""
    lines = [first_line, "proposal_fingerprint({**p, 'approved': True})"]
    expect_extra_field_refused(student.call(FINGERPRINT, {**lesson.proposal(), "approved": True}, shown="\n".join(lines)))
    lines.append("proposal_fingerprint(p)")
    expect_digest(student.call(FINGERPRINT, lesson.proposal(), shown="\n".join(lines)), lesson.proposal())
    lines.append("proposal_fingerprint({**p, 'arguments': {'ticket': 'lamp', 'status': 'open'}})")
    reopened = lesson.proposal(status="open")
    expect_digest(student.call(FINGERPRINT, lesson.proposal(status="open"), shown="\n".join(lines)), reopened)


@check(2, "F1-F4", fresh=True,
       nl="Ook de eerste aanroepen na het laden van main.py valideren het voorstel en geven H(p) en de H van p met "
       "status open.",
       en="The first calls after main.py is loaded also validate the proposal and return H(p) and the H of p with status "
          "open.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen: valideer bij elke aanroep.",
       hint_en="Do not let the function depend on earlier calls: validate at every call.")
def test_f1_f4_first_calls_after_loading(student):
    judge(student, lesson.LOADED)


@check(2, "F1-F4", last=True,
       nl="Ook na alle andere controles, checkpoint 3 inbegrepen, valideert de functie het voorstel en geeft ze H(p) en de "
       "H van p met status open.",
       en="After every other check, checkpoint 3's included, the function still validates the proposal and returns H(p) "
          "and the H of p with status open.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen of van de andere functies: valideer en hash bij elke "
               "aanroep de inhoud die ze krijgt.",
       hint_en="Do not let the function depend on earlier calls or on the other functions: validate and hash the content "
               "it gets at every call.")
def test_f1_f4_after_every_other_check(student):
    judge(student, lesson.AFTER_ALL)


@check(2, "F1-F4", fresh=True, last=True,
       nl="Ook met main.py opnieuw geladen en de klok een jaar verder "
       "valideert de functie het voorstel en geeft ze H(p) en de H van p met status open.",
       en="With main.py loaded anew and the clock a year ahead, the function still "
       "validates the proposal and returns H(p) and the H of p with status open.",
       hint_nl="Laat de functie niet afhangen van eerdere aanroepen, de datum of de tijd: elke aanroep beoordeelt opnieuw.",
       hint_en="Do not let the function depend on earlier calls, the date or the time: every call judges anew.")
def test_f1_f4_loaded_a_year_later(student):
    judge(student, lesson.LOADED_LATER)


@check(2, "F4", fresh=True,
       nl="Ook het allereerste voorstel na het laden van main.py met één ongeldig veld geeft ValueError.",
       en="The very first proposal after main.py is loaded that has one invalid field also raises ValueError.",
       hint_nl="Valideer al bij de eerste aanroep volledig; faalt checkpoint 1 hierop ook, herstel dat eerst.",
       hint_en="Validate fully from the first call on; if checkpoint 1 fails on this too, fix that first.")
@pytest.mark.parametrize("field", list(FIRST_INVALID))
def test_f4_first_invalid_field_after_loading(student, field):
    case = FIRST_INVALID[field]
    shown = f"{lesson.LOADED}\n{case.shown(FINGERPRINT)}"
    student.call(FINGERPRINT, case.build(), shown=shown).expect_value_error(cause="validation")


# How the caller changes p in place after hashing it -> (code, change, the new fields; None: p is invalid then).
CHANGED_IN_PLACE = {
    "arguments-status": ("p['arguments']['status'] = 'open'",
                         lambda p, arguments: arguments.__setitem__("status", "open"), {"status": "open"}),
    "version": ("p['version'] = 1", lambda p, arguments: p.__setitem__("version", 1), {"version": 1}),
    "status-closed": ("p['arguments']['status'] = 'closed'",
                      lambda p, arguments: arguments.__setitem__("status", "closed"), None),
    # Equal (==) to 0 but invalid.
    "version-float": ("p['version'] = 0.0", lambda p, arguments: p.__setitem__("version", 0.0), None),
}


def hash_changed(student, how: str) -> None:
    """Hash p, change it in place as CHANGED_IN_PLACE[how] says, hash it again: the new content's digest, or a
    ValueError when p is invalid now."""
    code, change, fields = CHANGED_IN_PLACE[how]
    p = lesson.proposal()
    arguments = p["arguments"]  # changed as the check's own dict, even if the call took it out of p
    tried = f"proposal_fingerprint(p)\n{code}\nproposal_fingerprint(p)"
    student.call(FINGERPRINT, p, shown=tried)  # any outcome: the other checks judge the first call itself
    change(p, arguments)
    call = student.call(FINGERPRINT, p, shown=tried)
    if fields is None:
        call.expect_value_error(cause="validation")
    else:
        expect_digest(call, lesson.proposal(**fields))


@check(2, "F1", nl="Verandert de aanroeper p na het hashen, dan is de volgende vingerafdruk die van de nieuwe inhoud.",
       en="When the caller changes p after hashing it, the next fingerprint is that of the new content.",
       hint_nl="Bereken de vingerafdruk bij elke aanroep opnieuw uit de huidige inhoud; onthoud niets per object.",
       hint_en="Compute the fingerprint from the current content on every call; remember nothing per object.")
@pytest.mark.parametrize("how", [how for how, (_, _, fields) in CHANGED_IN_PLACE.items() if fields is not None])
def test_f1_proposal_changed_in_place_hashed_again(student, how):
    hash_changed(student, how)


@check(2, "F4", nl="Maakt de aanroeper p na het hashen ongeldig, dan geeft de volgende aanroep een ValueError.",
       en="When the caller makes p invalid after hashing it, the next call raises ValueError.",
       hint_nl="Valideer bij elke aanroep opnieuw: een voorstel dat eerder geldig was, kan nu ongeldig zijn.",
       hint_en="Validate at every call: a proposal that was valid before may be invalid now.")
@pytest.mark.parametrize("how", [how for how, (_, _, fields) in CHANGED_IN_PLACE.items() if fields is None])
def test_f4_proposal_made_invalid_in_place_refused(student, how):
    hash_changed(student, how)
