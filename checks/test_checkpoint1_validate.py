"""Checkpoint 1: validate_ticket_proposal(proposal) (CONTRACT.md V1-V12, G2)."""

import copy
from typing import Callable, NamedTuple

import pytest

from checks import lesson
from grader.battery import Mismatch, check, said
from grader.values import plain, same, show

VALIDATE = "validate_ticket_proposal"

# What ``p`` means in the code the student is shown.
NOTE_P = "p: het voorstel uit de les / the lesson's proposal"


class Case(NamedTuple):
    """One input: the argument as the student sees it (Python code), a fresh-input builder, a note."""

    arg: str
    build: Callable[[], object]
    note: str = ""

    def shown(self, function: str = VALIDATE) -> str:
        """The call as the report shows it, e.g. ``validate_ticket_proposal({**p, 'version': True})``."""
        return f"{function}({self.arg})" + (f"  # {self.note}" if self.note else "")


LESSON_P = Case("p", lesson.proposal, NOTE_P)


def text(value: object) -> str:
    """Python code for ``value``; non-ASCII characters are escaped so look-alikes stay visible."""
    if isinstance(value, str) and len(value) > 12 and len(set(value[1:])) == 1:
        if value[0] == value[1]:
            return f"{value[0]!r} * {len(value)}"
        return f"{value[0]!r} + {value[1]!r} * {len(value) - 1}"
    return ascii(value)


def changed(field: str, value: object, note: str = "", shown: str | None = None) -> Case:
    """The lesson's p with one field replaced; ``ticket``/``status`` are replaced inside ``arguments``."""
    code = shown or text(value)
    if field == "ticket":
        arg = f"{{**p, 'arguments': {{'ticket': {code}, 'status': 'done'}}}}"
    elif field == "status":
        arg = f"{{**p, 'arguments': {{'ticket': 'lamp', 'status': {code}}}}}"
    else:
        arg = f"{{**p, {field!r}: {code}}}"
    return Case(arg, lambda: lesson.proposal(**{field: copy.deepcopy(value)}), note)


def with_arguments(value: object, shown: str | None = None) -> Case:
    """The lesson's p with ``arguments`` replaced by ``value``."""
    return Case(f"{{**p, 'arguments': {shown or text(value)}}}",
                lambda: {**lesson.proposal(), "arguments": copy.deepcopy(value)})


def case_id(field: str) -> str:
    """The id prefix of a field, in the style of lesson.INVALID_PROPOSALS (``call-id-...``)."""
    return field.replace("_", "-")


# --- Invalid inputs, one list per clause -------------------------------------------------------
# Each list starts with the cases of lesson.INVALID_PROPOSALS for that clause (same ids, so a
# failure of checkpoint 2 or 3 on an inherited case can be traced back here), then adds more edges.
# An edge that builds the same input as an earlier case, or reuses a lesson case's id, is left out.

_SEEN: set = set()
_LESSON_PREFIXES = {
    "V1": ("none", "list", "str"),
    "V2": ("extra-", "missing-"),
    "V3": ("call-id-", "actor-", "name-"),
    "V4": ("version-",),
    "V5": ("arguments-",),
    "V6": ("ticket-",),
    "V7": ("status-",),
}


def _lesson_clause(case: str) -> str | None:
    for clause, prefixes in _LESSON_PREFIXES.items():
        if case in prefixes or case.startswith(tuple(p for p in prefixes if p.endswith("-"))):
            return clause
    return None


def refused(clause: str, extra: list[tuple[str, Case]]) -> list:
    """pytest params for one clause: its lesson cases, then the new ``extra`` (id, Case) pairs."""
    cases = [(name, Case(shown, build)) for name, shown, build in lesson.INVALID_PROPOSALS
             if _lesson_clause(name) == clause]
    params, names = [], set()
    for name, case in cases + extra:
        key = repr(case.build())
        if key in _SEEN or name in names:
            continue
        _SEEN.add(key)
        names.add(name)
        params.append(pytest.param(case, id=name))
    return params


