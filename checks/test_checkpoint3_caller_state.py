"""Checkpoint 3: the state of a caller that shares none of the lesson's values (checks/callers.py; CONTRACT.md D3).

The D3 checks of test_checkpoint3_arguments.py build every invalid state around lamp at version 0 with at most three
tickets. Here each invalid state is the other caller's own (other tickets, a fourth one for an invalid key, version
5) in a call that a valid state would carry out: a rule checked only for states that hold lamp, a small
version or a few tickets fails.
"""

import pytest

from checks import callers, invalid, lesson
from checks.dispatching import H, Scene
from grader.battery import Mismatch, check, note, said

OTHER = callers.OTHER
TICKETS = OTHER.tickets  # pump, valve-3, fan at version 5
MORE = {f"t{i}": "open" for i in range(1, 18 - len(TICKETS))}  # with TICKETS: 17 tickets, one too many

# (case id, state): the shape, the version and the number of tickets wrong
SHAPES = [
    ("extra-key", {"version": OTHER.version, "tickets": TICKETS, "owner": OTHER.host}),
    ("no-version", {"tickets": TICKETS}),
    ("no-tickets", {"version": OTHER.version}),
    *[(f"version-{name}", {"version": value, "tickets": TICKETS})
      for name, value in [("1000002", 1000002), ("negative", -OTHER.version), ("str", str(OTHER.version)),
                          ("float", float(OTHER.version)), ("none", None)]],
    ("tickets-empty", {"version": OTHER.version, "tickets": {}}),
    ("tickets-17", {"version": OTHER.version, "tickets": {**TICKETS, **MORE}}),
    ("tickets-list", {"version": OTHER.version, "tickets": list(TICKETS.items())}),
]


def _pairs(clause: str, field: str, place: str) -> list[tuple[str, dict, str, str, str]]:
    """(case id, state, state as code, note, clause) for every ``field`` value that checkpoint 1 refuses under
    ``clause``, put in the other caller's tickets: as a key after them (``place`` 'key') or as the status of the
    middle one (``place`` 'value')."""
    cases = []
    for name, case in invalid.CLAUSES[clause]:
        value = case.build()["arguments"][field]
        if place == "key":
            tickets, shown = {**TICKETS, value: "open"}, f"**TICKETS, {lesson.literal(value)}: 'open'"
        else:
            tickets, shown = {**TICKETS, "valve-3": value}, f"**TICKETS, 'valve-3': {lesson.literal(value)}"
        cases.append((name, {"version": OTHER.version, "tickets": tickets},
                      f"{{'version': {OTHER.version}, 'tickets': {{{shown}}}}}", case.note, clause))
    return cases


PARTS = {  # part -> (the invalid states, what is wrong in them)
    "shape": ([(name, value, lesson.literal(value), "", "D3") for name, value in SHAPES], ("", "")),
    # An invalid key after the three valid tickets, an invalid status for the middle one.
    "key": (_pairs("V6", "ticket", "key"), ("deze sleutel is geen geldig ticket", "this key is not a valid ticket")),
    "value": (_pairs("V7", "status", "value"),
              ("deze waarde is geen geldige status", "this value is not a valid status")),
}


@check(3, "D3", nl="Ook een state zonder lamp, met vier tickets of op versie 5 wordt helemaal gecontroleerd: elke "
       "ongeldige state geeft een ValueError, welk ticket, hoeveel tickets of welke versie hij ook bevat.",
       en="A state without lamp, with four tickets or at version 5 is checked in full too: every invalid state raises "
       "a ValueError, whatever ticket, number of tickets or version it holds.",
       hint_nl="Controleer sleutels, versie en elk ticketpaar van state altijd op dezelfde manier, niet alleen voor "
               "de tickets, het aantal of de versies die je in de les zag.",
       hint_en="Always check state's keys, version and every ticket pair the same way, not only for the tickets, the "
               "number of tickets or the versions you saw in the lesson.")
@pytest.mark.parametrize("part", list(PARTS))
def test_d3_state_of_another_caller(student, part):
    cases, (what_nl, what_en) = PARTS[part]
    for number, (name, state, shown, remark, clause) in enumerate(cases, 1):
        scene = Scene(student, OTHER.version, **TICKETS)
        scene.lines[0] = f"state = {shown}"
        scene.state = lesson.fresh(state)
        if clause == "D3":
            where = note(f"ongeldige state {number} van {len(cases)} ({name})",
                         f"invalid state {number} of {len(cases)} ({name})")
        else:
            where = invalid.where(number, len(cases), clause, name) + (f"; {remark}" if remark else "")
        scene.lines[:0] = [f"# {where}"] + ([] if clause == "D3" else [f"TICKETS = {TICKETS!r}"])
        proposal = scene.name(OTHER.var, **OTHER.changes)
        call = scene.call(proposal, OTHER.host, {H(proposal)}, f"{OTHER.var}, {OTHER.host!r}, {{H({OTHER.var})}}")
        if clause == "D3":
            call.expect_value_error()
        elif not isinstance(call.error, ValueError):
            # The same rule as checkpoint 1's case ``name``: listed under that root cause where checkpoint 1 fails.
            raise Mismatch(call.shown, said(f"ValueError: {what_nl}", f"ValueError: {what_en}"),
                           call.got(), cause="validation", case=name)
