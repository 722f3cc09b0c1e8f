"""Every invalid proposal that checkpoint 1 checks, one list per clause (CONTRACT.md V1-V7, G2).

Checkpoint 1 checks each case on its own (checks/test_checkpoint1_invalid.py). Checkpoints 2 and 3
inherit them all (F4, D5, "Grading policy"): the lesson's cases (lesson.INVALID_PROPOSALS) each have
a check of their own there too, and one check per clause loops over the clause's other cases
(:func:`inherited`, :func:`expect_all_refused`), so that the whole list costs a handful of checks.
"""

from __future__ import annotations

import functools
import json
from collections import OrderedDict, UserString, defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import PurePosixPath
from types import MappingProxyType
from typing import Callable

from checks import lesson
from checks.forms import disguised, other_forms
from checks.validating import Case, case_id, changed, with_arguments
from grader.battery import Call, Mismatch, note, said

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


def refused(clause: str, extra: list[tuple[str, Case]]) -> list[tuple[str, Case]]:
    """(id, Case) pairs of one clause: its lesson cases, then the new ``extra`` pairs."""
    cases = [(name, Case(shown, build, remark)) for name, shown, build, remark in lesson.INVALID_PROPOSALS
             if _lesson_clause(name) == clause]
    kept, names = [], set()
    for name, case in cases + extra:
        key = repr(case.build())
        if key in _SEEN or name in names:
            continue
        _SEEN.add(key)
        names.add(name)
        kept.append((name, case))
    return kept


def _renamed(old: str, new: str) -> Case:
    """The lesson's p with the field ``old`` under the name ``new`` (same place, same value)."""
    return Case(f"{{({new!r} if k == {old!r} else k): v for k, v in p.items()}}",
                lambda: {(new if k == old else k): v for k, v in lesson.proposal().items()})


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
    # A space before or after the id: stripping spaces (strip(" ")) before the check lets these in.
    ("leading-space", " c1", ""),
    ("trailing-space", "c1 ", ""),
    ("dot", "c.1", ""),
    ("exclamation", "c1!", ""),
    # The characters between Z and a in ASCII ([ \ ] ^ _ `): a range written [A-z] lets them in.
    ("bracket", "c[1", ""),
    ("bracket-first", "[c1", ""),
    # The ASCII neighbours of A-Z and a-z ('@' before A, '`' before a, '{' after z) as the first character: a
    # first-character test written as a comparison ('@' <= c <= 'Z') one character too wide lets one in.
    ("at-first", "@c1", ""),
    ("backtick-first", "`c1", ""),
    ("brace-first", "{c1", ""),
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
    # A sequence of one-character strings: a check done character by character, with no str check, lets it in.
    ("char-tuple", ("c", "1"), note("een tuple van tekens, geen str", "a tuple of characters, not a str")),
]
# Every other printable ASCII character inside an ID: a character class with one character too many (':' for a
# namespace, '@' for an address, '/' for a path) lets that one in. Ids such as "char-3a" name it by its hex code.
OTHER_ASCII = [chr(code) for code in range(0x20, 0x7F) if not chr(code).isalnum()]
# ASCII control characters (NUL, ESC, DEL) are no punctuation and no white space: a check that refuses those (a list
# of forbidden characters) instead of allowing only letters, digits, _ and - lets them in.
CONTROLS = ["\x00", "\x1b", "\x7f"]
BAD_IDS += [(f"char-{ord(char):02x}", f"c{char}1", "") for char in OTHER_ASCII + CONTROLS if char not in "_-"]

CLAUSES: dict[str, list[tuple[str, Case]]] = {}

CLAUSES["V1"] = refused("V1", [
    ("int", Case("0", lambda: 0)),
    ("bool", Case("True", lambda: True)),
    ("set-of-field-names", Case("set(p)", lambda: set(lesson.proposal()))),
    ("list-of-field-names", Case("list(p)", lambda: list(lesson.proposal()))),
    ("tuple-of-items", Case("tuple(p.items())", lambda: tuple(lesson.proposal().items()))),
    # The text of a valid proposal is still text, not a dictionary.
    ("json-text", Case("json.dumps(p)", lambda: json.dumps(lesson.proposal()))),
    ("repr-text", Case("repr(p)", lambda: repr(lesson.proposal()))),
    # copy.deepcopy cannot copy a view: a copy made before the checks raises TypeError (G2).
    ("keys-view", Case("p.keys()", lambda: lesson.proposal().keys())),
])

