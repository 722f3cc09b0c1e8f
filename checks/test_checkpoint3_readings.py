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


@check(3, "D10-D18", nl="Keur je een call goed met de vingerafdruk in hoofdletters (dat mag, net als weigeren), dan is "
       "precies dezelfde call daarna een herhaling, geen conflict.",
       en="When you carry out a call approved with its fingerprint in uppercase (allowed, as is refusing it), exactly "
          "the same call afterwards is a replay, not a conflict.",
       hint_nl="Bewaar in completed de vingerafdruk van het voorstel zelf, niet de tekst uit approved die erbij paste.",
       hint_en="Store the proposal's own fingerprint in completed, not the string from approved that matched it.")
def test_d10_replay_after_an_uppercase_approval(student):
    scene = Scene(student)
    first = scene.call(P(), "learner", {DIGEST.upper()}, "p, 'learner', {H(p).upper()}")
    if isinstance(first.error, ValueError) or (
            first.error is None and same(dig(plain(first.value), "status"), "approval-required")):
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


@check(3, "D12-D18", nl="Aanvaard je een voorstel als ander soort mapping (alleen-lezen, UserDict; weigeren mag ook), dan "
       "voer je het uit zoals p zelf, en is p daarna de herhaling ervan.",
       en="When you accept a proposal given as another kind of mapping (read-only, UserDict; refusing it is fine too), "
          "you carry it out like p itself, and p afterwards is its replay.",
       hint_nl="Werk na de validatie alleen met de gevalideerde kopie, ook voor de vingerafdruk die je opzoekt en bewaart.",
       hint_en="After validation, work only with the validated copy, also for the fingerprint you look up and store.")
@pytest.mark.parametrize("kind", list(MAPPINGS))
def test_d12_d18_accepted_mapping_carried_out(student, kind):
    carried_out_unless_refused(Scene(student), *MAPPINGS[kind])  # refusing it is the other reading of A1


@check(3, "D12-D18", nl="Aanvaard je een StrEnum-status of IntEnum-versie (weigeren mag ook), dan keurt H(p) dat "
       "voorstel goed zoals p zelf, en is p daarna de herhaling ervan.",
       en="When you accept a StrEnum status or an IntEnum version (refusing it is fine too), H(p) approves that "
          "proposal as it approves p itself, and p afterwards is its replay.",
       hint_nl="Zoek de vingerafdruk van de gevalideerde kopie op zoals json.dumps haar schrijft: een subklasse van str "
               "of int geeft dezelfde tekst als de gewone waarde.",
       hint_en="Look up the fingerprint of the validated copy as json.dumps writes it: a str or int subclass gives the "
               "same text as the plain value.")
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


@check(3, "D15-D17", nl="Aanvaard je een state, tickets of completed als OrderedDict (weigeren mag ook), dan verandert "
       "een geslaagde call dat object van de host zelf: ticket, versie en de rij voor de herhaling.",
       en="When you accept a state, tickets or completed given as an OrderedDict (refusing it is fine too), a "
          "successful call changes that object of the host itself: ticket, version and the row for the replay.",
       hint_nl="Maak van de invoer van de host geen gewone dict om in te schrijven: schrijf in het object dat je kreeg.",
       hint_en="Do not turn the host's input into a plain dict to write to: write into the object you were given.")
@pytest.mark.parametrize("which", list(ORDERED))
def test_d15_d17_accepted_dict_subclass_changed_in_place(student, which):
    line, change = ORDERED[which]
    scene = Scene(student)
    change(scene)
    scene.say(line)
    first = scene.attempt()
    if first.refused(repr(SUCCESS)):  # refusing it is the other reading of A1
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


@check(3, "D10-D18", nl="Aanvaard je een voorstel als OrderedDict (weigeren mag ook), dan is dezelfde inhoud als "
       "OrderedDict in een andere sleutelvolgorde daarna een herhaling, geen conflict.",
       en="When you accept a proposal given as an OrderedDict (refusing it is fine too), the same content as an "
          "OrderedDict in another key order is afterwards a replay, not a conflict.",
       hint_nl="Vergelijk bij een bekende call-ID de vingerafdrukken, niet de voorstellen zelf: twee OrderedDicts zijn "
               "alleen gelijk met hun sleutels in dezelfde volgorde.",
       hint_en="For a known call id, compare the fingerprints, not the proposals themselves: two OrderedDicts are only "
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
@check(3, "D2-D12", nl="Aanvaard je approved als frozenset (weigeren mag ook), dan keurt een frozenset met H(p) p goed en "
       "geeft een lege frozenset approval-required, net als bij een set.",
       en="When you accept approved as a frozenset (refusing it is fine too), a frozenset holding H(p) approves p and "
          "an empty one gives approval-required, as with a set.",
       hint_nl="Zoek de vingerafdruk op in elke soort register die je aanvaardt, op dezelfde manier als in een set.",
       hint_en="Look the fingerprint up in every kind of register you accept, the same way as in a set.")
@pytest.mark.parametrize("case", list(FROZEN))
def test_d12_accepted_frozenset_read_like_a_set(student, case):
    code, build, outcome = FROZEN[case]
    call = Scene(student).call(P(), "learner", build(), f"p, 'learner', {code}")
    if isinstance(call.error, ValueError):  # refusing it is the other reading of A3
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


@check(3, "D19", nl="Een state met versie True, een IntEnum-versie of StrEnum-statussen (aanvaarden of weigeren mag) "
       "blijft bij een geweigerde call zoals hij was, ook de types.",
       en="A state with version True, an IntEnum version or StrEnum statuses (accepting or refusing them is fine) "
          "stays as it was after a refused call, types included.",
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
