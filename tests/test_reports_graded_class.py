"""The class outputs of a graded class of real wrong solutions (tests/solutions/wrong/): what the class page
counts agrees with what each student's report shows as a finding of its own."""

from __future__ import annotations

import pytest

from conftest import SOLUTIONS, grade_folder
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
