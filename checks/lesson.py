"""Inputs the checks build: the lesson's proposal and host state, and the trusted fingerprint H(p)."""

from __future__ import annotations

import collections
import copy
import enum
import hashlib
import json

from grader.battery import note


def fresh(value: object) -> object:
    """A copy of the trusted value ``value`` in which every str and int is a new object.

    The checks' literals are constants, one shared object per value, and so are the literals
    of a submission: comparing with ``is`` instead of ``==`` would pass by that accident. A
    host's values are made at run time (read from JSON, typed in), so the checks hand over
    new objects (CONTRACT.md V7, D8, D9, D11 compare values). Strs of one character and ints
    from -5 to 256 are shared by Python itself. Containers are copied; other values are kept, and
    so are dict keys (a dict finds its keys by equality, whoever compares them).
    """
    kind = type(value)
    if kind is str:
        return value[:1] + value[1:] if len(value) > 1 else value  # a concatenation is a new str
    if kind is int:
        return value if -5 <= value <= 256 else (value + 1) - 1
    if kind is dict:
        return {key: fresh(item) for key, item in value.items()}
    if kind is collections.defaultdict:
        return collections.defaultdict(value.default_factory, {key: fresh(item) for key, item in value.items()})
    if kind in (list, tuple, set, frozenset):
        return kind(fresh(item) for item in value)
    return value