CLAUSES["V2"] = refused("V2", [
    ("empty-dict", Case("{}", lambda: {})),
    *[(f"missing-{case_id(f)}", Case(f"{{k: v for k, v in p.items() if k != {f!r}}}",
                                     lambda f=f: {k: v for k, v in lesson.proposal().items() if k != f}))
      for f in ("call_id", "actor", "name", "version", "arguments")],
    ("extra-approved-false", Case("{**p, 'approved': False}", lambda: {**lesson.proposal(), "approved": False})),
    # An extra field is extra whatever its value, None included.
    ("extra-approved-none", Case("{**p, 'approved': None}", lambda: {**lesson.proposal(), "approved": None})),
    ("extra-fingerprint", Case("{**p, 'fingerprint': 'abc'}", lambda: {**lesson.proposal(), "fingerprint": "abc"})),
    ("extra-int-key", Case("{**p, 1: 'x'}", lambda: {**lesson.proposal(), 1: "x"})),
    ("renamed-key", _renamed("call_id", "callid")),
    ("renamed-arguments", _renamed("arguments", "Arguments")),
    ("renamed-name", _renamed("name", "tool")),
    # Optional metadata is no field either: a list of tolerated extra names lets these in.
    *[(f"extra-{key}", Case(f"{{**p, {key!r}: 'x'}}", lambda key=key: {**lesson.proposal(), key: "x"}))
      for key in ("reason", "comment", "note", "description", "timestamp", "id", "type", "metadata")],
    # Field names are exact: no case folding, no stripping.
    ("key-capitalised", _renamed("call_id", "Call_ID")),
    ("key-upper", _renamed("version", "VERSION")),
    ("key-trailing-space", _renamed("actor", "actor ")),
    # Another kind of mapping may be refused or accepted (A1); accepted, its field names are checked like a dict's.
    ("ordered-dict-extra-approved", Case("collections.OrderedDict({**p, 'approved': True})",
                                         lambda: OrderedDict({**lesson.proposal(), "approved": True}))),
    ("read-only-extra-note", Case("types.MappingProxyType({**p, 'note': 'x'})",
                                  lambda: MappingProxyType({**lesson.proposal(), "note": "x"}))),
    # A defaultdict (a dict, A1) makes a missing field when it is read: reading the fields before checking the keys
    # (a KeyError for a missing one) finds version 0 here.
    ("defaultdict-missing-version", Case("collections.defaultdict(int, {k: v for k, v in p.items() if k != 'version'})",
                                         lambda: defaultdict(int, {k: v for k, v in lesson.proposal().items()
                                                                   if k != "version"}))),
])

CLAUSES["V3"] = refused("V3", [
    *[(f"{case_id(field)}-{name}", changed(field, value, note))
      for field in ("call_id", "actor", "name") for name, value, note in BAD_IDS],
    # No str, though str() and repr() of it are those of p's 'c1': a check or a memory keyed by either lets it in.
    ("call-id-userstring", changed("call_id", UserString("c1"), shown="collections.UserString('c1')")),
])

CLAUSES["V4"] = refused("V4", [
    ("version-none", changed("version", None)),
    ("version-float-zero", changed("version", 0.0)),
    ("version-float-million", changed("version", 1000000.0)),
    ("version-huge", changed("version", 10**20)),
    ("version-str-one", changed("version", "1")),
    # Whole numbers that are no int: a check that only excludes bool, float and str lets them in (and json
    # cannot encode them: proposal_fingerprint would raise TypeError).
    ("version-decimal", changed("version", Decimal(3), shown="Decimal(3)")),
    ("version-fraction", changed("version", Fraction(3), shown="Fraction(3)")),
])

