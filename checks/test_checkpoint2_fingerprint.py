"""Checkpoint 2: proposal_fingerprint(proposal) (CONTRACT.md F1-F5, and V1-V7 inherited through F4)."""

import collections
import copy
import json
import string
import types

import pytest

from checks import canonical, invalid, lesson, validating
from checks.forms import other_forms
from checks.hashing import OTHER_VALID
from grader.battery import Mismatch, check, said
from grader.values import a_or_an, plain, same, show

FINGERPRINT = "proposal_fingerprint"

HEX = set(string.hexdigits.lower())


def shown(arg: str = "p") -> str:
    """The call as the report shows it: ``proposal_fingerprint(...)``."""
    return f"{FINGERPRINT}({arg})"


def fingerprint_str(call):
    """The returned fingerprint as a trusted str; a mismatch when it is no str at all."""
    value = plain(call.returned())
    if type(value) is not str:
        raise Mismatch(call.shown, said("een str", "a str"), call.got())
    return value


def expect_digest(call, proposal: dict, given: object = None) -> None:
    """F1: the call returned H(proposal), in any letter case or as bytes.

    The form of the digest is F2's rule, checked for the same proposals by
    test_f2_fingerprint_is_64_lowercase_hex: an uppercase hexdigest, the raw ``digest()`` or
    the hex string as bytes have the right JSON and the right hash, so their feedback must
    point at F2, not at the JSON options of F1. So must a hex string without its leading zeros.
    """
    value = plain(call.returned())
    if type(value) in (bytes, bytearray):
        value = value.hex() if len(value) == 32 else value.decode("ascii", "replace")
    expected = lesson.fingerprint(proposal)
    if not (type(value) is str and value.lower().rjust(64, "0") == expected):  # zeros left out: F2 says so
        raise canonical.mismatch(call.shown, show(expected), call.got(), proposal, value, given)


# --- F1, F2: the canonical SHA-256 hex string ------------------------------------------------------

@check(2, "F1", nl="De vingerafdruk van het voorstel uit de les is de SHA-256 van de vaste JSON-weergave.",
       en="The fingerprint of the lesson's proposal is the SHA-256 of its canonical JSON form.",
       hint_nl="Gebruik json.dumps met precies de opgegeven opties en hash de ASCII-bytes van die tekst.",
       hint_en="Use json.dumps with exactly the given options and hash the ASCII bytes of that text.")
def test_f1_lesson_proposal_fingerprint(student):
    expect_digest(student.call(FINGERPRINT, lesson.proposal(), shown=shown()), lesson.proposal())


@check(2, "F1", nl="Elk geldig voorstel krijgt de SHA-256 van zijn vaste JSON-weergave als vingerafdruk.",
       en="Every valid proposal gets the SHA-256 of its canonical JSON form as its fingerprint.",
       hint_nl="Valideer zoals checkpoint 1 (wat daar geldig is, krijgt hier een vingerafdruk) en hash het hele "
               "gevalideerde voorstel, met gesorteerde sleutels en zonder spaties.",
       hint_en="Validate as checkpoint 1 does (what is valid there gets a fingerprint here) and hash the whole validated "
               "proposal, with sorted keys and without spaces.")
@pytest.mark.parametrize("arg,fields", [pytest.param(arg, fields, id=name) for name, arg, fields in OTHER_VALID])
def test_f1_other_proposal_fingerprint(student, arg, fields):
    call = student.call(FINGERPRINT, lesson.proposal(**fields), shown=shown(arg))
    expect_digest(call, lesson.proposal(**fields))


@check(2, "F1", nl="Elk geldig voorstel van checkpoint 1, ook met een andere toolnaam, met status open of met allebei, "
       "krijgt de SHA-256 van zijn vaste JSON-weergave.",
       en="Every valid proposal of checkpoint 1, also with another tool name, with status open or with both, gets the "
          "SHA-256 of its canonical JSON form.",
       hint_nl="Valideer zoals checkpoint 1 en hash elk geldig voorstel op dezelfde manier, wat de tool of de status "
               "ook is: geen eigen regels voor één tool of één status.",
       hint_en="Validate as checkpoint 1 does and hash every valid proposal the same way, whatever its tool or status: "
               "no rules of your own for one tool or one status.")
