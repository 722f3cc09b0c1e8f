"""Checkpoint 1: the valid proposals validate_ticket_proposal accepts, each returned equal (CONTRACT.md V2-V8, V12)."""

import json

import pytest

from checks import lesson
from checks.forms import other_forms
from checks.validating import LESSON_P, VALID_EDGES, VALIDATE, Case, changed
from grader.battery import check

# --- Valid inputs are accepted and come back equal (V8, and the valid edges of V2-V7, V12) ---------

def expect_accepted(student, case: Case) -> None:
    student.call(VALIDATE, case.build(), shown=case.shown()).expect_plain(case.build())


def accepted(cases: list[tuple[str, Case]]) -> list:
    return [pytest.param(case, id=name) for name, case in cases]


@check(1, "V8", nl="Een geldig voorstel wordt geaccepteerd en komt ongewijzigd terug als dictionary.",
       en="A valid proposal is accepted and comes back unchanged as a dictionary.",
       hint_nl="Geef bij een geldig voorstel een dictionary met dezelfde vijf velden en waarden terug.",
       hint_en="For a valid proposal, return a dictionary with the same five fields and values.")
def test_v8_lesson_proposal_accepted(student):
    call = student.call(VALIDATE, lesson.proposal(), shown=LESSON_P.shown())
    call.expect_plain(lesson.proposal())


@check(1, "V8", nl="Elk geldig voorstel komt terug als dictionary met dezelfde velden, waarden en types.",
       en="Every valid proposal comes back as a dictionary with the same fields, values and types.",
       hint_nl="Laat geen veld weg, voeg er geen toe en verander geen waarde of type in het resultaat.",
       hint_en="Do not drop, add or change any field, value or type in the result.")
@pytest.mark.parametrize("case", accepted([
    ("other-everything", Case("{'call_id': 'C-9_x', 'actor': 'Bob', 'name': 'set_ticket', 'version': 1000000, "
                              "'arguments': {'ticket': 'x-1', 'status': 'open'}}",
                              lambda: lesson.proposal(call_id="C-9_x", actor="Bob", version=1000000,
                                                      ticket="x-1", status="open"))),
    ("version-7-sensor", Case("{**p, 'version': 7, 'arguments': {'ticket': 'sensor', 'status': 'done'}}",
                              lambda: lesson.proposal(version=7, ticket="sensor"))),
    # Every field at its longest at once: no limit on the whole (its JSON is about 250 characters).
    ("all-at-maximum", Case("{'call_id': 'c' * 40, 'actor': 'a' * 40, 'name': 'n' * 40,\n"
                            "                          'version': 1000000, 'arguments': {'ticket': 't' * 32, 'status': 'done'}}",
                            lambda: lesson.proposal(call_id="c" * 40, actor="a" * 40, name="n" * 40, version=1000000,
                                                    ticket="t" * 32))),
]))
def test_v8_result_equals_input(student, case):
    expect_accepted(student, case)


@check(1, "V2", nl="De volgorde van de sleutels maakt niet uit, ook niet binnen arguments.",
       en="The order of the keys does not matter, not even inside arguments.",
       hint_nl="Vergelijk sleutels als verzameling, niet als lijst in een vaste volgorde.",
       hint_en="Compare keys as a set, not as a list in a fixed order.")
@pytest.mark.parametrize("case", accepted([
    ("top-level-reversed", Case("dict(reversed(list(p.items())))",
                                lambda: dict(reversed(list(lesson.proposal().items()))))),
    ("arguments-reversed", Case("{**p, 'arguments': {'status': 'done', 'ticket': 'lamp'}}",
                                lambda: {**lesson.proposal(), "arguments": {"status": "done", "ticket": "lamp"}})),
    ("both-sorted", Case("{'actor': 'learner', 'arguments': {'status': 'done', 'ticket': 'lamp'}, "
                         "'call_id': 'c1', 'name': 'set_ticket', 'version': 0}",
                         lambda: {"actor": "learner", "arguments": {"status": "done", "ticket": "lamp"},
                                  "call_id": "c1", "name": "set_ticket", "version": 0})),
]))
def test_v2_key_order_irrelevant(student, case):
    expect_accepted(student, case)


def _json_copy(value: object) -> object:
    """``json.loads(json.dumps(value))``: what a host that reads its proposals from JSON hands over. Its dict keys
    are new str objects, not the interned literals of the checks' (and a submission's) code."""
    return json.loads(json.dumps(value))


