"""The order and the choice of the failures a report shows in full (grader/reports/selection.py), the same
in the reports and on the terminal: root causes first, a plain rule before an edge case that combines rules,
the checks left not run after repeated time-outs only listed."""

from __future__ import annotations

import pytest

from grader.battery import said
from grader.reports import feedback, selection
from test_report_texts import self_check, terminal_result
from test_reports import check, md, passing, result


def test_the_terminal_names_the_root_cause_and_shows_what_the_report_shows_in_full():
    # Checkpoint 1 fails on version True; checkpoint 2 fails on that same input (only listed in the report)
    # and on its own rule (shown): the terminal says to fix checkpoint 1 first and shows the same failure.
    checks = [check("v4[version-true]", 1, "failed", clause="V4", tried="t", expected="e", got="g1"),
              check("f4_every[V4]", 2, "failed", clause="F4", tried="t", expected="e", got="g2", cause="validation"),
              check("f5_own", 2, "failed", clause="F5", tried="t", expected="e", got="g3"), *passing("d", 3, 1)]
    checks[1]["detail"]["case"] = "version-true"
    res = terminal_result(checks)
    out = self_check(res, "nl")
    checkpoint_2 = out.split("Checkpoint 2", 1)[1].split("Checkpoint 3", 1)[0]
    assert "los eerst checkpoint 1 op" in checkpoint_2
    assert "Regel van f5_own." in checkpoint_2 and "Regel van f4_every." not in checkpoint_2
    assert "nog 1 mislukte controle;" in checkpoint_2
    shown = selection.shown_failures(res)["2"][1]
    assert [record["id"] for record in shown] == ["f5_own"]


@pytest.mark.parametrize("lang, listed, more", [("nl", "de mislukte controle staat in het rapport", "en nog"),
                                                ("en", "the failed check is in the report", "more failed")])
def test_a_checkpoint_whose_failures_are_all_only_listed_says_where_they_are_without_and_more(lang, listed, more):
    checks = [check("v4_bad[version-true]", 1, "failed", clause="V4", tried="t", expected="e", got="g")] + \
        passing("f", 2, 1) + [check("f4_refused[version-true]", 2, "failed", clause="F4", tried="t", expected="e",
                                    got="g", cause="validation")] + passing("d", 3, 1)
    out = self_check(terminal_result(checks, lang=lang), lang)
    assert listed in out and more not in out, out


def test_the_time_out_that_stopped_a_checkpoint_comes_before_the_checks_it_left_not_run():
    # dispatch_ticket loops: its first checks (D1-D6) time out, the rest are not run; the single-rule
    # clauses (D8...) come first among findings, but a check not run explains nothing.
    checks = [*passing("v", 1, 1), *passing("f", 2, 1),
              check("d1_loop", 3, "timeout", clause="D1", tried="t"),
              check("d8_rule", 3, "not-run", clause="D8", error="after-timeout"),
              check("d9_rule", 3, "not-run", clause="D9", error="after-timeout")]
    res = terminal_result(checks)
    shown = selection.shown_failures(res)["3"][1]
    assert [record["id"] for record in shown][0] == "d1_loop"
    checkpoint_3 = self_check(res, "nl").split("Checkpoint 3", 1)[1]
    assert "Regel van d1_loop." in checkpoint_3 and "Regel van d8_rule." not in checkpoint_3  # only in the report
    # the checks not run are counted beside the failures, never as failed
    assert "niet geslaagd: 1 van de 3 controles mislukt; 2 niet uitgevoerd na herhaalde time-outs\n" in checkpoint_3
    assert "en nog" not in checkpoint_3


@pytest.mark.parametrize("lang, said, count", [
    ("nl", "Niet uitgevoerd: de beoordeling is gestopt na herhaalde time-outs.", "Dat geldt voor 4 controles"),
    ("en", "Not run: grading stopped after repeated time-outs.", "That applies to 4 checks")])
def test_checks_not_run_after_the_time_out_that_stopped_them_are_only_counted(lang, said, count):
    # A looping dispatch_ticket gave 140 identical "not run" findings: a 600-line Markdown report, and then
    # a hundred "✘ ... (28 of 28 cases failed)" lines for checks that never ran: they are only counted.
    checks = [*passing("v", 1, 1), *passing("f", 2, 1),
              check("d1_loop", 3, "timeout", clause="D1", tried="t"),
              *[check(f"d{n}_rule", 3, "not-run", clause=f"D{n}", error="after-timeout") for n in range(8, 12)]]
    report = md(result(checks, lang=lang), lang)
    assert f"{said} {count}" in report and not any(f"d{n}_rule" in report for n in range(8, 12))
    assert {"nl": "Regel van", "en": "Rule of"}[lang] + " d1_loop." in report.split(said, 1)[0]
    assert [record["id"] for record in selection.shown_failures(result(checks, lang=lang))["3"][1]] == ["d1_loop"]


def test_a_plain_rule_s_failure_is_shown_before_an_edge_case_that_combines_rules():
    # A dispatch_ticket that never copies its result failed the edge cases of D17-D18 (collected first) and
    # the plain D17 check with the same result: the report showed the edge case and only listed D17.
    checks = [*passing("v", 1, 1), *passing("f", 2, 1),
              check("edge_copies", 3, "failed", clause="D17-D18", tried="t1", expected="e", got="g"),
              check("plain_copy", 3, "failed", clause="D17", tried="t2", expected="e", got="g")]
    shown = selection.shown_failures(terminal_result(checks))["3"][1]
    assert [record["id"] for record in shown] == ["plain_copy"]  # the edge case repeats its result: only listed