@pytest.mark.parametrize("clause", list(validating.VALID_EDGES))
def test_f1_valid_edges_in_every_form(student, clause):
    # One check per clause, looping over checkpoint 1's valid edges in all four forms (checks/forms.py): a fingerprint
    # with a stricter rule of its own for one pair of tool and status (set_ticket with 'open') refuses one of them.
    for _, case in validating.VALID_EDGES[clause]:
        for form in (case, *other_forms(case)):
            expect_digest(student.call(FINGERPRINT, form.build(), shown=form.shown(FINGERPRINT)), form.build())


@check(2, "F1", nl="Een voorstel dat de host uit JSON inlas, krijgt dezelfde vingerafdruk als p.",
       en="A proposal the host read from JSON gets the same fingerprint as p.",
       hint_nl="Vergelijk veldnamen op hun waarde, niet op hun identiteit: ingelezen namen zijn nieuwe strings.",
       hint_en="Compare field names by their value, not by identity: names read from JSON are new strings.")
def test_f1_proposal_from_json(student):
    p = json.loads(json.dumps(lesson.proposal()))  # its dict keys are new str objects, not interned literals
    expect_digest(student.call(FINGERPRINT, p, shown=shown("json.loads(json.dumps(p))")), lesson.proposal())


# Every valid proposal whose digest another check compares in any letter case (expect_digest).
HASHED = [("p", {})] + [(arg, fields) for _, arg, fields in OTHER_VALID] + \
    [(f"{{**p, 'name': {name!r}}}", {"name": name}) for name in ("delete_ticket", "Set-ticket")]


@check(2, "F2", nl="De vingerafdruk is een str van precies 64 kleine hexadecimale tekens.",
       en="The fingerprint is a str of exactly 64 lowercase hexadecimal characters.",
       hint_nl="Geef de hexstring van de hash terug: alle 64 tekens, ook de nullen vooraan, niet de ruwe bytes "
               "en niet in hoofdletters.",
       hint_en="Return the hash's hex string: all 64 characters, leading zeros included, not the raw bytes and not "
               "in uppercase.")
def test_f2_fingerprint_is_64_lowercase_hex(student):
    for arg, fields in HASHED:
        call = student.call(FINGERPRINT, lesson.proposal(**fields), shown=shown(arg))
        if fields and call.error is not None:
            continue  # refusing a valid proposal is what F1 and F4 report; this check is about the form
        value = plain(call.returned())
        if not (type(value) is str and len(value) == 64 and set(value) <= HEX):
            raise Mismatch(call.shown, said("een str van 64 kleine hexcijfers (0-9, a-f)",
                                            "a str of 64 lowercase hex digits (0-9, a-f)"), without_zeros(call, fields))


def without_zeros(call, fields: dict) -> object:
    """What the call returned, in words when it is H of the proposal with its leading zeros left out."""
    value, digest = plain(call.returned()), lesson.fingerprint(lesson.proposal(**fields))
    if type(value) is str and len(value) < 64 and value.lower().rjust(64, "0") == digest:
        count, start = 64 - len(value), digest[:68 - len(value)] + "..."
        missing_nl = "de nul vooraan ontbreekt" if count == 1 else f"de {count} nullen vooraan ontbreken"
        missing_en = "the leading zero is missing" if count == 1 else f"the {count} leading zeros are missing"
        return said(f"{show(value)}: {len(value)} tekens, {missing_nl} (H begint met {start})",
                    f"{show(value)}: {len(value)} characters, {missing_en} (H starts with {start})")
    return call.got()


def first_line(first: object) -> object:
    """What the lesson's example prints first when proposal_fingerprint(p) returned ``first`` (a plain value):
    its length, or the TypeError ``len()`` raises for a value without one; only the value when neither is known."""
    returned = (f"proposal_fingerprint(p) gaf {show(first)}", f"proposal_fingerprint(p) returned {show(first)}")
    if type(first) in (str, bytes, bytearray, list, tuple, dict, set, frozenset):
        return said(f"eerste regel {len(first)}: {returned[0]}", f"first line {len(first)}: {returned[1]}")
    if first is None or type(first) in (bool, int, float):
        kind = type(first).__name__
        return said(f"eerste regel: TypeError (een {kind} heeft geen lengte): {returned[0]}",
                    f"first line: TypeError ({a_or_an(kind)} has no length): {returned[1]}")
    return said(*returned)