BAD_IDS = [  # (id suffix, value, note); each is tried as call_id, actor and name (V3)
    ("empty", "", ""),
    ("digit-first", "1c", ""),
    ("underscore-first", "_c1", ""),
    ("hyphen-first", "-c", ""),
    ("41", "c" * 41, ""),
    ("newline", "c1\n", ""),
    ("space", "c 1", ""),
    ("dot", "c.1", ""),
    ("exclamation", "c1!", ""),
    ("accent", "caf\u00e9", "\u00e9"),
    ("kelvin", "\u212a", "Kelvin-teken / Kelvin sign U+212A"),
    ("kelvin-second", "a\u212a", "Kelvin-teken / Kelvin sign U+212A"),
    ("long-s", "\u017fet", "lange s / long s U+017F"),
    ("superscript-two", "a\u00b2", "superscript 2"),
    ("arabic-indic-digit", "a\u0661", "Arabisch-Indisch cijfer / Arabic-Indic digit"),
    ("full-width-first", "\uff41bc", "full-width a"),
    ("full-width-digit", "a\uff11", "full-width 1"),
    ("int", 1, ""),
    ("none", None, ""),
    ("bytes", b"c1", ""),
    ("bool", True, ""),
]

V1_CASES = refused("V1", [
    ("int", Case("0", lambda: 0)),
    ("bool", Case("True", lambda: True)),
    ("set-of-field-names", Case("set(p)", lambda: set(lesson.proposal()))),
    ("list-of-field-names", Case("list(p)", lambda: list(lesson.proposal()))),
    ("tuple-of-items", Case("tuple(p.items())", lambda: tuple(lesson.proposal().items()))),
])

V2_CASES = refused("V2", [
    ("empty-dict", Case("{}", lambda: {})),
    *[(f"missing-{case_id(f)}", Case(f"{{k: v for k, v in p.items() if k != {f!r}}}",
                                     lambda f=f: {k: v for k, v in lesson.proposal().items() if k != f}))
      for f in ("call_id", "actor", "name", "version", "arguments")],
    ("extra-approved-false", Case("{**p, 'approved': False}", lambda: {**lesson.proposal(), "approved": False})),
    ("extra-fingerprint", Case("{**p, 'fingerprint': 'abc'}", lambda: {**lesson.proposal(), "fingerprint": "abc"})),
    ("extra-int-key", Case("{**p, 1: 'x'}", lambda: {**lesson.proposal(), 1: "x"})),
    ("renamed-key", Case("{('callid' if k == 'call_id' else k): v for k, v in p.items()}",
                         lambda: {("callid" if k == "call_id" else k): v for k, v in lesson.proposal().items()})),
])

V3_CASES = refused("V3", [
    (f"{case_id(field)}-{name}", changed(field, value, note))
    for field in ("call_id", "actor", "name") for name, value, note in BAD_IDS
])

V4_CASES = refused("V4", [
    ("version-none", changed("version", None)),
    ("version-float-zero", changed("version", 0.0)),
    ("version-float-million", changed("version", 1000000.0)),
    ("version-huge", changed("version", 10**20)),
    ("version-str-one", changed("version", "1")),
])

V5_CASES = refused("V5", [
    ("arguments-str", with_arguments("lamp")),
    ("arguments-tuple", with_arguments((("ticket", "lamp"), ("status", "done")))),
    ("arguments-key-list", with_arguments(["ticket", "status"])),
    ("arguments-key-set", with_arguments({"ticket", "status"}, "{'ticket', 'status'}")),
    ("arguments-empty", with_arguments({})),
    ("arguments-missing-ticket", with_arguments({"status": "done"})),
    ("arguments-renamed", with_arguments({"ticket": "lamp", "state": "done"})),
    ("arguments-extra-other", with_arguments({"ticket": "lamp", "status": "done", "note": "x"})),
    ("arguments-extra-int-key", with_arguments({"ticket": "lamp", "status": "done", 1: "x"})),
])

V6_CASES = refused("V6", [
    ("ticket-empty", changed("ticket", "")),
    ("ticket-digit-first", changed("ticket", "1lamp")),
    ("ticket-hyphen-first", changed("ticket", "-lamp")),
    ("ticket-all-upper", changed("ticket", "LAMP")),
    ("ticket-exclamation", changed("ticket", "lamp!")),
    ("ticket-space", changed("ticket", "la mp")),
    ("ticket-dot", changed("ticket", "lamp.1")),
    ("ticket-accent", changed("ticket", "l\u00e4mp", "\u00e4")),
    ("ticket-kelvin", changed("ticket", "a\u212a", "Kelvin-teken / Kelvin sign U+212A")),
    ("ticket-long-s", changed("ticket", "a\u017f", "lange s / long s U+017F")),
    ("ticket-superscript-two", changed("ticket", "a\u00b2", "superscript 2")),
    ("ticket-arabic-indic-digit", changed("ticket", "a\u0661", "Arabisch-Indisch cijfer / Arabic-Indic digit")),
    ("ticket-full-width", changed("ticket", "\uff4camp", "full-width l")),
    ("ticket-none", changed("ticket", None)),
    ("ticket-bytes", changed("ticket", b"lamp")),
])

