"""Checkpoint 3: inputs for which CONTRACT.md leaves two readings open (A1, A2, A4, A5): a submission may refuse them,
but once it takes one as valid, it treats it by the firm clauses (D10, D12, D15, D17, D18), like any valid input."""

import collections
import types

import pytest

from checks import lesson
from checks.dispatching import H, Scene, dig, expect_approved_success, expect_outcome
from grader.battery import Mismatch, check, said
from grader.values import plain, same, show

P = lesson.proposal
DIGEST = H(P())
SUCCESS = {"status": "ok", "version": 1, "ticket": "lamp", "value": "done", "replayed": False}  # p carried out


@check(3, "D10-D18", nl="Staat de vingerafdruk in hoofdletters in approved en voer je de call daarom uit (dat mag, "
       "net als weigeren), dan is precies dezelfde call daarna een herhaling, geen conflict.",
       en="When approved holds the fingerprint in uppercase and you carry out the call for that (allowed, as is "
          "refusing it), exactly the same call afterwards is a replay, not a conflict.",
       hint_nl="Bewaar in completed de vingerafdruk van het voorstel zelf, niet de tekst uit approved die erbij paste.",
       hint_en="Store the proposal's own fingerprint in completed, not the string from approved that matched it.")
def test_d10_replay_after_an_uppercase_approval(student):
    scene = Scene(student)
    first = scene.call(P(), "learner", {DIGEST.upper()}, "p, 'learner', {H(p).upper()}")
    either = "{'status': 'approval-required'}, "  # or carried out: every outcome A4 allows, for another exception
    if first.refused(said(either + f"of {SUCCESS!r}", either + f"or {SUCCESS!r}"), cause=None) or \
            same(dig(plain(first.value), "status"), "approval-required"):
        return  # uppercase refused, or never matched: both are readings of A4
    expect_outcome(first, ("ok", 1))
    expect_outcome(scene.attempt(approval="empty"), ("replay", 1))


# The proposal as another kind of mapping (A1): refused with ValueError, or carried out like p itself, with H(p) in its
# row, so that p afterwards is its replay.
MAPPINGS = {  # id -> (q as code, builder)
    "read-only": ("types.MappingProxyType(p)", lambda: types.MappingProxyType(P())),
    "read-only-arguments": ("{**p, 'arguments': types.MappingProxyType(p['arguments'])}",
                            lambda: {**P(), "arguments": types.MappingProxyType(P()["arguments"])}),
    "userdict": ("collections.UserDict(p)", lambda: collections.UserDict(P())),
}


@check(3, "D12-D18", nl="p als iets dat op een dict lijkt maar er geen is (zoals alleen-lezen): weigeren met "
       "ValueError mag. Aanvaard je het en zette de host H(p) in approved, voer het uit zoals p; p is daarna een "
       "herhaling.",
       en="p as a dict-like object that is no dict (such as a read-only one): refusing it with ValueError is fine. If "
          "you accept it and the host put H(p) in approved, carry it out as p; p is then a replay.",
       hint_nl="Werk na de validatie alleen met de gevalideerde kopie, ook voor de vingerafdruk die je opzoekt en bewaart.",
       hint_en="After validation, work only with the validated copy, also for the fingerprint you look up and store.")
@pytest.mark.parametrize("kind", list(MAPPINGS))
def test_d12_d18_accepted_mapping_carried_out(student, kind):
    carried_out_unless_refused(Scene(student), *MAPPINGS[kind])  # refusing it is the other reading of A1


@check(3, "D12-D18", nl="p met als status of versie een speciale str of int (zoals een Enum): weigeren met ValueError "
       "mag. Aanvaard je het en zette de host H(p) in approved, voer het uit zoals p; daarna is p een herhaling.",
       en="p with a special str or int as status or version (such as an Enum): refusing it with ValueError is fine. "
          "If you accept it and the host put H(p) in approved, carry it out as p; p is then a replay.",
       hint_nl="Zoek in approved de vingerafdruk van je gevalideerde kopie op, met json.dumps berekend: dat schrijft "
               "zo'n speciale str of int als de gewone waarde.",
       hint_en="Look up in approved the fingerprint of your validated copy, computed with json.dumps: it writes such a "
               "special str or int as the plain value.")
@pytest.mark.parametrize("kind", list(lesson.SUBCLASSED))
def test_d12_d18_accepted_subclass_values_carried_out(student, kind):
    scene = Scene(student)
    scene.say(lesson.SUBCLASS_TYPES)
    # Refusing it is the other reading of A2 and A5. Carried out, state may hold Status.DONE as the ticket's value (D15
    # writes the proposal's status): a dispatcher may then refuse that state (A2) instead of replaying.
    carried_out_unless_refused(scene, *lesson.SUBCLASSED[kind], state_may_be_refused=True)