@check(2, "F2-F3", nl="Het voorbeeld uit de les drukt 64 en True af.",
       en="The lesson's example prints 64 and True.",
       hint_nl="Geef een hexstring van 64 tekens terug die niet afhangt van de volgorde van de sleutels.",
       hint_en="Return a 64-character hex string that does not depend on the order of the keys.")
def test_f3_lesson_example_2_prints_64_and_true(student):
    tried = ("print(len(proposal_fingerprint(p)))\nother = dict(reversed(list(p.items())))\n"
             "print(proposal_fingerprint(p) == proposal_fingerprint(other))")
    expected = said("de regels 64 en True", "the lines 64 and True")
    first = plain(student.call(FINGERPRINT, lesson.proposal(), shown=tried).returned())
    if type(first) is not str or len(first) != 64:
        raise Mismatch(tried, expected, first_line(first))
    again = plain(student.call(FINGERPRINT, lesson.proposal(), shown=tried).returned())
    other = plain(student.call(FINGERPRINT, dict(reversed(list(lesson.proposal().items()))), shown=tried).returned())
    if not (type(again) is str and same(again, other)):
        raise canonical.mismatch(tried, expected, said(f"tweede regel False: {show(again)} tegenover {show(other)}",
                                                       f"second line False: {show(again)} versus {show(other)}"),
                                 dict(reversed(list(lesson.proposal().items()))), other)


# --- F3: every field is bound, key order is not ------------------------------------------------------

REORDERED = {
    "top-level-reversed": ("dict(reversed(list(p.items())))",
                           lambda: dict(reversed(list(lesson.proposal().items())))),
    "arguments-reversed": ("{**p, 'arguments': {'status': 'done', 'ticket': 'lamp'}}",
                           lambda: {**lesson.proposal(), "arguments": {"status": "done", "ticket": "lamp"}}),
    "both-reversed": ("{**dict(reversed(list(p.items()))), 'arguments': {'status': 'done', 'ticket': 'lamp'}}",
                      lambda: {**dict(reversed(list(lesson.proposal().items()))),
                               "arguments": {"status": "done", "ticket": "lamp"}}),
}


@check(2, "F3", nl="Dezelfde inhoud in een andere sleutelvolgorde geeft dezelfde vingerafdruk, ook binnen arguments.",
       en="The same content in another key order gives the same fingerprint, also inside arguments.",
       hint_nl="Zorg dat de JSON-weergave alle sleutels sorteert, ook die van de nested arguments.",
       hint_en="Make the JSON form sort all keys, including those of the nested arguments.")
@pytest.mark.parametrize("how", list(REORDERED))
def test_f3_key_order_irrelevant(student, how):
    arg, build = REORDERED[how]
    tried = f"q = {arg}\nproposal_fingerprint(p) == proposal_fingerprint(q)"
    original = fingerprint_str(student.call(FINGERPRINT, lesson.proposal(), shown=shown()))
    reordered = fingerprint_str(student.call(FINGERPRINT, build(), shown=shown(arg)))
    if not same(original, reordered):
        raise canonical.mismatch(tried, "True", said(f"False: {show(original)} tegenover {show(reordered)}",
                                                     f"False: {show(original)} versus {show(reordered)}"), build(), reordered)


FIELD_CHANGES = [  # (id, code shown, fields changed in p); each must change the fingerprint
    ("call-id", "{**p, 'call_id': 'c2'}", {"call_id": "c2"}),
    ("actor", "{**p, 'actor': 'other'}", {"actor": "other"}),
    ("name", "{**p, 'name': 'delete_ticket'}", {"name": "delete_ticket"}),
    ("version", "{**p, 'version': 1}", {"version": 1}),
    ("ticket", "{**p, 'arguments': {'ticket': 'sensor', 'status': 'done'}}", {"ticket": "sensor"}),
    ("status", "{**p, 'arguments': {'ticket': 'lamp', 'status': 'open'}}", {"status": "open"}),
]


@check(2, "F3", nl="Een andere waarde in één veld, ook in arguments, geeft een andere vingerafdruk.",
       en="A different value in any one field, arguments included, gives a different fingerprint.",
       hint_nl="Hash alle vijf velden samen, inclusief ticket en status in arguments.",
       hint_en="Hash all five fields together, including ticket and status inside arguments.")