V7_CASES = refused("V7", [
    ("status-open-upper", changed("status", "OPEN")),
    ("status-newline", changed("status", "open\n")),
    ("status-leading-space", changed("status", " open")),
    ("status-empty", changed("status", "")),
    ("status-part", changed("status", "pen")),
    ("status-across-words", changed("status", "en d")),
    ("status-opened", changed("status", "opened")),
    ("status-zero", changed("status", 0)),
    ("status-false", changed("status", False)),
    ("status-tuple", changed("status", ("open",))),
    ("status-set", changed("status", {"open"}, shown="{'open'}")),
    ("status-dict", changed("status", {"open": "done"})),
])

G2_CASES = refused("G2", [
    (f"{case_id(field)}-{kind}", changed(field, value, shown=code))
    for field, good in (("call_id", "c1"), ("actor", "learner"), ("name", "set_ticket"),
                        ("version", 0), ("ticket", "lamp"))
    for kind, value, code in (("list", [good], f"[{good!r}]"), ("dict", {good: good}, f"{{{good!r}: {good!r}}}"))
])

# Lesson cases that no clause above claims (none today; a safety net for cases added later).
OTHER_CASES = [pytest.param(Case(shown, build), id=name) for name, shown, build in lesson.INVALID_PROPOSALS
               if _lesson_clause(name) is None]


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
       hint_nl="Vergelijk de verzameling sleutels met precies de vijf toegestane namen, niet alleen het aantal.",
       hint_en="Compare the set of keys with exactly the five allowed names, not just their number.")
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
    expect_refused(student, case)


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
       hint_nl="Vergelijk met de twee toegestane strings zo dat een lijst of set als status een ValueError geeft en geen TypeError.",
       hint_en="Compare with the two allowed strings in a way that makes a list or set as status raise ValueError, not TypeError.")
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


if OTHER_CASES:
    @check(1, "V1-V7", nl="Een ongeldig voorstel wordt geweigerd met een ValueError.",
           en="An invalid proposal is refused with a ValueError.",
           hint_nl="Controleer elk veld volgens het contract en gooi ValueError bij elke afwijking, ook bij een verkeerd type.",
           hint_en="Check every field against the contract and raise ValueError on any deviation, also for a wrong type.")
    @pytest.mark.parametrize("case", OTHER_CASES)
    def test_v1_v7_invalid_proposal_refused(student, case):
        expect_refused(student, case)


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


GOOD_IDS = [  # (id suffix, value); each is tried as call_id, actor and name (V3)
    ("one-letter", "a"),
    ("one-capital", "Z"),
    ("40", "a" * 40),
    ("40-capitals", "A" * 40),
    ("underscore-hyphen", "a_-"),
    ("mixed", "x-1_Y"),
    ("letter-digit", "A9"),
    ("40-hyphens", "a" + "-" * 39),
]


@check(1, "V3", nl="Elke ID van 1 tot 40 tekens met een ASCII-letter voorop en verder letters, cijfers, _ of - is geldig.",
       en="Every ID of 1 to 40 characters with an ASCII letter first and then letters, digits, _ or - is valid.",
       hint_nl="Controleer de grenzen van je patroon: lengte 1 en 40, hoofdletters, _ en - na het eerste teken.",
       hint_en="Check the edges of your pattern: length 1 and 40, uppercase letters, _ and - after the first character.")
@pytest.mark.parametrize("case", accepted([
    (f"{case_id(field)}-{name}", changed(field, value))
    for field in ("call_id", "actor", "name") for name, value in GOOD_IDS
]))
def test_v3_edge_id_accepted(student, case):
    expect_accepted(student, case)


@check(1, "V4", nl="version mag elke gewone int van 0 tot en met 1000000 zijn, de grenzen inbegrepen.",
       en="version may be any plain int from 0 to 1000000, both bounds included.",
       hint_nl="Controleer of beide grenzen zelf ook geldig zijn.",
       hint_en="Check that both bounds themselves are valid too.")
@pytest.mark.parametrize("case", accepted([
    (f"version-{v}", changed("version", v)) for v in (0, 1, 999999, 1000000)
]))
def test_v4_version_accepted(student, case):
    expect_accepted(student, case)


@check(1, "V6", nl="Elk ticket van 1 tot 32 tekens met een kleine letter voorop en verder kleine letters, cijfers of -, is geldig.",
       en="Every ticket of 1 to 32 characters with a lowercase letter first and then lowercase letters, digits or - is valid.",
       hint_nl="Controleer de grenzen van je ticketpatroon: lengte 1 en 32, cijfers en - na het eerste teken.",
       hint_en="Check the edges of your ticket pattern: length 1 and 32, digits and - after the first character.")
