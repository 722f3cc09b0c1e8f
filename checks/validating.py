"""Inputs of the checkpoint-1 checks: a call of validate_ticket_proposal on a variant of the lesson's p."""

import copy
from typing import Callable, NamedTuple

from checks import lesson
from grader.battery import Call, said

VALIDATE = "validate_ticket_proposal"

# The tip for the lesson's p with an extra approved field, let through by a function that must validate it: that is
# too little validation (checkpoint 1's case extra-approved, V2), whatever the check around it is about.
EXTRA_FIELD_HINT = said("Een voorstel met een extra veld approved is ongeldig: valideer elk voorstel eerst met "
                        "validate_ticket_proposal, die precies de vijf velden toelaat.",
                        "A proposal with an extra field approved is invalid: validate every proposal first with "
                        "validate_ticket_proposal, which allows exactly the five fields.")


def expect_extra_field_refused(call: Call) -> None:
    """``call`` got the lesson's p with an extra approved field: it must raise ValueError; else a finding with the
    root cause of checkpoint 1's case ``extra-approved`` and :data:`EXTRA_FIELD_HINT`."""
    call.expect_value_error(cause="validation", case="extra-approved", hint=EXTRA_FIELD_HINT)

class Case(NamedTuple):
    """One input: the argument as the student sees it (Python code), a fresh-input builder, a note (after the
    call), a comment line above it."""

    arg: str
    build: Callable[[], object]
    note: str = ""
    above: str = ""

    def shown(self, function: str = VALIDATE) -> str:
        """The call as the report shows it, e.g. ``validate_ticket_proposal({**p, 'version': True})``."""
        call = f"{function}({self.arg})" + (f"  # {self.note}" if self.note else "")
        return f"# {self.above}\n{call}" if self.above else call


LESSON_P = Case("p", lesson.proposal)


def changed(field: str, value: object, note: str = "", shown: str | None = None) -> Case:
    """The lesson's p with one field replaced; ``ticket``/``status`` are replaced inside ``arguments``."""
    arg = lesson.variant(field, shown or lesson.literal(value))
    return Case(arg, lambda: lesson.proposal(**{field: copy.deepcopy(value)}), note)


def with_arguments(value: object, shown: str | None = None) -> Case:
    """The lesson's p with ``arguments`` replaced by ``value``."""
    return Case(f"{{**p, 'arguments': {shown or lesson.literal(value)}}}",
                lambda: {**lesson.proposal(), "arguments": copy.deepcopy(value)})


def _without(field: str) -> Case:
    return Case(f"{{k: v for k, v in p.items() if k != {field!r}}}",
                lambda: {k: v for k, v in lesson.proposal().items() if k != field})


# Invalid proposals a validation may be tempted to fill in, clean up or "repair" in the caller's object before it
# raises: a missing field read with setdefault, an extra one deleted, a value stripped, lowercased or converted. The
# input must stay as it was (V11; F5 and D20 inherit it, as proposal_fingerprint and dispatch_ticket validate).
REPAIRABLE = [
    ("extra-approved", Case("{**p, 'approved': True}", lambda: {**lesson.proposal(), "approved": True})),
    ("missing-arguments", _without("arguments")),
    ("arguments-extra", with_arguments({"ticket": "lamp", "status": "done", "approved": True})),
    ("arguments-missing-status", with_arguments({"ticket": "lamp"})),
    ("arguments-missing-ticket", with_arguments({"status": "done"})),
    ("missing-version", _without("version")),
    ("missing-actor", _without("actor")),
    ("extra-approved-none", Case("{**p, 'approved': None}", lambda: {**lesson.proposal(), "approved": None})),
    ("name-none", changed("name", None)),
    ("arguments-extra-none", with_arguments({"ticket": "lamp", "status": "done", "note": None})),
    ("version-true", changed("version", True)),
    ("call-id-newline", changed("call_id", "c1\n")),
    ("ticket-upper", changed("ticket", "Lamp")),
    ("status-spaces", changed("status", " done ")),
    ("status-list", changed("status", ["open"])),
]

# Proposals just beyond a limit of V3, V4, V6 and V7: a validation that "repairs" the field in the caller's proposal
# (cut to length, clamped, lowercased) before it raises has changed its input (V11, F5, D20 check these).
OVER_LIMITS = [
    ("call-id-41", changed("call_id", "c" * 41)),
    ("version-too-big", changed("version", 1000001)),
    ("ticket-33", changed("ticket", "l" * 33)),
    ("status-upper", changed("status", "Done")),
]


# A result of validate_ticket_proposal, made invalid by the host and handed back (V8; F4 and D5 inherit it).
OWN_RESULT_SCRIPT = "clean = validate_ticket_proposal(p)\nclean['arguments']['status'] = 'closed'"