@pytest.mark.parametrize("arg,fields", [pytest.param(arg, fields, id=name) for name, arg, fields in FIELD_CHANGES])
def test_f3_every_field_changes_fingerprint(student, arg, fields):
    tried = f"q = {arg}\nproposal_fingerprint(p) != proposal_fingerprint(q)"
    original = fingerprint_str(student.call(FINGERPRINT, lesson.proposal(), shown=shown()))
    other = fingerprint_str(student.call(FINGERPRINT, lesson.proposal(**fields), shown=shown(arg)))
    if same(original, other):
        raise Mismatch(tried, "True", said(f"False: beide gaven {show(original)}", f"False: both returned {show(original)}"))


# --- F4: validate first ---------------------------------------------------------------------------------

@check(2, "F4", nl="Een ongeldig voorstel krijgt geen vingerafdruk maar een ValueError, net als bij checkpoint 1.",
       en="An invalid proposal gets no fingerprint but a ValueError, as in checkpoint 1.",
       hint_nl="Valideer eerst volgens checkpoint 1; faalt dit ook daar, herstel dan eerst je validatie.",
       hint_en="Validate first as in checkpoint 1; if this fails there too, fix your validation first.")
@pytest.mark.parametrize("case", lesson.INVALID_PROPOSALS, ids=[c[0] for c in lesson.INVALID_PROPOSALS])
def test_f4_invalid_proposal_refused(student, case):
    _, what, build, remark = case
    tried = f"proposal_fingerprint({what})" + (f"  # {remark}" if remark else "")
    student.call(FINGERPRINT, build(), shown=tried).expect_value_error(cause="validation")


@check(2, "F4", nl="Elk voorstel dat checkpoint 1 moet weigeren, krijgt ook hier geen vingerafdruk maar een ValueError.",
       en="Every proposal that checkpoint 1 must refuse gets no fingerprint here either, but a ValueError.",
       hint_nl="Gebruik hier dezelfde validatie als in checkpoint 1, geen eigen of soepelere versie ervan.",
       hint_en="Use the same validation here as in checkpoint 1, not a version of your own or a looser one.")
@pytest.mark.parametrize("clause", invalid.INHERITED, ids=invalid.case_label)
def test_f4_every_invalid_proposal_refused(student, clause):
    # One check per clause of checkpoint 1, looping over that clause's cases in both forms (checks/invalid.py).
    invalid.expect_all_refused(
        clause, lambda case: student.call(FINGERPRINT, case.build(), shown=case.shown(FINGERPRINT)), invalid.in_every_form)


@check(2, "F4", nl="Ook een eerder resultaat van validate_ticket_proposal dat daarna ongeldig is gemaakt, krijgt geen "
       "vingerafdruk maar een ValueError.",
       en="An earlier result of validate_ticket_proposal that was made invalid afterwards gets no fingerprint either, "
          "but a ValueError.",
       hint_nl="Valideer elke invoer opnieuw, ook een die ooit uit je eigen validatie kwam.",
       hint_en="Validate every input again, also one that once came from your own validation.")
def test_f4_own_result_made_invalid_refused(student):
    clean, script = validating.own_result_or_plain(student)
    student.call(FINGERPRINT, clean, shown=f"{script}\nproposal_fingerprint(clean)").expect_value_error(cause="validation")


# Each blatant check's finding names its case of checkpoint 1: when that fails too, the validation is called but
# wrong there, and the reports list the finding under checkpoint 1 instead of saying to call it.
BLATANT_HINT = dict(hint_nl="Roep aan het begin van proposal_fingerprint je validatie aan en hash alleen wat die goedkeurt.",
                    hint_en="Call your validation at the start of proposal_fingerprint and hash only what it accepts.")


@check(2, "F4", nl="Een voorstel met een extra veld approved krijgt geen vingerafdruk maar een ValueError.",
       en="A proposal with an extra approved field gets no fingerprint but a ValueError.", **BLATANT_HINT)
def test_f4_extra_approved_field_refused(student):
    p = {**lesson.proposal(), "approved": True}
    call = student.call(FINGERPRINT, p, shown=shown("{**p, 'approved': True}"))
    call.expect_value_error("validation", "extra-approved")


