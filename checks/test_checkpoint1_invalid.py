"""Checkpoint 1: validate_ticket_proposal refuses every invalid proposal with ValueError (CONTRACT.md V1-V7, G2)."""

import pytest

from checks import lesson
from checks.validating import VALIDATE, Case, case_id, changed, with_arguments
from grader.battery import check, note

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
    cases = [(name, Case(shown, build, remark)) for name, shown, build, remark in lesson.INVALID_PROPOSALS
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


LONG_S = note("lange s U+017F, geen s", "long s U+017F, not an s")
ARABIC_DIGIT = note("Arabisch-Indisch cijfer 1", "Arabic-Indic digit 1")

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
    # The characters between Z and a in ASCII ([ \ ] ^ _ `): a range written [A-z] lets them in.
    ("bracket", "c[1", ""),
    ("bracket-first", "[c1", ""),
    ("caret", "c^", ""),
    ("backtick", "c`", ""),
    ("backslash", "c\\1", ""),
    ("accent", "caf\u00e9", "\u00e9"),
    ("kelvin", "\u212a", lesson.KELVIN),
    ("kelvin-second", "a\u212a", lesson.KELVIN),
    ("long-s", "\u017fet", LONG_S),
    ("superscript-two", "a\u00b2", "superscript 2"),
    ("arabic-indic-digit", "a\u0661", ARABIC_DIGIT),
    ("full-width-first", "\uff41bc", note("volle breedte a", "full-width a")),
    ("full-width-digit", "a\uff11", note("volle breedte 1", "full-width 1")),
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
    ("ticket-upper-inside", changed("ticket", "lAmp")),
    ("ticket-upper-after-hyphen", changed("ticket", "lamp-X")),
    ("ticket-accent", changed("ticket", "l\u00e4mp", "\u00e4")),
    ("ticket-kelvin", changed("ticket", "a\u212a", lesson.KELVIN)),
    ("ticket-long-s", changed("ticket", "a\u017f", LONG_S)),
    ("ticket-superscript-two", changed("ticket", "a\u00b2", "superscript 2")),
    ("ticket-arabic-indic-digit", changed("ticket", "a\u0661", ARABIC_DIGIT)),
    ("ticket-full-width", changed("ticket", "\uff4camp", note("volle breedte l", "full-width l"))),
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
OTHER_CASES = [pytest.param(Case(shown, build, remark), id=name) for name, shown, build, remark in lesson.INVALID_PROPOSALS
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