def copy_only_checkpoint_1() -> list[dict]:
    """Checkpoint 1 hands back its input itself: it fails its copy checks only (V9, and the first calls' check
    of V8-V10 on its copy); every proposal it refuses or accepts is right."""
    return [check("v9_new_object", 1, "failed", clause="V9", tried="t", expected="False", got="True"),
            check("v8_v10_first_calls", 1, "failed", clause="V8-V10", tried="t", expected="{'a': 1}",
                  got="clean is nu {'a': 2}")]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_checkpoint_1_is_no_root_cause_for_a_failure_on_valid_input_when_it_only_copies_wrong(lang):
    # Checkpoint 2's only failure is an uppercase digest of p: nothing checkpoint 1 accepts or refuses explains it.
    checks = copy_only_checkpoint_1() + [
        check("f2_lowercase_hex", 2, "failed", clause="F2", tried="t", expected="e", got=said("gaf terug: 'AB'",
                                                                                          "returned: 'AB'")),
        check("d5_refused", 3, "failed", clause="D5", tried="t", expected="ValueError",
              got=said("gaf terug: {'status': 'ok'}", "returned: {'status': 'ok'}"))]
    res = terminal_result(checks, lang=lang)
    assert [cp["root_cause"] for cp in feedback.build(res)["checkpoints"]] == [None, None, "fingerprint"]
    out = self_check(res, lang).lower()
    assert "los eerst checkpoint 1" not in out and "fix checkpoint 1 first" not in out


def test_checkpoint_1_is_the_root_cause_only_of_failures_on_input_it_may_judge_wrong():
    # Checkpoint 1 lets status 'closed' through: checkpoint 3's failure to refuse an input may come from that,
    # checkpoint 2's uppercase digest of the valid p cannot.
    checks = [check("v7_status[closed]", 1, "failed", clause="V7", tried="t", expected="ValueError",
                    got="returned: {}"),
              check("f2_lowercase_hex", 2, "failed", clause="F2", tried="t", expected="e", got="returned: 'AB'"),
              check("d5_refused", 3, "failed", clause="D5", tried="t", expected="ValueError",
                    got="returned: {'status': 'ok'}")]
    assert [cp["root_cause"] for cp in feedback.build(result(checks, lang="en"))["checkpoints"]] == \
        [None, None, "validation"]
    # The first calls' check of V8-V10 that fails on its refusal part is checkpoint 1's validation too.
    checks[0] = check("v8_v10_first_calls", 1, "failed", clause="V8-V10", tried="t", expected="ValueError",
                      got="returned: {}")
    assert feedback.build(result(checks, lang="en"))["checkpoints"][2]["root_cause"] == "validation"
    checks[0]["detail"] = {"tried": "t", "expected": "e", "got": "raised ValueError: x"}  # it refused valid input
    assert feedback.build(result(checks, lang="en"))["checkpoints"][2]["root_cause"] == "validation"


def variants_of_checkpoint_1(plain: str) -> list[dict]:
    """Checkpoint 1 fails its plain V3 check with ``plain`` and two checks that try the same invalid input again: in
    another tool-status form (the same case, ``repeats`` its label) and first after loading (the field's cases)."""
    checks = [check(f"v3_bad_id[{plain}]", 1, "failed", clause="V3", tried="t", expected="ValueError", got="g1"),
              check("v2_v7_whatever[ids]", 1, "failed", clause="V2-V7", tried="t", expected="ValueError", got="g2"),
              check("v3_v7_first_after_loading[actor]", 1, "failed", clause="V3-V7", tried="t", expected="ValueError",
                    got="g3"), *passing("f", 2, 1), *passing("d", 3, 1)]
    checks[1]["detail"].update(case="actor-backtick", repeats="actor-backtick")
    checks[2]["detail"]["repeats"] = "actor-"
    return checks


@pytest.mark.parametrize("lang, said", [("nl", "dezelfde ongeldige invoer"), ("en", "the same invalid input")])
def test_a_check_that_only_repeats_a_plain_check_s_failure_on_the_same_input_is_only_listed(lang, said):
    # A too-loose regex failed V3 on 'learner`' and the same input in disguise and first after loading: each was
    # shown in full, with a tip about code the student never wrote ("check every field from the first call on").
    res = terminal_result(variants_of_checkpoint_1("actor-backtick"), lang=lang)
    assert [record["id"] for record in selection.shown_failures(res)["1"][1]] == ["v3_bad_id[actor-backtick]"]
    checkpoint = feedback.build(res)["checkpoints"][0]
    assert [item["cause"] for item in checkpoint["grouped"]] == ["repeats", "repeats"]
    assert [item["message"].split()[-1] for item in checkpoint["grouped"]] == \
        ["v2_v7_whatever[ids].", "v3_v7_first_after_loading[actor]."]
    report = md(res, lang)
    assert said in report and " v2_v7_whatever[ids]." in report
    assert "Tip voor v2_v7_whatever" not in report and "Hint for v2_v7_whatever" not in report
    # The class page counts only the plain check as a finding.
    assert selection.findings(res, ("validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket")) == \
        ["v3_bad_id"]


def test_a_check_that_fails_on_its_own_is_shown_in_full_with_its_own_tip():
    # The plain check fails on another field: the variants' failures on actor are their own.
    res = terminal_result(variants_of_checkpoint_1("name-dot"))
    assert [record["id"] for record in selection.shown_failures(res)["1"][1]] == \
        ["v3_bad_id[name-dot]", "v2_v7_whatever[ids]", "v3_v7_first_after_loading[actor]"]
    assert feedback.build(res)["checkpoints"][0]["grouped"] == []
