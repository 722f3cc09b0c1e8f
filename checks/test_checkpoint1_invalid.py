"""Checkpoint 1: validate_ticket_proposal refuses every invalid proposal with ValueError (CONTRACT.md V1-V7, G2),
its own earlier results included, and its results share nothing (V8, V10), also those of a proposal given as
another kind of mapping, where it accepts one (A1)."""

import collections
import types
from pathlib import PurePosixPath

import pytest

from checks import lesson, validating
from checks.forms import disguised, other_forms
from checks.invalid import CLAUSES, OTHER, case_label
from checks.validating import VALIDATE, Case
from checks.version_tips import version_hint
from grader.battery import Mismatch, check, said
from grader.values import plain, same, show

# The cases live in checks/invalid.py, one list per clause: checkpoints 2 and 3 inherit them.


def params(clause: str) -> list:
    """pytest params of one clause's invalid proposals (none for a clause without cases)."""
    return [pytest.param(case, id=name) for name, case in CLAUSES.get(clause, [])]


V1_CASES, V2_CASES, V3_CASES, V4_CASES, V5_CASES, V6_CASES, V7_CASES, G2_CASES = (
    params(clause) for clause in ("V1", "V2", "V3", "V4", "V5", "V6", "V7", "G2"))
OTHER_CASES = params(OTHER)


def expect_refused(student, case: Case) -> None:
    student.call(VALIDATE, case.build(), shown=case.shown()).expect_value_error()


# --- V1-V7, G2: invalid inputs are refused with ValueError ---------------------------------------

@check(1, "V1", nl="Alleen een dictionary kan een voorstel zijn; elke andere waarde geeft ValueError.",
       en="Only a dictionary can be a proposal; any other value raises ValueError.",
       hint_nl="Controleer eerst of de invoer een dictionary is, voordat je velden opvraagt.",
       hint_en="First check that the input is a dictionary, before you look up any field.")
@pytest.mark.parametrize("case", V1_CASES)
def test_v1_not_a_dict_refused(student, case):
    expect_refused(student, case)


@check(1, "V2", nl="Een voorstel heeft precies de vijf velden; een ontbrekend of extra veld (zoals approved) geeft ValueError.",
       en="A proposal has exactly the five fields; a missing or extra field (such as approved) raises ValueError.",
       hint_nl="Eis elk van de vijf velden en weiger elke andere sleutel: de sleutels moeten precies die vijf namen zijn.",
       hint_en="Require each of the five fields and refuse any other key: the keys must be exactly those five names.")
@pytest.mark.parametrize("case", V2_CASES)
def test_v2_fields_not_exact_refused(student, case):
    expect_refused(student, case)


@check(1, "V3", nl="call_id, actor en name zijn ASCII-strings van 1 tot 40 tekens: een letter, dan letters, cijfers, _ of -.",
       en="call_id, actor and name are ASCII strings of 1 to 40 characters: a letter, then letters, digits, _ or -.",
       hint_nl="Eis een str en laat het patroon de hele string dekken, zonder regeleinde of niet-ASCII-tekens.",
       hint_en="Require a str and make the pattern cover the whole string, with no trailing newline or non-ASCII characters.")
@pytest.mark.parametrize("case", V3_CASES)
def test_v3_bad_id_refused(student, case):
    expect_refused(student, case)


@check(1, "V4", nl="version is een gewone int van 0 tot en met 1000000; bool, float, str en None geven ValueError.",
       en="version is a plain int from 0 to 1000000 inclusive; bool, float, str and None raise ValueError.",
       hint_nl="Let op: True en False zijn in Python ook int; controleer het exacte type en beide grenzen.",
       hint_en="Mind that True and False are ints in Python too; check the exact type and both bounds.")
@pytest.mark.parametrize("case", V4_CASES)
def test_v4_bad_version_refused(student, case):
    version = case.build().get("version")
    hint = version_hint(version)  # a None, a number out of range... is another mistake than a bool
    student.call(VALIDATE, case.build(), shown=case.shown()).expect_value_error(hint=hint)


@check(1, "V5", nl="arguments is een dictionary met precies de sleutels ticket en status; al het andere geeft ValueError.",
       en="arguments is a dictionary with exactly the keys ticket and status; anything else raises ValueError.",
       hint_nl="Controleer ook bij arguments eerst het type en daarna de exacte verzameling sleutels.",
       hint_en="For arguments too, check the type first and then the exact set of keys.")
@pytest.mark.parametrize("case", V5_CASES)
def test_v5_bad_arguments_refused(student, case):
    expect_refused(student, case)


