"""Checks that were not run (grading stopped after repeated time-outs) are never reported as failed: the student's
report counts them, and a function left untested because another one looped says to fix that loop first."""

from __future__ import annotations

import pytest

from test_report_texts import self_check, terminal_result
from test_reports import check, md, page, passing, result


def stopped_by_fingerprint() -> list[dict]:
    """proposal_fingerprint loops: ten time-outs in checkpoint 2, the rest not run, except dispatch_ticket's check
    marked last, which ran and failed on a call the sandbox refuses."""
    loop = [check(f"f1_valid[case-{n}]", 2, "timeout", clause="F1", tried=f"proposal_fingerprint(q{n})",
                  got="bezig op regel 4: while True:") for n in range(10)]
    not_run = [check("f1_valid[case-10]", 2, "not-run", clause="F1", error="after-timeout"),
               check("f2_hex", 2, "not-run", clause="F2", error="after-timeout"),
               *[check(f"d{n}_rule[other]", 3, "not-run", clause=f"D{n}", error="after-timeout") for n in (1, 7)]]
    last = check("d20_after_all", 3, "failed", clause="D5-D12", tried="dispatch_ticket(p, ...)",
                 expected="een gewone returnwaarde", got="gaf de fout AttributeError: os.system")
    return [*passing("v", 1, 2), *loop, *not_run, last]


@pytest.mark.parametrize("lang, fix, failed, count", [
    ("nl", "Los eerst het probleem in `proposal_fingerprint` op.", "(10 van 11 gevallen mislukt, 1 niet uitgevoerd)",
     "Dat geldt voor 1 controle van dit checkpoint"),
    ("en", "Fix the problem in `proposal_fingerprint` first.", "(10 of 11 cases failed, 1 not run)",
     "That applies to 1 check of this checkpoint")])
def test_checks_not_run_are_counted_beside_the_failures_never_as_failed(lang, fix, failed, count):
    report = md(result(stopped_by_fingerprint(), lang=lang), lang)
    checkpoint_2, checkpoint_3 = report.split("### ✘ Checkpoint 2")[1].split("### ✘ Checkpoint 3")
    assert failed in checkpoint_2 and count in checkpoint_2
    assert {"nl": "Jouw code: Niet uitgevoerd", "en": "Your code: Not run"}[lang] not in report
    assert "f2_hex" not in report and "d1_rule" not in report and "d7_rule" not in report
    # dispatch_ticket was hardly tested: the loop in proposal_fingerprint is what to fix, not the rule of D5-D12
    assert f"**{fix}**" in checkpoint_3 and "2 van de 3 controles" * (lang == "nl") in checkpoint_3
    assert "(checkpoint 2)" in checkpoint_3 and "d20_after_all." in checkpoint_3
    assert "💡" not in checkpoint_3 and {"nl": "Los eerst checkpoint 2 op", "en": "Fix checkpoint 2 first"}[lang] \
        not in checkpoint_3


def test_the_html_report_says_the_same():
    text = page(result(stopped_by_fingerprint()))
    assert "10 van 11 gevallen mislukt, 1 niet uitgevoerd" in text and "Niet uitgevoerd: 2 van de 3 controles" in text
    assert "Tip voor d20_after_all" not in text and text.count("Niet uitgevoerd: de beoordeling") == 1


def test_the_terminal_counts_them_apart_and_gives_no_hint_for_a_function_another_s_loop_left_untested():
    out = self_check(terminal_result(stopped_by_fingerprint()), "nl")
    checkpoint_2, checkpoint_3 = out.split("Checkpoint 2", 1)[1].split("Checkpoint 3")
    assert "niet geslaagd: 1 van de 2 controles mislukt; 1 niet uitgevoerd na herhaalde time-outs" in checkpoint_2
    assert "niet geslaagd: 1 van de 3 controles mislukt; 2 niet uitgevoerd na herhaalde time-outs" in checkpoint_3
    assert "(los eerst proposal_fingerprint op: daar stopte de beoordeling (checkpoint 2)" in checkpoint_3
    assert "Regel van d20_after_all." in checkpoint_3 and "tip:" not in checkpoint_3 and "mislukte controle" not in out


@pytest.mark.parametrize("lang, said", [
    ("nl", "niet geslaagd: 2 van de 2 controles niet uitgevoerd na herhaalde time-outs\n"),
    ("en", "not passed: 2 of the 2 checks not run after repeated time-outs\n")])
def test_a_checkpoint_with_no_check_run_does_not_say_that_none_failed(lang, said):
    records = [r for r in stopped_by_fingerprint() if not r["id"].startswith("d20_")]  # checkpoint 3: all not run
    checkpoint_3 = self_check(terminal_result(records), lang).split("Checkpoint 3", 1)[1]
    assert said in checkpoint_3 and "0 " not in checkpoint_3.split("\n")[0], checkpoint_3