@pytest.mark.parametrize("case", accepted([
    (f"ticket-{name}", changed("ticket", value)) for name, value in (
        ("one-letter", "a"), ("z", "z"), ("32", "l" * 32), ("digits", "a1"), ("hyphen-last", "a-"),
        ("mixed", "lamp-2b"), ("32-hyphens", "a" + "-" * 31))
]))
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


# --- V9, V10, V11: a new dictionary, independent of the input, and the input left alone ------------

def returned_dict(call) -> dict:
    """The raw returned object when its exact type is (a subclass of) dict; a mismatch otherwise.

    The type is read with ``type()``, which the returned object cannot fake.
    """
    raw = call.returned()
    if not issubclass(type(raw), dict):
        raise Mismatch(call.shown, said("een dictionary", "a dictionary"), call.got())
    return raw


def raw_arguments(call, raw: dict) -> dict:
    """The raw ``arguments`` dict inside a returned dict, read with dict's own method."""
    arguments = dict.get(raw, "arguments")
    if not issubclass(type(arguments), dict):
        raise Mismatch(call.shown, said("een dictionary met arguments als dictionary",
                                        "a dictionary with arguments as a dictionary"), call.got())
    return arguments


@check(1, "V9", nl="Het resultaat is een nieuwe dictionary, niet het invoerobject zelf.",
       en="The result is a new dictionary, not the input object itself.",
       hint_nl="Bouw een nieuwe dictionary om terug te geven in plaats van de invoer terug te geven.",
       hint_en="Build a new dictionary to return instead of returning the input.")
def test_v9_result_is_new_object(student):
    p = lesson.proposal()
    call = student.call(VALIDATE, p, shown=LESSON_P.shown())
    if call.returned() is p:
        raise Mismatch(f"validate_ticket_proposal(p) is p  # {NOTE_P}", "False",
                       said("True: het resultaat is p zelf", "True: the result is p itself"))


@check(1, "V10", nl="Het voorbeeld uit de les drukt done af: een latere wijziging van p raakt het resultaat niet.",
       en="The lesson's example prints done: a later change to p does not reach the result.",
       hint_nl="Kopieer ook de nested arguments, zodat het resultaat de beoordeelde inhoud bewaart.",
       hint_en="Copy the nested arguments as well, so that the result keeps the reviewed content.")
def test_v10_lesson_example_1_prints_done(student):
    p = lesson.proposal()
    arguments = p["arguments"]
    tried = ("clean = validate_ticket_proposal(p)\np['arguments']['status'] = 'open'\n"
             "print(clean['arguments']['status'])")
    call = student.call(VALIDATE, p, shown=tried)
    raw = returned_dict(call)
    arguments["status"] = "open"
    value = plain(raw)
    status = value["arguments"].get("status") if type(value.get("arguments")) is dict else None
    if not same(status, "done"):
        raise Mismatch(tried, "done", said(f"clean['arguments'] is nu {show(value.get('arguments'))}",
                                           f"clean['arguments'] is now {show(value.get('arguments'))}"))


def _mutate_input(p: dict, arguments: dict, how: str) -> None:
    """Change our own input after the call; ``arguments`` is p's own arguments dict, kept beforehand."""
    if how == "arguments-ticket":
        arguments["ticket"] = "sensor"
    elif how == "arguments-new-key":
        arguments["approved"] = True
    elif how == "arguments-cleared":
        arguments.clear()
    elif how == "top-level-version":
        p["version"] = 5
    elif how == "top-level-actor":
        p["actor"] = "mallory"
    elif how == "top-level-arguments-replaced":
        p["arguments"] = {"ticket": "sensor", "status": "open"}
    elif how == "top-level-approved-added":
        p["approved"] = True


INPUT_CHANGES = {
    "arguments-ticket": "p['arguments']['ticket'] = 'sensor'",
    "arguments-new-key": "p['arguments']['approved'] = True",
    "arguments-cleared": "p['arguments'].clear()",
    "top-level-version": "p['version'] = 5",
    "top-level-actor": "p['actor'] = 'mallory'",
    "top-level-arguments-replaced": "p['arguments'] = {'ticket': 'sensor', 'status': 'open'}",
    "top-level-approved-added": "p['approved'] = True",
}


@check(1, "V10", nl="Als de invoer na de aanroep verandert, blijft het resultaat gelijk aan het beoordeelde voorstel.",
       en="When the input changes after the call, the result stays equal to the reviewed proposal.",
       hint_nl="Geef een nieuwe dictionary terug met een eigen kopie van arguments, zonder verwijzing naar de invoer.",
       hint_en="Return a new dictionary with its own copy of arguments, holding no reference to the input.")