@check(1, "V6", nl="ticket is een ASCII-string van 1 tot 32 tekens: een kleine letter, dan kleine letters, cijfers of -.",
       en="ticket is an ASCII string of 1 to 32 characters: a lowercase letter, then lowercase letters, digits or -.",
       hint_nl="Eis een str en laat het ticketpatroon de hele string dekken, zonder hoofdletters, _ of niet-ASCII-tekens.",
       hint_en="Require a str and make the ticket pattern cover the whole string, without uppercase, _ or non-ASCII characters.")
@pytest.mark.parametrize("case", V6_CASES)
def test_v6_bad_ticket_refused(student, case):
    expect_refused(student, case)


@check(1, "V7", nl="status is precies 'open' of 'done'; elke andere waarde, ook een onhashbare, geeft ValueError.",
       en="status is exactly 'open' or 'done'; any other value, unhashable ones included, raises ValueError.",
       hint_nl="Vergelijk de hele status met de twee toegestane strings, niet als deel van een langere tekst, en zo dat een "
               "lijst of set een ValueError geeft en geen TypeError.",
       hint_en="Compare the whole status with the two allowed strings, not as part of a longer text, and so that a list or "
               "set raises ValueError, not TypeError.")
@pytest.mark.parametrize("case", V7_CASES)
def test_v7_bad_status_refused(student, case):
    expect_refused(student, case)


@check(1, "G2", nl="Een veld met een verkeerd type, zoals een lijst of dictionary, geeft ValueError en nooit TypeError of KeyError.",
       en="A field of the wrong type, such as a list or dictionary, raises ValueError and never TypeError or KeyError.",
       hint_nl="Controleer het type van elk veld voordat je het aan een patroon, vergelijking of set geeft.",
       hint_en="Check each field's type before you pass it to a pattern, a comparison or a set.")
@pytest.mark.parametrize("case", G2_CASES)
def test_g2_wrong_type_is_value_error(student, case):
    expect_refused(student, case)


@check(1, "V2-V7", nl="Ook met een andere toolnaam, met status open of met allebei geeft elk ongeldig voorstel een ValueError.",
       en="With another tool name, with status open or with both too, every invalid proposal raises a ValueError.",
       hint_nl="Controleer elk voorstel helemaal, wat de tool of de status ook is: de validatie hangt daar niet van af.",
       hint_en="Check every proposal completely, whatever its tool or status: validation does not depend on them.")
@pytest.mark.parametrize("clause", [clause for clause in CLAUSES if any(disguised(case) for _, case in CLAUSES[clause])],
                         ids=case_label)
def test_v2_v7_invalid_whatever_the_tool_and_status(student, clause):
    # One check per clause, looping over every case in its other forms of tool and status (checks/forms.py): a
    # validation made only for set_ticket or only for 'done' skips a field's check as a whole, and one with a looser
    # rule of its own for other tools, for 'open' or for one pair of them (set_ticket with 'open') lets a single case
    # in (a ticket '1lamp'); checkpoints 2 and 3 try them too.
    for name, case in CLAUSES[clause]:
        for other in other_forms(case):
            student.call(VALIDATE, other.build(), shown=other.shown()).expect_value_error(case=name, repeats=name)


if OTHER_CASES:
    @check(1, "V1-V7", nl="Een ongeldig voorstel wordt geweigerd met een ValueError.",
           en="An invalid proposal is refused with a ValueError.",
           hint_nl="Controleer elk veld volgens het contract en gooi ValueError bij elke afwijking, ook bij een verkeerd type.",
           hint_en="Check every field against the contract and raise ValueError on any deviation, also for a wrong type.")
    @pytest.mark.parametrize("case", OTHER_CASES)
    def test_v1_v7_invalid_proposal_refused(student, case):
        expect_refused(student, case)


# --- Its own results: judged again, and sharing nothing (V8, V10) ---------------------------------

def _arguments_of(call) -> dict | None:
    """The raw ``arguments`` dict inside a returned dict (read through dict itself), or None (also when the
    call raised: other checks judge that)."""
    if call.error is not None:
        return None
    raw = call.returned()
    if not isinstance(raw, dict) or not isinstance(dict.get(raw, "arguments"), dict):
        return None
    return dict.get(raw, "arguments")


