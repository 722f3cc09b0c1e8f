"""The battery cannot silently weaken: a fixed sample of the reference's mutants is killed, the equivalent ones pass.

The full run is ``python tools/mutation.py`` (see its docstring and the README); this grades 20 of
its mutants, spread over the three checkpoints, plus the reference and the listed equivalent
mutants, in one batch of the real grader.
"""

from __future__ import annotations

import importlib.util
import sys

import pytest

from conftest import ROOT

pytest.importorskip("mutmut", reason="the mutation tool needs the test extra (pip install -e '.[test]')")

_spec = importlib.util.spec_from_file_location("tools_mutation", ROOT / "tools" / "mutation.py")
mutation = sys.modules["tools_mutation"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mutation)

# Mutants that stand for a typical mistake per checkpoint (ids from `python tools/mutation.py --list`).
SAMPLE = {
    1: ["ID:f36deaeb",                           # ids of 41 characters pass: {0,40}
        "ID:5731995d",                           # no digits after the first character
        "TICKET:a31ce8cf",                       # one-letter tickets refused: {1,31}
        "matches:27f9322f",                      # .match instead of .fullmatch: a valid prefix is enough
        "validate_ticket_proposal:0ca4bed3",     # version 0 refused: 0 < version
        "validate_ticket_proposal:716e2120",     # version 1000000 refused: version < MAX_VERSION
        "validate_ticket_proposal:77b33875"],    # arguments not copied
    2: ["proposal_fingerprint:93ef3ed4",         # sort_keys=False
        "proposal_fingerprint:523d5a9a",         # sort_keys=None
        "proposal_fingerprint:82650574",         # default separators (with spaces)
        "proposal_fingerprint:42cead4c"],        # another key separator
    3: ["DIGEST:7153275f",                       # approvals with digits refused
        "check_host_input:8fa847dc",             # a state with one ticket refused
        "dispatch_ticket:309f9d8a",              # no forbidden check
        "dispatch_ticket:f0895484",              # no call-id-conflict check
        "dispatch_ticket:52af69fb",              # log-full only above 64 rows
        "dispatch_ticket:8275c0d1",              # state version set to 1 instead of + 1
        "dispatch_ticket:2bf08a6c",              # the stored result is the returned object
        "dispatch_ticket:b7a5d9f9",              # a replay without replayed=True
        "dispatch_ticket:0e623aa7"],             # no row stored in completed
}


@pytest.fixture(scope="module")
def graded():
    """The sample, the equivalent mutants and the reference itself, graded in one run: {id: Mutant}."""
    mutants = {mutant.id: mutant for mutant in mutation.generate()}
    wanted = [mutant_id for ids in SAMPLE.values() for mutant_id in ids] + list(mutation.read_equivalent())
    unknown = [mutant_id for mutant_id in wanted if mutant_id not in mutants]
    assert not unknown, f"not generated any more (reference or operators changed?): {unknown}"
    reference = mutation.Mutant("reference", "reference", 0, "none", [], mutation.REFERENCE.read_text("utf-8"))
    batch = [reference] + [mutants[mutant_id] for mutant_id in wanted]
    mutation.grade(batch)
    return {mutant.id: mutant for mutant in batch}


def test_reference_scores_full_marks(graded):
    assert graded["reference"].result["score"] == 3


@pytest.mark.parametrize("checkpoint", sorted(SAMPLE))
def test_sample_is_killed_by_its_own_checkpoint(graded, checkpoint):
    alive = [graded[mutant_id].line() for mutant_id in SAMPLE[checkpoint]
             if checkpoint not in graded[mutant_id].failed]
    assert alive == []
    assert all(graded[mutant_id].checkpoint == checkpoint for mutant_id in SAMPLE[checkpoint])


def test_equivalent_mutants_pass_every_check(graded):
    """An equivalent mutant is a correct solution: a check that fails it would be a false fail."""
    failing = [graded[mutant_id].line() for mutant_id in mutation.read_equivalent() if graded[mutant_id].killed]
    assert failing == []


def test_every_equivalent_mutant_has_a_reason():
    assert all(len(reason) > 20 for reason in mutation.read_equivalent().values())


def test_another_solution_is_not_checked_against_the_reference_s_equivalent_mutants(tmp_path):
    """--reference with another solution: tools/equivalent_mutants.txt lists the reference's lines, so it is not
    read unless --equivalent names it (its ids showed as stale and every survivor as not listed)."""
    other = ROOT / "tests" / "solutions" / "correct" / "s01_plain_regex.py"
    listed = tmp_path / "listed.txt"
    listed.write_text("cp1:L1:x because\n", encoding="utf-8")
    assert mutation.equivalents_for(mutation.REFERENCE, None) == mutation.read_equivalent()
    assert mutation.equivalents_for(other, None) == {}
    assert mutation.equivalents_for(other, listed) == mutation.read_equivalent(listed)