@pytest.mark.parametrize("how", list(INPUT_CHANGES))
def test_v10_input_changed_after_call(student, how):
    p = lesson.proposal()
    arguments = p["arguments"]
    tried = f"clean = validate_ticket_proposal(p)  # {NOTE_P}\n{INPUT_CHANGES[how]}\nclean"
    call = student.call(VALIDATE, p, shown=tried)
    raw = call.returned()
    _mutate_input(p, arguments, how)
    value = plain(raw)
    if not same(value, lesson.proposal()):
        raise Mismatch(tried, show(lesson.proposal()), said(f"clean is nu {show(value)}", f"clean is now {show(value)}"))


RESULT_CHANGES = {
    "arguments-status": "clean['arguments']['status'] = 'open'",
    "arguments-new-key": "clean['arguments']['approved'] = True",
    "top-level-version": "clean['version'] = 5",
    "top-level-approved-added": "clean['approved'] = True",
}


@check(1, "V10", nl="Een wijziging in het resultaat verandert de invoer niet.",
       en="A change to the result does not change the input.",
       hint_nl="Laat het resultaat en zijn arguments geen objecten met de invoer delen.",
       hint_en="Let the result and its arguments share no objects with the input.")
@pytest.mark.parametrize("how", list(RESULT_CHANGES))
def test_v10_result_changed_input_unchanged(student, how):
    p = lesson.proposal()
    tried = f"clean = validate_ticket_proposal(p)  # {NOTE_P}\n{RESULT_CHANGES[how]}\np"
    call = student.call(VALIDATE, p, shown=tried)
    raw = returned_dict(call)
    if how.startswith("arguments-"):
        key, item = ("status", "open") if how == "arguments-status" else ("approved", True)
        dict.__setitem__(raw_arguments(call, raw), key, item)
    else:
        key, item = ("version", 5) if how == "top-level-version" else ("approved", True)
        dict.__setitem__(raw, key, item)
    value = plain(p)
    if not same(value, lesson.proposal()):
        raise Mismatch(tried, show(lesson.proposal()), said(f"p is nu {show(value)}", f"p is now {show(value)}"))


def expect_input_unchanged(student, case: Case, function: str = VALIDATE) -> None:
    """Call ``function`` on a fresh input and check, by value, that the input is still what it was."""
    p = case.build()
    before = copy.deepcopy(p)
    student.call(function, p, shown=case.shown(function))  # returning or raising: both are fine here
    after = plain(p)
    if not same(after, before):
        if case.arg == "p":
            tried = f"{function}(p)  # {NOTE_P}\np"
        else:
            note = f"  # {case.note}" if case.note else ""
            tried = f"q = {case.arg}{note}\n{function}(q)\nq"
        raise Mismatch(tried, show(before), said(f"de invoer is nu {show(after)}", f"the input is now {show(after)}"))


UNCHANGED_CASES = [
    pytest.param(LESSON_P, id="lesson-p"),
    pytest.param(Case("dict(reversed(list(p.items())))", lambda: dict(reversed(list(lesson.proposal().items())))),
                 id="reversed-order"),
    pytest.param(Case("{**p, 'approved': True}", lambda: {**lesson.proposal(), "approved": True}), id="extra-approved"),
    pytest.param(Case("{k: v for k, v in p.items() if k != 'arguments'}",
                      lambda: {k: v for k, v in lesson.proposal().items() if k != "arguments"}), id="missing-arguments"),
    pytest.param(with_arguments({"ticket": "lamp", "status": "done", "approved": True}), id="arguments-extra"),
    pytest.param(with_arguments({"ticket": "lamp"}), id="arguments-missing-status"),
    pytest.param(changed("version", True), id="version-true"),
    pytest.param(changed("call_id", "c1\n"), id="call-id-newline"),
    pytest.param(changed("ticket", "Lamp"), id="ticket-upper"),
    pytest.param(changed("status", " done "), id="status-spaces"),
    pytest.param(changed("status", ["open"]), id="status-list"),
]


@check(1, "V11", nl="De functie verandert haar invoer nooit, ook niet als die ongeldig is.",
       en="The function never changes its input, not even when it is invalid.",
       hint_nl="Lees de invoer alleen; verwijder, vervang of normaliseer er niets in.",
       hint_en="Only read the input; do not remove, replace or normalise anything in it.")
@pytest.mark.parametrize("case", UNCHANGED_CASES)
def test_v11_input_not_mutated(student, case):
    expect_input_unchanged(student, case)