@check(2, "F4", nl="Een voorstel zonder arguments krijgt geen vingerafdruk maar een ValueError.",
       en="A proposal without arguments gets no fingerprint but a ValueError.", **BLATANT_HINT)
def test_f4_missing_arguments_refused(student):
    p = {k: v for k, v in lesson.proposal().items() if k != "arguments"}
    call = student.call(FINGERPRINT, p, shown=shown("{k: v for k, v in p.items() if k != 'arguments'}"))
    call.expect_value_error("validation", "missing-arguments")


@check(2, "F4", nl="Een voorstel met status closed krijgt geen vingerafdruk maar een ValueError.",
       en="A proposal with status closed gets no fingerprint but a ValueError.", **BLATANT_HINT)
def test_f4_status_closed_refused(student):
    p = lesson.proposal(status="closed")
    arg = "{**p, 'arguments': {'ticket': 'lamp', 'status': 'closed'}}"
    student.call(FINGERPRINT, p, shown=shown(arg)).expect_value_error("validation", "status-closed")


@check(2, "F4", nl="None is geen voorstel en krijgt geen vingerafdruk maar een ValueError.",
       en="None is not a proposal and gets no fingerprint but a ValueError.", **BLATANT_HINT)
def test_f4_none_refused(student):
    student.call(FINGERPRINT, None, shown="proposal_fingerprint(None)").expect_value_error("validation", "none")


@check(2, "F4", nl="Een geldig gevormde onbekende toolnaam wordt gewoon gehasht.",
       en="A well-formed unknown tool name is hashed as usual.",
       hint_nl="Valideer hier zoals in checkpoint 1, waar name niet met set_ticket wordt vergeleken.",
       hint_en="Validate here as in checkpoint 1, where name is not compared with set_ticket.")
@pytest.mark.parametrize("name", ["delete_ticket", "Set-ticket"])
def test_f4_unknown_tool_name_hashed(student, name):
    call = student.call(FINGERPRINT, lesson.proposal(name=name), shown=shown(f"{{**p, 'name': {name!r}}}"))
    expect_digest(call, lesson.proposal(name=name))


def expect_refused_or_digest_of_p(call, given: object) -> None:
    """The call raised ValueError (one reading of an ambiguity) or returned H(p), as for the plain p (the other);
    ``given``: a fresh copy of the object the call got."""
    if not call.refused(f"H(p) = {show(lesson.fingerprint(lesson.proposal()))}"):
        expect_digest(call, lesson.proposal(), given)


# Other kinds of mapping (CONTRACT.md A1): refusing them with ValueError is one reading, accepting them the other; once
# accepted, such a proposal is a valid one and gets its fingerprint, H(p), like the plain dict with the same content.
MAPPINGS = {
    "read-only": ("types.MappingProxyType(p)", lambda: types.MappingProxyType(lesson.proposal())),
    "read-only-arguments": ("{**p, 'arguments': types.MappingProxyType(p['arguments'])}",
                            lambda: {**lesson.proposal(), "arguments": types.MappingProxyType(lesson.proposal()["arguments"])}),
    "userdict": ("collections.UserDict(p)", lambda: collections.UserDict(lesson.proposal())),
}


@check(2, "F1", nl="Een voorstel dat op een dict lijkt maar er geen is (zoals alleen-lezen): weigeren met ValueError "
       "mag. Aanvaard je het, dan is de vingerafdruk H(p), net als van een gewone dict.",
       en="A proposal that works like a dict but is none (such as a read-only one): refusing it with ValueError is "
          "fine. If you accept it, its fingerprint is H(p), as for a plain dict.",
       hint_nl="Hash de gevalideerde kopie (een gewone dict), niet het object van de aanroeper: json.dumps kent alleen dicts.",
       hint_en="Hash the validated copy (a plain dict), not the caller's object: json.dumps only knows dicts.")
@pytest.mark.parametrize("kind", list(MAPPINGS))
def test_f1_accepted_mapping_hashed_as_dict(student, kind):
    arg, build = MAPPINGS[kind]
    call = student.call(FINGERPRINT, build(), shown=shown(arg))
    expect_refused_or_digest_of_p(call, build())  # refusing it is the other reading of A1


