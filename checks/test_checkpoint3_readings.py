"""Checkpoint 3: inputs for which CONTRACT.md leaves two readings open (A4): a submission may refuse them, but once it
takes one as valid, every later call treats it by the firm clauses (D10, D18), like any valid input."""

from checks import lesson
from checks.dispatching import H, Scene, dig, expect_outcome
from grader.battery import check
from grader.values import plain, same

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