@check(1, "V8", nl="Ook een eerder resultaat van de functie wordt opnieuw gekeurd: is het daarna ongeldig gemaakt, "
       "dan geeft het ValueError.",
       en="An earlier result of the function is judged again too: when it was made invalid afterwards, it raises "
          "ValueError.",
       hint_nl="Vertrouw geen invoer omdat hij van je eigen functie komt: controleer elke aanroep alles opnieuw.",
       hint_en="Trust no input because it came from your own function: check everything again on every call.")
def test_v8_own_result_judged_again(student):
    clean = validating.own_result_made_invalid(student)
    if clean is not None:
        tried = f"{validating.OWN_RESULT_SCRIPT}\nvalidate_ticket_proposal(clean)"
        student.call(VALIDATE, clean, shown=tried).expect_value_error()


SHARING = {  # id -> (the first call's input, the second call's input or None for the first result, text shown)
    "two-results-of-p": ("p", "p", "a = validate_ticket_proposal(p)\nb = validate_ticket_proposal(p)"),
    "result-of-a-result": ("p", None, "a = validate_ticket_proposal(p)\nb = validate_ticket_proposal(a)"),
    "other-tool": ("q", "q", "q = {**p, 'name': 'delete_ticket'}\na = validate_ticket_proposal(q)\n"
                              "b = validate_ticket_proposal(q)"),
}


@check(1, "V10", nl="Twee resultaten delen niets: een wijziging in het ene verandert het andere niet, ook niet als het "
       "ene uit het andere kwam.",
       en="Two results share nothing: a change to one does not change the other, not even when one came from the "
          "other.",
       hint_nl="Maak bij elke aanroep een nieuwe kopie van arguments; onthoud geen resultaten tussen aanroepen.",
       hint_en="Make a new copy of arguments on every call; keep no results between calls.")
@pytest.mark.parametrize("how", list(SHARING))
def test_v10_results_share_nothing(student, how):
    first_input, second_input, shown = SHARING[how]
    tried = f"{shown}\nb['arguments']['status'] = 'open'\na['arguments']['status']"
    proposal = lesson.proposal(name="delete_ticket") if first_input == "q" else lesson.proposal()
    first = student.call(VALIDATE, proposal, shown=tried)
    again = first.returned() if second_input is None else proposal
    second = student.call(VALIDATE, again, shown=tried)
    mine, theirs = _arguments_of(first), _arguments_of(second)
    if mine is None or theirs is None:  # no dict with a dict of arguments: V9 and V10 say so
        return
    dict.__setitem__(theirs, "status", lesson.fresh("open"))
    if not same(plain(dict.get(mine, "status")), "done"):
        raise Mismatch(tried, "'done'", said("'open': a deelt arguments met b", "'open': a shares arguments with b"))


# Other valid proposals than p: a copy of arguments made only for some of them (status done, say) is no copy, and
# neither is the input handed back when its keys are already in canonical (sorted) order (V9, V10).
OTHER_VALID = [  # (changes to p, q as code)
    ({"status": "open"}, "{**p, 'arguments': {'ticket': 'lamp', 'status': 'open'}}"),
    ({"ticket": "sensor", "version": 7}, "{**p, 'version': 7, 'arguments': {'ticket': 'sensor', 'status': 'done'}}"),
    ({"name": "delete_ticket", "status": "open"},
     "{**p, 'name': 'delete_ticket', 'arguments': {'ticket': 'lamp', 'status': 'open'}}"),
    (None, "dict(sorted(p.items()))"),
    # None of p's values (a copy made only for call id c1, actor learner or a short ticket), and every field at its
    # largest: 40-character ids, version 1000000, a ticket of 32 characters with digits and hyphens.
    ({"call_id": "k7", "actor": "ops-2", "version": 5, "ticket": "valve-3", "status": "open"},
     "{**p, 'call_id': 'k7', 'actor': 'ops-2', 'version': 5, 'arguments': {'ticket': 'valve-3', 'status': 'open'}}"),
    ({"call_id": "C" * 40, "actor": "A-9_" * 10, "name": "z" * 40, "version": 1000000, "ticket": "x-9" * 10 + "zz"},
     "{'call_id': 'C' * 40, 'actor': 'A-9_' * 10, 'name': 'z' * 40, 'version': 1000000, "
     "'arguments': {'ticket': 'x-9' * 10 + 'zz', 'status': 'done'}}"),
]


