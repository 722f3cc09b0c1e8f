"""The class outputs of a graded class of real wrong solutions (tests/solutions/wrong/): what the class page
counts agrees with what each student's report shows as a finding of its own."""

from __future__ import annotations

import pytest

from conftest import SOLUTIONS, grade_folder, run_grade
from grader.reports import classview, jsonreport

# Looks up the ticket before the version check (D7, the order of the checks); checkpoints 1 and 2 pass.
ORDER = (SOLUTIONS / "wrong" / "missing_ticket_before_stale.py").read_text(encoding="utf-8")
# The same, and also accepts a third status (V7): checkpoint 1 fails too.
ORDER_AND_STATUS = ORDER.replace('STATUSES = ("open", "done")', 'STATUSES = ("open", "in-progress", "done")')


@pytest.fixture(scope="module")
def graded(tmp_path_factory, write_submissions):
    assert ORDER_AND_STATUS != ORDER
    out = tmp_path_factory.mktemp("out")
    grade_folder(write_submissions({"order": ORDER, "order-and-status": ORDER_AND_STATUS}), out)
    return out


def test_a_check_order_bug_counts_also_for_a_student_whose_checkpoint_1_fails(graded):
    # The report of order-and-status shows d7_order in full ("Los eerst checkpoint 1 op" above it): it
    # fails on valid input, not on the invalid input checkpoint 1 accepts, so the class page counts it.
    document = jsonreport.read(graded / "results.json")
    by_id = {c["id"]: c for c in classview.check_failures(classview.summarize(document))}
    assert (by_id["d7_order"]["failed"], by_id["d7_order"]["total"]) == (2, 2)
    # What only follows from the third status (listed under "the same invalid input as checkpoint 1") does not.
    assert by_id["d5_every_invalid_proposal"]["failed"] == 0 and by_id["f4_every_invalid_proposal_refused"]["failed"] == 0
    assert by_id["v7_bad_status_refused"]["failed"] == 1
    report = (graded / "feedback" / "order-and-status.md").read_text(encoding="utf-8")
    assert "**✘ Falen er meerdere controles" in report


# Loops only on input that is no dict: the ten time-outs come early in checkpoint 1, and most of the battery
# is not run. And a proposal_fingerprint that always loops: dispatch_ticket is hardly tested.
REFERENCE = (SOLUTIONS / "reference" / "main.py").read_text(encoding="utf-8")
LOOPS = {
    "lotte-loop": REFERENCE.replace("def validate_ticket_proposal(proposal):\n",
                                    "def validate_ticket_proposal(proposal):\n"
                                    "    while not isinstance(proposal, dict):\n        pass\n", 1),
    "fp-loop": REFERENCE.replace("def proposal_fingerprint(proposal):\n",
                                 "def proposal_fingerprint(proposal):\n    while True:\n        pass\n", 1),
}


@pytest.fixture(scope="module")
def looped(tmp_path_factory, write_submissions):
    assert all(source != REFERENCE for source in LOOPS.values())
    out = tmp_path_factory.mktemp("out")
    done = run_grade(str(write_submissions(LOOPS)), "--out", str(out), "--timeout", "2")
    assert done.returncode == 0, done.stderr + done.stdout
    return out, done.stdout


def test_a_looping_submission_s_report_never_calls_checks_not_run_failed(looped):
    out, _ = looped
    lotte = (out / "feedback" / "lotte-loop.md").read_text(encoding="utf-8")
    assert "Jouw code: Niet uitgevoerd" not in lotte and "(28 van 28 gevallen mislukt)" not in lotte
    assert len(lotte.splitlines()) < 80  # was about 190 lines: a hundred checks that never ran, each "failed"
    assert "**Los eerst het probleem in `validate_ticket_proposal` op.**" in lotte.split("### ✘ Checkpoint 3")[1]
    fingerprint = (out / "feedback" / "fp-loop.md").read_text(encoding="utf-8").split("### ✘ Checkpoint 3")[1]
    assert "**Los eerst het probleem in `proposal_fingerprint` op.**" in fingerprint and "💡" not in fingerprint


def test_the_class_outputs_mark_a_submission_whose_grading_stopped(looped):
    out, stdout = looped
    table = {line.split()[0]: line for line in stdout.splitlines() if line.startswith(("lotte-loop ", "fp-loop "))}
    assert "beoordeeld (gestopt na time-outs: " in table["lotte-loop"] and "controles niet uitgevoerd)" in table["fp-loop"]
    index = (out / "index.html").read_text(encoding="utf-8")
    assert index.count("gestopt na time-outs: ") == 2
    header = (out / "gradebook.csv").read_text(encoding="utf-8-sig").splitlines()[0]
    assert header == ('"id","checkpoint_1","checkpoint_2","checkpoint_3","score","max_score","status",'
                      '"status_text"')
