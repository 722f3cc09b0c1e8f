"""Checkpoint 3: host inputs of another kind (CONTRACT.md A1, A3) whose content is invalid raise ValueError: such a kind
may be refused, or accepted and then checked like a set or dict (D2-D4), never waved through unchecked."""

from collections import OrderedDict
from types import MappingProxyType

import pytest

from checks import lesson
from checks.dispatching import OTHERS, H, Scene, other_digests
from grader.battery import Mismatch, check, said

P = lesson.proposal
DIGEST = H(P())
SEVENTEEN = {"lamp": "open", **{f"t{i}": "done" for i in range(1, 17)}}


def _state(tickets: object, version: int = 0) -> dict:
    return {"version": version, "tickets": tickets}


# id -> (clause, the host's input as code, builder of (approved, state)); the proposal is always p.
KINDS = {
    "approved-frozenset-65": ("D2", "approved = frozenset({H(p)} | others(64))",
                              lambda: (frozenset({DIGEST} | other_digests(64)), lesson.state())),
    "approved-frozenset-non-hex": ("D2", "approved = frozenset({H(p), 'g' * 64})",
                                   lambda: (frozenset({DIGEST, "g" * 64}), lesson.state())),
    "state-ordered-dict-extra-key": ("D3", "state = collections.OrderedDict({**state, 'owner': 'learner'})",
                                     lambda: ({DIGEST}, OrderedDict({**lesson.state(), "owner": "learner"}))),
    "state-read-only-extra-key": ("D3", "state = types.MappingProxyType({**state, 'owner': 'learner'})",
                                  lambda: ({DIGEST}, MappingProxyType({**lesson.state(), "owner": "learner"}))),
    "tickets-ordered-dict-17": ("D3", "state['tickets'] = collections.OrderedDict(lamp='open', t1='done', ..., "
                                "t16='done')", lambda: ({DIGEST}, _state(OrderedDict(SEVENTEEN)))),
    "tickets-ordered-dict-closed": ("D3", "state['tickets'] = collections.OrderedDict(lamp='open', sensor='closed')",
                                    lambda: ({DIGEST}, _state(OrderedDict(lamp="open", sensor="closed")))),
    "tickets-read-only-upper-key": ("D3", "state['tickets'] = types.MappingProxyType({'lamp': 'open', 'Sensor': "
                                    "'open'})", lambda: ({DIGEST}, _state(MappingProxyType({"lamp": "open",
                                                                                            "Sensor": "open"})))),
}


@check(3, "D2-D3", nl="Een approved of state van een andere soort (frozenset, OrderedDict, alleen-lezen mapping) met "
       "ongeldige inhoud geeft een ValueError: weiger die soort, of controleer haar als een set of dict.",
       en="An approved or state of another kind (frozenset, OrderedDict, read-only mapping) with invalid content raises "
          "a ValueError: refuse that kind, or check it as a set or dict.",
       hint_nl="Aanvaard je meer soorten, controleer dan grootte, sleutels en elementen van elke soort even streng.",
       hint_en="If you accept more kinds, check the size, keys and items of every kind just as strictly.")
@pytest.mark.parametrize("case", list(KINDS))
def test_d2_d3_other_kind_with_invalid_content_refused(student, case):
    _, line, build = KINDS[case]
    approved, state = build()
    scene = Scene(student)
    scene.state = state
    if "others(" in line:
        scene.lines.insert(0, OTHERS)
    scene.say(line)
    args = "p, 'learner', approved" if case.startswith("approved") else "p, 'learner', {H(p)}"
    scene.call(P(), "learner", approved, args).expect_value_error()


@check(3, "D4", nl="Een log van een andere soort (OrderedDict) met 65 rijen geeft een ValueError: weiger die soort, "
       "of tel haar rijen zoals die van een dict.",
       en="A log of another kind (OrderedDict) with 65 rows raises a ValueError: refuse that kind, or count its rows "
          "as a dict's.",
       hint_nl="Controleer de grootte van completed voor elke soort mapping die je aanvaardt.",
       hint_en="Check the size of completed for every kind of mapping you accept.")
def test_d4_other_kind_of_log_beyond_64_refused(student):
    scene = Scene(student)
    scene.run()
    log = scene.log
    if not dict.__contains__(log, "c1"):
        raise Mismatch(scene.tried(), said("een rij completed['c1']", "a row completed['c1']"),
                       said("die rij ontbreekt", "that row is missing"), setup=True)
    row = dict.__getitem__(log, "c1")
    scene.log = OrderedDict([("c1", row)] + [(f"x{i}", row) for i in range(64)])
    scene.say("completed = collections.OrderedDict(completed, **{f'x{i}': completed['c1'] for i in range(64)})  # "
              + said("65 rijen", "65 rows")["en"])
    q = P(call_id="c2", version=1, status="open")
    scene.say("q = {**p, 'call_id': 'c2', 'version': 1, 'arguments': {'ticket': 'lamp', 'status': 'open'}}")
    scene.call(q, "learner", {H(q)}, "q, 'learner', {H(q)}").expect_value_error()