@check(1, "V2", nl="Een voorstel dat de host uit JSON inlas, met dezelfde veldnamen als nieuwe strings, is geldig.",
       en="A proposal the host read from JSON, with the same field names as new strings, is valid.",
       hint_nl="Vergelijk veldnamen op hun waarde, niet op hun identiteit: ingelezen namen zijn nieuwe strings.",
       hint_en="Compare field names by their value, not by identity: names read from JSON are new strings.")
def test_v2_field_names_from_json_accepted(student):
    expect_accepted(student, Case("json.loads(json.dumps(p))", lambda: _json_copy(lesson.proposal())))


@check(1, "V3", nl="Elke ID van 1 tot 40 tekens met een ASCII-letter voorop en verder letters, cijfers, _ of - is geldig.",
       en="Every ID of 1 to 40 characters with an ASCII letter first and then letters, digits, _ or - is valid.",
       hint_nl="Controleer de grenzen van je patroon: lengte 1 en 40, elke letter (ook hoofdletters), elk cijfer van 0 "
               "tot 9, _ en - na het eerste teken.",
       hint_en="Check the edges of your pattern: length 1 and 40, every letter (uppercase too), every digit from 0 to 9, "
               "_ and - after the first character.")
@pytest.mark.parametrize("case", accepted(VALID_EDGES["V3"]))
def test_v3_edge_id_accepted(student, case):
    expect_accepted(student, case)


@check(1, "V4", nl="version mag elke gewone int van 0 tot en met 1000000 zijn, de grenzen inbegrepen.",
       en="version may be any plain int from 0 to 1000000, both bounds included.",
       hint_nl="Controleer of beide grenzen zelf ook geldig zijn.",
       hint_en="Check that both bounds themselves are valid too.")
@pytest.mark.parametrize("case", accepted(VALID_EDGES["V4"]))
def test_v4_version_accepted(student, case):
    expect_accepted(student, case)


@check(1, "V6", nl="Elk ticket van 1 tot 32 tekens met een kleine letter voorop en verder kleine letters, cijfers of -, is geldig.",
       en="Every ticket of 1 to 32 characters with a lowercase letter first and then lowercase letters, digits or - is valid.",
       hint_nl="Controleer de grenzen van je ticketpatroon: lengte 1 en 32, elke kleine letter, elk cijfer van 0 tot 9 "
               "en - na het eerste teken.",
       hint_en="Check the edges of your ticket pattern: length 1 and 32, every lowercase letter, every digit from 0 to 9 "
               "and - after the first character.")
@pytest.mark.parametrize("case", accepted(VALID_EDGES["V6"]))
def test_v6_edge_ticket_accepted(student, case):
    expect_accepted(student, case)


@check(1, "V7", nl="De statussen 'open' en 'done' zijn allebei geldig.",
       en="The statuses 'open' and 'done' are both valid.",
       hint_nl="Laat beide toegestane statussen door.",
       hint_en="Let both allowed statuses through.")
@pytest.mark.parametrize("case", accepted([(f"status-{s}", changed("status", s)) for s in ("open", "done")]))
def test_v7_status_accepted(student, case):
    expect_accepted(student, case)


@check(1, "V12", nl="Een onbekende maar geldig gevormde toolnaam wordt hier geaccepteerd; pas de dispatcher weigert hem.",
       en="An unknown but well-formed tool name is accepted here; only the dispatcher refuses it.",
       hint_nl="Vergelijk name in deze functie alleen met het ID-patroon, niet met set_ticket.",
       hint_en="In this function, check name only against the ID pattern, not against set_ticket.")
@pytest.mark.parametrize("case", accepted([
    (f"name-{n}", changed("name", n)) for n in ("delete_ticket", "Set_ticket", "set-ticket", "SET_TICKET", "x")
]))
def test_v12_unknown_tool_name_accepted(student, case):
    expect_accepted(student, case)


@check(1, "V3-V6", nl="Ook met een andere toolnaam, met status open of met allebei is elke geldige ID, versie en elk "
       "geldig ticket geldig.",
       en="With another tool name, with status open or with both too, every valid ID, version and ticket is valid.",
       hint_nl="Controleer elk voorstel met dezelfde regels, wat de tool of de status ook is: de validatie hangt daar "
               "niet van af.",
       hint_en="Check every proposal with the same rules, whatever its tool or status: validation does not depend on them.")
@pytest.mark.parametrize("clause", list(VALID_EDGES))
def test_v3_v6_valid_whatever_the_tool_and_status(student, clause):
    # One check per clause, looping over the valid edges above in their other forms of tool and status
    # (checks/forms.py): a rule of its own for other tools, for 'open' or for one pair of them (another tool with
    # 'done') that refuses one of them (no 0, no uppercase inside) shows here.
    for _, case in VALID_EDGES[clause]:
        for other in other_forms(case):
            expect_accepted(student, other)