CLAUSES["V5"] = refused("V5", [
    ("arguments-str", with_arguments("lamp")),
    ("arguments-tuple", with_arguments((("ticket", "lamp"), ("status", "done")))),
    ("arguments-key-list", with_arguments(["ticket", "status"])),
    ("arguments-key-set", with_arguments({"ticket", "status"}, "{'ticket', 'status'}")),
    ("arguments-empty", with_arguments({})),
    ("arguments-missing-ticket", with_arguments({"status": "done"})),
    ("arguments-renamed", with_arguments({"ticket": "lamp", "state": "done"})),
    ("arguments-extra-other", with_arguments({"ticket": "lamp", "status": "done", "note": "x"})),
    ("arguments-extra-none", with_arguments({"ticket": "lamp", "status": "done", "approved": None})),
    ("arguments-extra-int-key", with_arguments({"ticket": "lamp", "status": "done", 1: "x"})),
    ("arguments-key-capitalised", with_arguments({"Ticket": "lamp", "status": "done"})),
    *[(f"arguments-extra-{key}", with_arguments({"ticket": "lamp", "status": "done", key: "x"}))
      for key in ("reason", "comment", "priority", "assignee")],
    ("arguments-json-text", Case("{**p, 'arguments': json.dumps(p['arguments'])}",
                                 lambda: {**lesson.proposal(), "arguments": json.dumps(lesson.proposal()["arguments"])})),
    # Another kind of mapping (A1): refused, or its keys checked like a dict's.
    ("arguments-ordered-dict-extra", with_arguments(OrderedDict(ticket="lamp", status="done", note="x"),
                                                    "collections.OrderedDict(ticket='lamp', status='done', note='x')")),
    ("arguments-read-only-extra", Case("{**p, 'arguments': types.MappingProxyType({**p['arguments'], 'note': 'x'})}",
                                       lambda: {**lesson.proposal(),
                                                "arguments": MappingProxyType({"ticket": "lamp", "status": "done",
                                                                               "note": "x"})})),
    ("arguments-defaultdict-missing-status", with_arguments(defaultdict(lambda: "done", ticket="lamp"),
                                                            "collections.defaultdict(lambda: 'done', ticket='lamp')")),
])

CLAUSES["V6"] = refused("V6", [
    ("ticket-empty", changed("ticket", "")),
    ("ticket-digit-first", changed("ticket", "1lamp")),
    ("ticket-hyphen-first", changed("ticket", "-lamp")),
    # The first character is a lowercase letter: a first-character class [a-z_] (an identifier's) lets this in.
    ("ticket-underscore-first", changed("ticket", "_lamp")),
    # The ASCII neighbours of a-z as the first character: a comparison one character too wide ('`' <= c) lets one in.
    ("ticket-backtick-first", changed("ticket", "`lamp")),
    ("ticket-brace-first", changed("ticket", "{lamp")),
    ("ticket-all-upper", changed("ticket", "LAMP")),
    ("ticket-exclamation", changed("ticket", "lamp!")),
    ("ticket-space", changed("ticket", "la mp")),
    ("ticket-leading-space", changed("ticket", " lamp")),
    ("ticket-trailing-space", changed("ticket", "lamp ")),
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
    ("ticket-float-inf", changed("ticket", float("inf"), shown="float('inf')")),  # str(float('inf')) is 'inf'
    ("ticket-char-tuple", changed("ticket", tuple("lamp"), shown="tuple('lamp')")),  # checked char by char: no str
    *[(f"ticket-char-{ord(char):02x}", changed("ticket", f"la{char}mp")) for char in OTHER_ASCII + CONTROLS
      if char != "-"],
])

CLAUSES["V7"] = refused("V7", [
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
    ("status-keys-view", Case("{**p, 'arguments': {'ticket': 'lamp', 'status': {'done': 1}.keys()}}",
                              lambda: lesson.proposal(status={"done": 1}.keys()))),
    # Statuses of other ticket systems: a longer list of allowed statuses lets them in.
    *[(f"status-{value}", changed("status", value)) for value in ("in-progress", "todo", "pending", "resolved")],
    # A valid status behind a hyphen: checking f'{ticket}-{status}' as one text reads 're-' as part of the ticket.
    ("status-re-open", changed("status", "re-open")),
    # No str and not equal to 'done', though str() of it is: a check on str(status) lets it in.
    ("status-path", changed("status", PurePosixPath("done"), shown="pathlib.PurePosixPath('done')")),
])

CLAUSES["G2"] = refused("G2", [
    (f"{case_id(field)}-{kind}", changed(field, value, shown=code))
    for field, good in (("call_id", "c1"), ("actor", "learner"), ("name", "set_ticket"),
                        ("version", 0), ("ticket", "lamp"))
    for kind, value, code in (("list", [good], f"[{good!r}]"), ("dict", {good: good}, f"{{{good!r}: {good!r}}}"))
])

# Lesson cases that no clause above claims (none today; a safety net for cases added later).
OTHER = "V1-V7"
_OTHER_CASES = [(name, Case(shown, build, remark)) for name, shown, build, remark in lesson.INVALID_PROPOSALS
                if _lesson_clause(name) is None]
if _OTHER_CASES:
    CLAUSES[OTHER] = _OTHER_CASES

_LESSON_NAMES = frozenset(case[0] for case in lesson.INVALID_PROPOSALS)

