"""A check marked fresh runs in a child of its own, forked from the grader, so main.py's load there is the first of
that process, at every case of it (grader/runner.py; tests/attacks/inflation/history_reload_seen_by_*.py)."""

from __future__ import annotations

import time

from conftest import SOLUTIONS, failing, grade_folder
from grader.battery import place

CORRECT = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_text(encoding="utf-8")


def test_the_checks_marked_fresh_run_after_every_other_and_those_also_marked_last_at_the_very_end():
    # Every other check runs in one child, checkpoint 1's before checkpoint 3's (a looping dispatch_ticket stops only
    # what comes after it), the checks marked last after all of those; a child of its own starts at each fresh one.
    order = [{"checkpoint": 1}, {"checkpoint": 3}, {"checkpoint": 1, "last": True}, {"checkpoint": 3, "last": True},
             {"checkpoint": 1, "fresh": True}, {"checkpoint": 3, "fresh": True},
             {"checkpoint": 1, "fresh": True, "last": True}]
    places = [place(marker) for marker in order]
    assert places == sorted(places) and len(set(places)) == len(places)


def test_a_body_that_fails_only_when_loaded_a_year_on_fails_those_checks_and_says_why(write_submissions, tmp_path):
    # A forked child loads main.py at a check marked fresh; one marked last too loads it with the clocks a year on.
    # Its body raising then is that check's failure with the error, not a crash of the child (exit 0) nor a strike.
    bomb = CORRECT + f"\nimport time\nif time.time() > {time.time() + 200 * 86400:.0f}:\n    raise RuntimeError('te laat')\n"
    result = grade_folder(write_submissions({"bomb": bomb}), tmp_path)["bomb"]
    for checkpoint in "123":
        [check] = failing(result, checkpoint)
        assert check["id"].endswith("_loaded_a_year_later") and check["outcome"] == "failed"
        assert "RuntimeError" in check["detail"]["got"] and "te laat" in check["detail"]["got"]
    assert result["score"] == 0


def test_results_list_the_checks_in_the_battery_s_order_whatever_order_they_run_in(write_submissions, tmp_path):
    # The checks marked fresh run first, yet checkpoint 3's first check is still the first of its module, and a
    # wrong digest is still shown by the check that carries out an approved proposal (grader.reports.selection).
    result = grade_folder(write_submissions({"good": CORRECT}), tmp_path)["good"]
    ids = [check["id"] for key in "123" for check in result["checkpoints"][key]["checks"]]
    assert ids[0].startswith("v8_v10_first_calls_after_loading")
    third = [check["id"] for check in result["checkpoints"]["3"]["checks"]]
    assert third[0].startswith("d1_host_actor_valid") and "d5_d12_first_calls_after_loading" in third[1:]