def proposal(**changes: object) -> dict:
    """A fresh copy of the lesson's proposal p (lesson §1), with top-level fields replaced.

    ``ticket=`` and ``status=`` replace fields inside ``arguments``. Every str and int in it
    is a new object (:func:`fresh`).
    """
    arguments = {"ticket": changes.pop("ticket", "lamp"), "status": changes.pop("status", "done")}
    base = {"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0, "arguments": arguments}
    base.update(changes)
    return fresh(base)


def state(version: int = 0, **tickets: str) -> dict:
    """A fresh host state (lesson §3): lamp and sensor open unless ``tickets`` are given (:func:`fresh`)."""
    return fresh({"version": version, "tickets": dict(tickets) if tickets else {"lamp": "open", "sensor": "open"}})


def fingerprint(p: dict) -> str:
    """H(p): SHA-256 hex of the canonical JSON of ``p`` (CONTRACT.md F1), computed by trusted code."""
    encoded = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(encoded.encode("ascii")).hexdigest()


def literal(value: object) -> str:
    """Python code for ``value``; non-ASCII characters are escaped so look-alikes stay visible."""
    if type(value) is float and value in (float("inf"), float("-inf")):
        return f"float({str(value)!r})"
    if isinstance(value, str) and len(value) > 12 and len(set(value[1:])) == 1:
        if value[0] == value[1]:
            return f"{value[0]!r} * {len(value)}"
        return f"{value[0]!r} + {value[1]!r} * {len(value) - 1}"
    return ascii(value)


def variant(field: str, code: str) -> str:
    """The code of p with one field set to ``code``: ``{**p, 'version': True}``; ticket/status inside arguments."""
    if field == "ticket":
        return f"{{**p, 'arguments': {{'ticket': {code}, 'status': 'done'}}}}"
    if field == "status":
        return f"{{**p, 'arguments': {{'ticket': 'lamp', 'status': {code}}}}}"
    return f"{{**p, {field!r}: {code}}}"


def _changed(case: str, field: str, value: object, remark: str = "") -> tuple:
    return (case, variant(field, literal(value)), lambda: proposal(**{field: copy.deepcopy(value)}), remark)


def _without(case: str, field: str) -> tuple:
    return (case, f"{{k: v for k, v in p.items() if k != {field!r}}}",
            lambda: {k: v for k, v in proposal().items() if k != field}, "")


def _arguments(case: str, value: object) -> tuple:
    return (case, f"{{**p, 'arguments': {literal(value)}}}", lambda: {**proposal(), "arguments": copy.deepcopy(value)}, "")


KELVIN = note("Kelvin-teken U+212A, geen K", "Kelvin sign U+212A, not a K")


# A host's own value types: a StrEnum of statuses and an IntEnum of versions. Their members are a str and an int
# (CONTRACT.md A2, A5 leave open whether to accept them); json.dumps writes them as the plain str and int, so an
# accepted proposal holding one has the fingerprint of p itself (F1).
class Status(enum.StrEnum):
    OPEN = "open"
    DONE = "done"


class Version(enum.IntEnum):
    FIRST = 0


SUBCLASS_TYPES = "# class Status(enum.StrEnum): OPEN = 'open'; DONE = 'done'\n# class Version(enum.IntEnum): FIRST = 0"
# Proposals equal to p with such a member as a value: case id -> (the proposal as code, builder).
SUBCLASSED = {
    "status-strenum": ("{**p, 'arguments': {'ticket': 'lamp', 'status': Status.DONE}}",
                       lambda: proposal(status=Status.DONE)),
    "version-intenum": ("{**p, 'version': Version.FIRST}", lambda: proposal(version=Version.FIRST)),
}

# Two valid IDs (V3) that between them hold every character an ID may, and two valid tickets (V6) that hold every
# character a ticket may, each under its case id: a pattern whose character class misses one ([1-9] for the digits)
# refuses one of them.
ID_CHARACTERS = {"letters-a-to-N": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN",
                 "letters-O-to-Z-digits": "OPQRSTUVWXYZ0123456789_-"}
TICKET_CHARACTERS = {"letters-digits-0-to-5": "abcdefghijklmnopqrstuvwxyz012345", "digits-6-to-9-hyphen": "a6789-"}

# Proposals that V1-V7 refuse, as (case id, the argument as Python code, builder, note). Checkpoint 1
# checks each one; checkpoints 2 and 3 inherit them (CONTRACT.md F4, D5, "Grading policy").
# The builders return fresh objects on every call.
INVALID_PROPOSALS: list[tuple[str, str, object, str]] = [
    ("none", "None", lambda: None, ""),
    ("list", "list(p.items())", lambda: list(proposal().items()), note("een lijst, geen dict", "a list, not a dict")),
    ("str", "'c1'", lambda: "c1", ""),
    ("extra-approved", "{**p, 'approved': True}", lambda: {**proposal(), "approved": True}, ""),
    _without("missing-version", "version"),
    _without("missing-arguments", "arguments"),
    _changed("call-id-empty", "call_id", ""),
    _changed("call-id-digit-first", "call_id", "1c"),
    _changed("call-id-underscore-first", "call_id", "_c1"),
    _changed("call-id-41", "call_id", "c" * 41),
    _changed("call-id-newline", "call_id", "c1\n"),
    _changed("call-id-space", "call_id", "c 1"),
    _changed("call-id-int", "call_id", 1),
    _changed("call-id-bracket", "call_id", "c[1"),  # between Z and a in ASCII: a range [A-z] lets it in
    _changed("actor-backtick", "actor", "learner`"),
    _changed("actor-accent", "actor", "l\u00e9arner", note("\\xe9 is é", "\\xe9 is é")),
    _changed("actor-kelvin", "actor", "\u212a", KELVIN),
    _changed("actor-arabic-digit", "actor", "a\u0661", note("Arabisch-Indisch cijfer 1", "Arabic-Indic digit 1")),
    _changed("name-dot", "name", "set.ticket"),
    _changed("name-none", "name", None),
    _changed("version-true", "version", True),
    _changed("version-false", "version", False),
    _changed("version-float", "version", 1.0),
    _changed("version-negative", "version", -1),
    _changed("version-too-big", "version", 1000001),
    _changed("version-str", "version", "0"),
    _arguments("arguments-list", ["lamp", "done"]),
    _arguments("arguments-none", None),
    _arguments("arguments-extra", {"ticket": "lamp", "status": "done", "approved": True}),
    _arguments("arguments-missing-status", {"ticket": "lamp"}),
    _changed("ticket-upper", "ticket", "Lamp"),
    _changed("ticket-underscore", "ticket", "lamp_1"),
    _changed("ticket-33", "ticket", "l" * 33),
    _changed("ticket-newline", "ticket", "lamp\n"),
    _changed("ticket-int", "ticket", 7),
    _changed("ticket-superscript-digit", "ticket", "l\u00b2"),
    _changed("ticket-arabic-digit", "ticket", "l\u0661"),
    _changed("status-closed", "status", "closed"),
    _changed("status-upper", "status", "Done"),
    _changed("status-space", "status", "done "),
    _changed("status-none", "status", None),
    _changed("status-true", "status", True),
    _changed("status-list", "status", ["open"], note("onhashbaar", "unhashable")),
    _changed("status-bytes", "status", b"done"),
]


# The script's first line in a check that runs on main.py loaded anew (grader.battery.check ``fresh``), after
# every other check (``last``), or both: loaded anew a year on, with every clock main.py reads moved on from the start.
LOADED = "# " + note("main.py is net geladen: dit zijn de eerste aanroepen", "main.py was just loaded: these are the first calls")
AFTER_ALL = "# " + note("na alle andere controles van de grader", "after every other check of the grader")
LOADED_LATER = "# " + note("main.py opnieuw geladen, de klok een jaar verder: dit zijn de eerste aanroepen",
                           "main.py loaded anew, the clock a year ahead: these are the first calls")
