"""Checkpoint 3: inputs for which CONTRACT.md leaves two readings open (A1, A4): a submission may refuse them, but once
it takes one as valid, it treats it by the firm clauses (D10, D15, D17, D18), like any valid input."""

import collections

import pytest

from checks import lesson
from checks.dispatching import H, Scene, dig, expect_outcome
from grader.battery import Mismatch, check, said
from grader.values import plain, same, show

P = lesson.proposal
DIGEST = H(P())


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
          "successful call changes that very object of the host: the ticket, the version and the row for the replay.",
       hint_nl="Maak van de invoer van de host geen gewone dict om in te schrijven: schrijf in het object dat je kreeg.",
       hint_en="Do not turn the host's input into a plain dict to write to: write into the object you were given.")
@pytest.mark.parametrize("which", list(ORDERED))
def test_d15_d17_accepted_dict_subclass_changed_in_place(student, which):
    line, change = ORDERED[which]
    scene = Scene(student)
    change(scene)
    scene.say(line)
    first = scene.attempt()
    if isinstance(first.error, ValueError):  # refusing it is the other reading of A1
        return
    expect_outcome(first, ("ok", 1))
    expected, found = {"version": 1, "tickets": {"lamp": "done", "sensor": "open"}}, plain(scene.state)
    if not same(found, expected):
        raise Mismatch(scene.tried("state"), show(expected), said(f"state is {show(found)}", f"state is {show(found)}"))
    expect_outcome(scene.attempt(approval="empty"), ("replay", 1))