def carried_out_unless_refused(scene: Scene, code: str, build, state_may_be_refused: bool = False) -> None:
    """q = build(), of p's content, approved with H(p): a ValueError (one reading of an ambiguity), or carried out,
    after which p is its replay (or, ``state_may_be_refused``, a ValueError)."""
    scene.say(f"q = {code}")
    first = scene.call(build(), "learner", {DIGEST}, "q, 'learner', {H(p)}")
    if first.refused(repr(SUCCESS)):
        return
    expect_approved_success(scene, first, build, "q")
    replay = scene.attempt(approval="empty")
    if not (state_may_be_refused and replay.refused(repr({**SUCCESS, "replayed": True}))):
        expect_outcome(replay, ("replay", 1))


# The host's state, its tickets or its log as a collections.OrderedDict, a dict subclass (A1): refusing it is one
# reading; a submission that accepts it changes that very object on success (D15, D17), not a plain copy of it.
ORDERED = {  # id -> (the host's line that makes it, the change to the scene)
    "state": ("state = collections.OrderedDict(state)",
              lambda scene: setattr(scene, "state", collections.OrderedDict(scene.state))),
    "tickets": ("state['tickets'] = collections.OrderedDict(state['tickets'])",
                lambda scene: scene.state.__setitem__("tickets", collections.OrderedDict(scene.state["tickets"]))),
    "completed": ("completed = collections.OrderedDict()",
                  lambda scene: setattr(scene, "log", collections.OrderedDict())),
}


@check(3, "D15-D17", nl="state, tickets of completed als speciaal soort dict (zoals een OrderedDict): weigeren met "
       "ValueError mag. Aanvaard je het, schrijf dan bij succes ticket, versie en rij in dat object van de host zelf.",
       en="state, tickets or completed as a special kind of dict (such as an OrderedDict): refusing it with "
          "ValueError is fine. If you accept it, a success writes ticket, version and row into that very object.",
       hint_nl="Maak van de invoer van de host geen gewone dict om in te schrijven: schrijf in het object dat je kreeg.",
       hint_en="Do not turn the host's input into a plain dict to write to: write into the object you were given.")
@pytest.mark.parametrize("which", list(ORDERED))
def test_d15_d17_accepted_dict_subclass_changed_in_place(student, which):
    line, change = ORDERED[which]
    scene = Scene(student)
    change(scene)
    scene.say(line)
    first = scene.attempt()
    if first.refused(repr(SUCCESS), cause=None):  # refusing it is the other reading of A1
        return
    expect_outcome(first, ("ok", 1))
    expected, found = {"version": 1, "tickets": {"lamp": "done", "sensor": "open"}}, plain(scene.state)
    if not same(found, expected):
        raise Mismatch(scene.tried("state"), show(expected), said(f"state is {show(found)}", f"state is {show(found)}"))
    expect_outcome(scene.attempt(approval="empty"), ("replay", 1))


# The proposal as a collections.OrderedDict (A1): two of them are == only with their keys in the same order, a plain
# dict and one of them whatever the order. Accepted, the same content in another key order is a replay (D10). Its
# arguments stay a plain dict, as in the proposal that succeeded: refusing an OrderedDict there is a reading too.
REORDERED = "collections.OrderedDict(reversed(list(p.items())))"


@check(3, "D10-D18", nl="Een voorstel als dict waarvoor == ook de sleutelvolgorde telt (zoals een OrderedDict): "
       "weigeren met ValueError mag. Aanvaard je het, dan is dezelfde inhoud in een andere volgorde daarna een "
       "herhaling.",
       en="A proposal as a dict whose == also counts its key order (such as an OrderedDict): refusing it with "
          "ValueError is fine. If you accept it, the same content in another order is then a replay.",
       hint_nl="Vergelijk bij een bekende call-ID de vingerafdrukken, niet de voorstellen zelf: twee zulke dicts zijn "
               "alleen gelijk met hun sleutels in dezelfde volgorde.",
       hint_en="For a known call id, compare the fingerprints, not the proposals themselves: two such dicts are only "
               "equal with their keys in the same order.")
def test_d10_d18_accepted_ordered_dict_replayed_in_another_order(student):
    scene = Scene(student)
    scene.say("q = collections.OrderedDict(p)")
    first = scene.call(collections.OrderedDict(P()), "learner", {DIGEST}, "q, 'learner', {H(p)}")
    if first.refused(repr(SUCCESS)):  # refusing it is the other reading of A1
        return
    expect_approved_success(scene, first, lambda: collections.OrderedDict(P()), "q")
    scene.say(f"q2 = {REORDERED}")
    again = collections.OrderedDict(reversed(list(P().items())))
    expect_outcome(scene.call(again, "learner", set(), "q2, 'learner', set()"), ("replay", 1))


