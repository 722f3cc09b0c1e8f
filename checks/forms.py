"""The forms of tool and status a proposal of the checks is also tried in (CONTRACT.md V2-V7, V12, F4, D5, D6).

The checks' proposals are the lesson's p with one field changed: tool ``set_ticket``, status ``'done'``.
Validation does not depend on the tool or the status, so each is tried with the tool ``delete_ticket``,
the status ``'open'`` or both as well: a rule of a function's own for one tool, one status or one pair of
them (set_ticket with 'open', another tool with 'done') shows in that form only.
"""

from __future__ import annotations

from checks.validating import Case
from grader.battery import note

# The helper's name in the tried code, in the report's language (a case's id never holds it).
DISGUISE_NAME = note("vermom", "disguise")
_SHORTHAND = note("(een afkorting van de grader, geen functie die je schrijft)",
                  "(the grader's shorthand, not a function you write)")
DISGUISE = note("vermom(q) staat voor q met name 'delete_ticket' en status 'open'",
                "disguise(q) stands for q with name 'delete_ticket' and status 'open'") + " " + _SHORTHAND
# A form that changes one of the two: (rename, reopen) -> (its argument in the tried code, the comment above it)
_HALVES = {
    (True, False): ("name='delete_ticket'",
                    note("vermom(q, name='delete_ticket') staat voor q met die name",
                         "disguise(q, name='delete_ticket') stands for q with that name") + " " + _SHORTHAND),
    (False, True): ("status='open'",
                    note("vermom(q, status='open') staat voor q met die status",
                         "disguise(q, status='open') stands for q with that status") + " " + _SHORTHAND),
}


def _changeable(case: Case) -> tuple[bool, bool]:
    """(whether its name is still 'set_ticket', whether its status is still 'done'): what :func:`_reformed` may change."""
    built = case.build()
    if type(built) is not dict:
        return False, False
    return (built.get("name") == "set_ticket",
            type(built.get("arguments")) is dict and built["arguments"].get("status") == "done")


def _reformed(case: Case, rename: bool, reopen: bool) -> Case:
    """``case`` with the tool name ``delete_ticket`` (``rename``) and the status ``'open'`` (``reopen``); the caller
    asks only for changes :func:`_changeable` allows, at least one."""
    def build() -> dict:
        value = case.build()
        if rename:
            value["name"] = "delete_ticket"
        if reopen:
            value["arguments"] = {key: "open" if key == "status" else item for key, item in value["arguments"].items()}
        return value
    if rename and reopen:
        return Case(f"{DISGUISE_NAME}({case.arg})", build, case.note, DISGUISE)
    shown, above = _HALVES[(rename, reopen)]
    return Case(f"{DISGUISE_NAME}({case.arg}, {shown})", build, case.note, above)


def disguised(case: Case) -> Case | None:
    """``case`` with the tool name ``delete_ticket`` and the status ``'open'`` where those are still the
    lesson's: a proposal is invalid whatever its tool and status (V2-V7 hold for every proposal; the
    dispatcher's tool check comes after validation, D6). None when neither can change (not a dict,
    or the name or status is what makes it invalid)."""
    rename, reopen = _changeable(case)
    return _reformed(case, rename, reopen) if rename or reopen else None


def other_forms(case: Case) -> list[Case]:
    """``case`` in every other form of tool and status it can take: :func:`disguised` first, then, when it can
    take both changes, only renamed (``delete_ticket`` with 'done') and only reopened (``set_ticket`` with 'open').
    Empty when :func:`disguised` is None."""
    rename, reopen = _changeable(case)
    if not (rename or reopen):
        return []
    mixed = [_reformed(case, True, False), _reformed(case, False, True)] if rename and reopen else []
    return [_reformed(case, rename, reopen)] + mixed