@check(1, "V10", nl="Ook bij andere geldige voorstellen dan p (andere status, ticket, tool, ids, sleutelvolgorde, alles "
       "op zijn grootst) raakt een latere wijziging van de arguments van de invoer het resultaat niet.",
       en="For valid proposals other than p too (other status, ticket, tool, ids, key order, everything at its "
          "largest), a later change to the input's arguments does not reach the result.",
       hint_nl="Geef bij elk geldig voorstel een nieuwe dictionary met een kopie van arguments, hoe het er ook uitziet.",
       hint_en="For every valid proposal, return a new dictionary with a copy of arguments, whatever it looks like.")
def test_v10_every_valid_proposal_copied(student):
    for changes, code in OTHER_VALID:
        q = lesson.proposal(**changes) if changes else dict(sorted(lesson.proposal().items()))
        expected = lesson.proposal(**(changes or {}))
        arguments = q["arguments"]
        tried = f"q = {code}\nclean = validate_ticket_proposal(q)\nq['arguments']['ticket'] = 'pump'\nclean"
        raw = student.call(VALIDATE, q, shown=tried).returned()
        dict.__setitem__(arguments, "ticket", lesson.fresh("pump"))
        value = plain(raw)
        if not same(value, expected):
            raise Mismatch(tried, show(expected), said(f"clean is nu {show(value)}", f"clean is now {show(value)}"))


# Values equal to a valid version but of another type (True == 1 == 1.0, False == 0 == 0.0, same hash): a
# verdict remembered by value (a dict or lru_cache keyed by the fields) accepts them after the valid one.
# A call id of their own keeps earlier checks' proposals out of such a memory.
EQUAL_VERSIONS = [(f"eq{i}", good, bad) for i, (good, bad) in
                  enumerate([(0, False), (0, 0.0), (1, True), (1, 1.0), (1000000, 1000000.0)])]


@check(1, "V4", nl="Een version van een ander type blijft ongeldig, ook vlak nadat een gelijke int (False == 0, "
       "1.0 == 1) geaccepteerd werd.",
       en="A version of another type stays invalid, also right after an equal int (False == 0, 1.0 == 1) was "
          "accepted.",
       hint_nl="Onthoud geen oordeel per waarde: True, False en floats zijn gelijk aan ints, maar geen geldige version.",
       hint_en="Do not remember verdicts by value: True, False and floats equal ints but are no valid version.")
@pytest.mark.parametrize("pair", EQUAL_VERSIONS, ids=[f"{a!r}-then-{b!r}" for _, a, b in EQUAL_VERSIONS])
def test_v4_equal_version_of_other_type_refused_after_valid(student, pair):
    call_id, good, bad = pair  # the call id as its own value: (0, False) == (0, 0.0) in Python
    tried = (f"q = {{**p, 'call_id': {call_id!r}}}\n"
             f"validate_ticket_proposal({{**q, 'version': {bad!r}}})  # ValueError\n"
             f"validate_ticket_proposal({{**q, 'version': {good!r}}})\n"
             f"validate_ticket_proposal({{**q, 'version': {bad!r}}})")
    alone = student.call(VALIDATE, lesson.proposal(call_id=call_id, version=bad), shown=tried)
    if not isinstance(alone.error, ValueError):
        return  # refused on its own by test_v4_bad_version_refused: not this check's finding
    student.call(VALIDATE, lesson.proposal(call_id=call_id, version=good), shown=tried)  # V8 judges this one
    student.call(VALIDATE, lesson.proposal(call_id=call_id, version=bad), shown=tried).expect_value_error()


# Values that are no str but read as a valid one when turned into text (str(), json.dumps(..., default=str), and
# repr() for a UserString): a verdict remembered by such text accepts them after the valid value. Each pair has a call
# id of its own.
SAME_TEXT = [("tx-status", "status", "done", PurePosixPath("done"), "pathlib.PurePosixPath('done')"),
             ("tx-ticket", "ticket", "lamp", PurePosixPath("lamp"), "pathlib.PurePosixPath('lamp')"),
             ("tx-actor", "actor", "learner", PurePosixPath("learner"), "pathlib.PurePosixPath('learner')"),
             ("rp-ticket", "ticket", "lamp", collections.UserString("lamp"), "collections.UserString('lamp')"),
             ("rp-actor", "actor", "learner", collections.UserString("learner"), "collections.UserString('learner')")]


@check(1, "V3-V7", nl="Een waarde die alleen als tekst op een geldige lijkt (een pathlib-pad 'done', een UserString) "
       "blijft ongeldig, ook vlak nadat hetzelfde voorstel met de echte str geaccepteerd werd.",
       en="A value that only looks like a valid one as text (a pathlib path 'done', a UserString) stays invalid, also "
          "right after the same proposal with the real str was accepted.",
       hint_nl="Onthoud geen oordeel per tekstweergave van het voorstel: beoordeel elk voorstel zelf opnieuw.",
       hint_en="Do not remember verdicts by the proposal's text: judge every proposal itself again.")