# The register as a frozenset (A3): refusing it is one reading; a submission that accepts it reads it like a set.
FROZEN = {  # id -> (the register as code, builder, the outcome when accepted)
    "holding-h-p": ("frozenset({H(p)})", lambda: frozenset({DIGEST}), ("ok", 1)),
    "empty": ("frozenset()", frozenset, "approval-required"),
}


# D2-D12: the register's kind (D2, left open by A3) read for an approval (D12); a combined clause, so a report shows
# it after the checks of one rule (grader.reports.selection.report_order).
@check(3, "D2-D12", nl="approved als onveranderlijke set (zoals een frozenset): weigeren met ValueError mag. Aanvaard "
       "je hem, lees hem als gewone set: met H(p) erin keurde de host p goed; leeg geeft approval-required.",
       en="approved as a set that cannot change (such as a frozenset): refusing it with ValueError is fine. If you "
          "accept it, read it as a plain set: holding H(p), the host approved p; empty, approval-required.",
       hint_nl="Zoek de vingerafdruk op in elke soort register die je aanvaardt, op dezelfde manier als in een set.",
       hint_en="Look the fingerprint up in every kind of register you accept, the same way as in a set.")
@pytest.mark.parametrize("case", list(FROZEN))
def test_d12_accepted_frozenset_read_like_a_set(student, case):
    code, build, outcome = FROZEN[case]
    call = Scene(student).call(P(), "learner", build(), f"p, 'learner', {code}")
    if call.refused(repr(SUCCESS if outcome == ("ok", 1) else {"status": outcome}), cause=None):  # A3's other reading
        return
    expect_outcome(call, outcome)


# The host's version as True or an IntEnum member (A5), its statuses as StrEnum members (A2): refused with ValueError
# or accepted, a refused call leaves each value exactly as the host gave it, its type included (D19), not turned
# into a plain int or str (plain copies compare those as equal, so the types are read here).
KEPT_AS_GIVEN = {  # id -> (the host's line, the values it sets in state, the proposal's changes, the refusal if accepted)
    "bool-version": ("state['version'] = True", {"version": True}, {}, "stale-version"),  # True == 1: p is stale
    "intenum-version": ("state['version'] = Version.FIRST", {"version": lesson.Version.FIRST}, {"call_id": "c2"},
                        "approval-required"),  # q has no approval
    "strenum-statuses": ("state['tickets'] = {'lamp': Status.OPEN, 'sensor': Status.DONE}",
                         {"tickets": {"lamp": lesson.Status.OPEN, "sensor": lesson.Status.DONE}}, {"version": 3},
                         "stale-version"),
}


def _values(state: object) -> list:
    """(where, type, value) of the state's version and of each ticket's status, read through dict itself."""
    if type(state) is not dict:
        return [("state", type(state), None)]
    version, tickets = dict.get(state, "version"), dict.get(state, "tickets")
    found = [("state['version']", type(version), version)]
    if type(tickets) is dict:
        found += [(f"state['tickets'][{key!r}]", type(value), value) for key, value in dict.items(tickets)]
    return found


@check(3, "D19", nl="Een state met versie True, of een versie of statussen van een speciaal soort int of str (zoals "
       "een Enum): aanvaarden of weigeren mag, maar een geweigerde call verandert ze niet, ook hun type niet.",
       en="A state with version True, or a version or statuses of a special kind of int or str (such as an Enum): "
          "accepting or refusing is fine, but a refused call leaves them as they were, types too.",
       hint_nl="Zet de waarden van de host niet om naar een gewone int of str in zijn state; reken zo nodig met een "
               "eigen kopie.",
       hint_en="Do not convert the host's values to a plain int or str in its state; compute with a copy of your own if "
               "you need to.")
@pytest.mark.parametrize("kind", list(KEPT_AS_GIVEN))
def test_d19_host_values_kept_as_given(student, kind):
    line, values, changes, refusal = KEPT_AS_GIVEN[kind]
    scene = Scene(student)
    scene.state.update(values)
    scene.say(lesson.SUBCLASS_TYPES)
    scene.say(line)
    before = _values(scene.state)
    call = scene.attempt(approval="empty" if "call_id" in changes else "own", **changes)
    if not isinstance(call.error, ValueError):  # refusing the value is the other reading of A2 and A5
        expect_outcome(call, refusal)
    after = _values(scene.state)
    for (where, kind_before, value), (_, kind_after, now) in zip(before, after + [(None, None, None)] * len(before)):
        if kind_after is not kind_before or now != value:
            raise Mismatch(scene.tried(where), repr(value), said(f"{where} werd {now!r}", f"{where} became {now!r}"))