@check(2, "F1", nl="Een voorstel met een status of versie van een speciaal soort str of int (zoals een Enum): "
       "weigeren met ValueError mag. Aanvaard je het, dan is de vingerafdruk gewoon H(p).",
       en="A proposal with a status or version of a special kind of str or int (such as an Enum): refusing it with "
          "ValueError is fine. If you accept it, its fingerprint is just H(p).",
       hint_nl="Laat json.dumps de gevalideerde kopie schrijven: dat schrijft zo'n waarde als gewone str of int. Schrijf "
               "je de JSON zelf, behandel dan elke str (ook zo'n speciale) als tekst.",
       hint_en="Let json.dumps write the validated copy: it writes such a value as a plain str or int. If you write the "
               "JSON yourself, treat every str (such a special one too) as text.")
@pytest.mark.parametrize("kind", list(lesson.SUBCLASSED))
def test_f1_accepted_subclass_values_hashed_as_plain(student, kind):
    arg, build = lesson.SUBCLASSED[kind]
    call = student.call(FINGERPRINT, build(), shown=f"{lesson.SUBCLASS_TYPES}\n{shown(arg)}")
    expect_refused_or_digest_of_p(call, build())  # refusing it is the other reading of A2 and A5


# --- F5: no side effects ------------------------------------------------------------------------------------

UNCHANGED = {
    "lesson-p": ("p", lesson.proposal),
    "reversed-order": ("dict(reversed(list(p.items())))", lambda: dict(reversed(list(lesson.proposal().items())))),
    "arguments-reversed": ("{**p, 'arguments': {'status': 'done', 'ticket': 'lamp'}}",
                           lambda: {**lesson.proposal(), "arguments": {"status": "done", "ticket": "lamp"}}),
    # A host that keeps the fingerprint next to the proposal: the key must stay, and F4 refuses it.
    "extra-fingerprint": ("{**p, 'fingerprint': H(p)}",
                          lambda: {**lesson.proposal(), "fingerprint": lesson.fingerprint(lesson.proposal())}),
    # Invalid ones checkpoint 1 refuses: not filled in, cleaned up, converted or cut in the input before the ValueError.
    **{name: (case.arg, case.build) for name, case in validating.REPAIRABLE},
    **{name: (case.arg, case.build) for name, case in validating.OVER_LIMITS},
}


@check(2, "F5", nl="Het berekenen van een vingerafdruk verandert het voorstel niet.",
       en="Computing a fingerprint does not change the proposal.",
       hint_nl="Lees het voorstel alleen; sla niets op in de invoer en haal er niets uit weg.",
       hint_en="Only read the proposal; store nothing in the input and remove nothing from it.")
@pytest.mark.parametrize("how", list(UNCHANGED))
def test_f5_input_not_mutated(student, how):
    arg, build = UNCHANGED[how]
    p = build()
    before = copy.deepcopy(p)
    student.call(FINGERPRINT, p, shown=shown(arg))  # returning or raising: both are fine here
    after = plain(p)
    if not same(after, before):
        tried = "proposal_fingerprint(p)\np" if arg == "p" else f"q = {arg}\nproposal_fingerprint(q)\nq"
        raise Mismatch(tried, show(before), said(f"de invoer is nu {show(after)}", f"the input is now {show(after)}"))


@check(2, "F5", nl="Twee keer de vingerafdruk van hetzelfde voorstel berekenen geeft twee keer dezelfde waarde.",
       en="Computing the fingerprint of the same proposal twice gives the same value twice.",
       hint_nl="Laat de vingerafdruk alleen van de inhoud afhangen, zonder iets te onthouden of in de invoer te bewaren.",
       hint_en="Let the fingerprint depend on the content only, without remembering anything or storing it in the input.")
def test_f5_second_call_same_fingerprint(student):
    p = lesson.proposal()
    tried = "proposal_fingerprint(p) == proposal_fingerprint(p)"
    first = fingerprint_str(student.call(FINGERPRINT, p, shown=tried))
    second = fingerprint_str(student.call(FINGERPRINT, p, shown=tried))
    if not same(first, second):
        raise Mismatch(tried, "True", said(f"False: {show(first)} tegenover {show(second)}",
                                           f"False: {show(first)} versus {show(second)}"))