# What a student reads of a clause: the rule in words and a case label (students have the lesson, not the
# contract's clause numbers; the instructor's outputs keep the clause of each check).
RULES = {"V1": ("geen dictionary", "not a dict"), "V2": ("de velden", "the fields"),
         "V3": ("call_id, actor of name", "call_id, actor or name"), "V4": ("version", "version"),
         "V5": ("arguments", "arguments"), "V6": ("ticket", "ticket"), "V7": ("status", "status"),
         "G2": ("het type van een veld", "the type of a field"), OTHER: ("de regels", "the rules")}
CASE_LABELS = {"V1": "not-a-dict", "V2": "fields", "V3": "ids", "V4": "version", "V5": "arguments",
               "V6": "ticket", "V7": "status", "G2": "types", OTHER: "other"}


def case_label(clause: str) -> str:
    """The case label (pytest id) of a check parametrized by ``clause`` (a key of :data:`CLAUSES`)."""
    return CASE_LABELS.get(clause, clause)


def where(number: int, count: int, clause: str, name: str) -> str:
    """The comment heading the code of invalid proposal ``number`` of ``count`` of ``clause`` (checkpoint 1's
    case ``name``), in the report's language (grader.battery.note)."""
    rule_nl, rule_en = RULES.get(clause, (clause, clause))
    return note(f"ongeldig voorstel {number} van {count} ({rule_nl}; in checkpoint 1: {name})",
                f"invalid proposal {number} of {count} ({rule_en}; in checkpoint 1: {name})")


@functools.lru_cache(maxsize=None)  # made once per process: deciding what to disguise builds every case
def inherited(clause: str) -> tuple[tuple[str, Case], ...]:
    """The cases of ``clause`` that checkpoints 2 and 3 check in one loop: all but the lesson's own, each
    :func:`disguised` where it can be (checkpoint 1 checks both forms; a check made only for set_ticket or
    only for 'done' is a validation of another kind).

    The lesson's cases (lesson.INVALID_PROPOSALS) have a check of their own in checkpoints 2 and 3.
    """
    return tuple((name, disguised(case) or case) for name, case in CLAUSES[clause] if name not in _LESSON_NAMES)


@functools.lru_cache(maxsize=None)
def in_both_forms(clause: str) -> tuple[tuple[str, Case], ...]:
    """:func:`inherited`'s cases, then those it disguised once more as checkpoint 1 has them (set_ticket, 'done').

    A proposal_fingerprint or dispatch_ticket with rules of its own for set_ticket or for 'done' proposals sends
    every disguised case through validate_ticket_proposal and still takes an invalid set_ticket proposal (checkpoint
    3 also tries the plain forms from another host actor and under a known call id, but not as a new call).
    """
    plain = tuple((name, case) for name, case in CLAUSES[clause] if name not in _LESSON_NAMES and disguised(case))
    return inherited(clause) + plain


@functools.lru_cache(maxsize=None)
def in_every_form(clause: str) -> tuple[tuple[str, Case], ...]:
    """:func:`in_both_forms`'s cases, then those that can take both changes in the two mixed forms of
    :func:`checks.forms.other_forms` (delete_ticket with 'done', set_ticket with 'open'): a rule of its own for
    one pair of tool and status lets an invalid proposal through in that pair's form only."""
    mixed = tuple((name, form) for name, case in CLAUSES[clause] if name not in _LESSON_NAMES
                  for form in other_forms(case)[1:])
    return in_both_forms(clause) + mixed


# The clauses with cases for those loops, in battery order.
INHERITED = [clause for clause in CLAUSES if inherited(clause)]


def expect_all_refused(clause: str, attempt: Callable[[Case], Call],
                       cases_of: Callable[[str], tuple[tuple[str, Case], ...]] = inherited) -> None:
    """Pass when ``attempt(case)`` raised a ``ValueError`` for every case of ``clause`` that ``cases_of`` gives
    (:func:`inherited` or :func:`in_both_forms`).

    ``attempt`` makes one call of checkpoint 2's or 3's function on a fresh input built by the
    case. The first call that does not raise ValueError is the finding, with its case and clause
    named and the root cause "validation" (checkpoint 1's rules; the reports name it).
    """
    cases = cases_of(clause)
    for number, (name, case) in enumerate(cases, 1):
        call = attempt(case)
        if not isinstance(call.error, ValueError):
            rule_nl, rule_en = RULES.get(clause, (clause, clause))
            raise Mismatch(f"# {where(number, len(cases), clause, name)}\n{call.shown}",
                           said(f"ValueError: checkpoint 1 weigert dit voorstel ({rule_nl})",
                                f"ValueError: checkpoint 1 refuses this proposal ({rule_en})"),
                           call.got(), cause="validation", case=name)