def own_result_made_invalid(student, as_dict_only: bool = False) -> object | None:
    """validate_ticket_proposal(p)'s result with status 'closed' set in its ``arguments`` (through dict itself,
    so none of the submission's code runs), as :data:`OWN_RESULT_SCRIPT` shows it; None when the call raised
    or did not return a dict holding a dict of arguments (checkpoint 1's V8-V10 checks judge that).

    ``as_dict_only``: None as well when the result or its arguments is of a class of main.py's with its
    own ``__getitem__`` or ``__setitem__``, for which the script's assignment would not be what dict does
    (checkpoints 2 and 3 judge a result only where the script means what it says; CONTRACT.md A1).
    """
    first = student.call(VALIDATE, lesson.proposal(), shown=OWN_RESULT_SCRIPT)
    raw = first.value if first.error is None else None
    if not isinstance(raw, dict) or not isinstance(dict.get(raw, "arguments"), dict):
        return None
    if as_dict_only and any(getattr(type(held), name, None) is not getattr(dict, name)
                            for held in (raw, dict.get(raw, "arguments")) for name in ("__getitem__", "__setitem__")):
        return None
    dict.__setitem__(dict.get(raw, "arguments"), "status", lesson.fresh("closed"))
    return raw


def own_result_or_plain(student) -> tuple[object, str]:
    """(the proposal to hand to checkpoint 2's or 3's function, the script that made it): the result of
    :func:`own_result_made_invalid` (as_dict_only), or, when validate_ticket_proposal is missing or gave no
    such result, p with status 'closed' as a plain dict, so that the check still judges its own function."""
    clean = own_result_made_invalid(student, as_dict_only=True) if VALIDATE in student.functions else None
    if clean is not None:
        return clean, OWN_RESULT_SCRIPT
    return lesson.proposal(status="closed"), "clean = {**p, 'arguments': {'ticket': 'lamp', 'status': 'closed'}}"


def case_id(field: str) -> str:
    """The id prefix of a field, in the style of lesson.INVALID_PROPOSALS (``call-id-...``)."""
    return field.replace("_", "-")


GOOD_IDS = [  # (id suffix, value); each is tried as call_id, actor and name (V3)
    ("one-letter", "a"),
    ("one-capital", "Z"),
    ("40", "a" * 40),
    ("40-capitals", "A" * 40),
    ("underscore-hyphen", "a_-"),
    ("mixed", "x-1_Y"),
    ("letter-digit", "A9"),
    ("40-hyphens", "a" + "-" * 39),
    ("underscore-last", "c1_"),  # stripping a trailing _ (as padding) changes it
    ("word-approved", "approved"),  # a word the lesson uses as a field name is still a valid id
    *lesson.ID_CHARACTERS.items(),  # every character an ID may hold
]

# The valid edges of V3, V4 and V6 as (case id, Case): accepted by checkpoint 1, hashed by checkpoint 2, each also in
# its other forms of tool and status (checks/forms.py).
VALID_EDGES = {
    "V3": [(f"{case_id(field)}-{name}", changed(field, value))
           for field in ("call_id", "actor", "name") for name, value in GOOD_IDS],
    "V4": [(f"version-{v}", changed("version", v)) for v in (0, 1, 999999, 1000000)],
    "V6": [(f"ticket-{name}", changed("ticket", value)) for name, value in (
        ("one-letter", "a"), ("z", "z"), ("32", "l" * 32), ("digits", "a1"), ("hyphen-last", "a-"),
        ("mixed", "lamp-2b"), ("32-hyphens", "a" + "-" * 31),
        ("word-approved", "approved"),
        *lesson.TICKET_CHARACTERS.items())],  # every character a ticket may hold
}


# Proposals with one invalid field, each the first call of main.py loaded anew in checkpoints 1-3: a check that works
# from its second use on (a pattern or a set of statuses made on first use, and only made then) lets the field through
# when its first use is on the invalid value, and the battery's other first calls bring every field valid. A check of
# its own for the version's range (after its type), for a length (beside a pattern without one; each id field may
# have its own) or for the keys of arguments (a key set made on first use) is reached first by a value that passes the
# other checks: each has a case; so has a type check of the proposal or its arguments (a type learnt on first use).
FIRST_INVALID = {"call-id": changed("call_id", "1c"), "call-id-length": changed("call_id", "c" * 41),
                 "actor": changed("actor", "learner!"), "actor-length": changed("actor", "c" * 41),
                 "name": changed("name", "set.ticket"), "name-length": changed("name", "c" * 41),
                 "version": changed("version", True),
                 "version-range": changed("version", 1000001), "ticket-length": changed("ticket", "l" * 33),
                 "arguments": with_arguments({"ticket": "lamp", "status": "done", "approved": True}),
                 "arguments-none": with_arguments(None), "proposal-none": Case("None", lambda: None),
                 "ticket": changed("ticket", "Lamp"), "status": changed("status", "closed")}
# The case of checkpoint 1's own checks that each FIRST_INVALID case tries again, or with a trailing - a field's cases
# (grader.battery.Call.expect_value_error's repeats).
FIRST_REPEATS = {**{field: f"{field.removesuffix('-range').removesuffix('-length')}-" for field in FIRST_INVALID},
                 "arguments-none": "arguments-none", "proposal-none": "none"}