@pytest.mark.parametrize("pair", SAME_TEXT, ids=[pair[0] for pair in SAME_TEXT])
def test_v3_v7_same_text_refused_after_valid(student, pair):
    call_id, field, good, bad, code = pair
    q = lesson.variant("call_id", repr(call_id))
    tried = (f"q = {q}\n"
             f"validate_ticket_proposal(q)\n"
             f"validate_ticket_proposal({lesson.variant(field, code).replace('**p', '**q')})")
    alone = student.call(VALIDATE, lesson.proposal(call_id=call_id, **{field: bad}), shown=tried)
    if not isinstance(alone.error, ValueError):
        return  # refused on its own by the clause's own check: not this check's finding
    student.call(VALIDATE, lesson.proposal(call_id=call_id, **{field: good}), shown=tried)  # V8 judges this one
    student.call(VALIDATE, lesson.proposal(call_id=call_id, **{field: bad}), shown=tried).expect_value_error()


# Other kinds of mapping (CONTRACT.md A1): refusing them is one reading; a submission that accepts one returns, as for
# any valid proposal, a new dictionary that the caller's later changes do not reach (V8-V10). A read-only view is
# read-only for the one who holds it, not for the owner of the dict behind it. The same holds for arguments alone.
MAPPINGS = {  # id -> (q as code, q built from p, q's arguments as the caller reaches them)
    "read-only": ("types.MappingProxyType(p)", types.MappingProxyType, "p['arguments']"),
    "userdict": ("collections.UserDict(p)", collections.UserDict, "p['arguments']"),
    "ordereddict": ("collections.OrderedDict(p)", collections.OrderedDict, "p['arguments']"),
    "read-only-arguments": ("{**p, 'arguments': types.MappingProxyType(p['arguments'])}",
                            lambda p: {**p, "arguments": types.MappingProxyType(p["arguments"])}, "p['arguments']"),
    "ordereddict-arguments": ("{**p, 'arguments': collections.OrderedDict(p['arguments'])}",
                              lambda p: {**p, "arguments": collections.OrderedDict(p["arguments"])}, "q['arguments']"),
}


@check(1, "V9-V10", nl="Een voorstel (of arguments) dat op een dict lijkt maar er geen is (zoals alleen-lezen): "
       "weigeren mag. Aanvaard je het, geef dan een nieuwe dict terug die later niet meeverandert met het origineel.",
       en="A proposal (or arguments) that works like a dict but is none (such as a read-only one): you may refuse it. "
          "If you accept it, return a new dict that does not later change along with the original.",
       hint_nl="Kopieer ook zo'n voorstel naar een nieuwe dict met een eigen kopie van arguments; alleen-lezen is geen kopie.",
       hint_en="Copy such a proposal too, into a new dict with its own copy of arguments; read-only is no copy.")
@pytest.mark.parametrize("kind", list(MAPPINGS))
def test_v10_accepted_mapping_copied(student, kind):
    code, wrap, held = MAPPINGS[kind]
    p = lesson.proposal()
    tried = (f"q = {code}\nclean = validate_ticket_proposal(q)\n"
             f"{held}['ticket'] = 'pump'; p['version'] = 7\nclean")
    q = wrap(p)
    arguments = p["arguments"] if held.startswith("p") else dict.__getitem__(q, "arguments")  # ours, before the call
    call = student.call(VALIDATE, q, shown=tried)
    if call.refused(said("een nieuwe dictionary", "a new dictionary"), cause=None):  # the other reading of A1
        return
    raw = call.returned()
    if raw is q:  # shown as its content, it would look like the dictionary expected
        raise Mismatch(tried, said("een nieuwe dictionary", "a new dictionary"),
                       said("gaf q zelf terug, de mapping die het kreeg", "returned q itself, the mapping it was given"))
    if not issubclass(type(raw), dict):
        raise Mismatch(tried, said("een nieuwe dictionary", "a new dictionary"), call.got())
    arguments["ticket"] = lesson.fresh("pump")  # a dict or an OrderedDict the check made: no code of main.py runs
    dict.__setitem__(p, "version", lesson.fresh(7))
    value = plain(raw)
    if not same(value, lesson.proposal()):
        raise Mismatch(tried, show(lesson.proposal()), said(f"clean is nu {show(value)}", f"clean is now {show(value)}"))
