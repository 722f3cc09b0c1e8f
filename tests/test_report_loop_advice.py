"""A loop in dispatch_ticket beside a genuine mistake in validate_ticket_proposal: one starting point (checkpoint 1,
then the loop), a time-out shown as a time-out, and no rule blamed for it in the class overview."""

from __future__ import annotations

import pytest

from grader.reports import selection
from test_report_texts import self_check, terminal_result
from test_reports import V4, check, md, page, passing, result

FUNCTIONS = ("validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket")


def dispatch_loops() -> list[dict]:
    """Checkpoint 1 lets True through as version; dispatch_ticket loops: ten time-outs in checkpoint 3 (one of them
    in a check that expects a ValueError), the rest of it not run, and so are checkpoint 1's and 2's checks marked
    last (their checkpoint had failed already)."""
    bool_version = check("v4_version[bool]", 1, "failed", tried="validate_ticket_proposal({**p, 'version': True})",
                         expected="ValueError", got="gaf terug: {...}", **V4)
    loop = [check(f"d1_host_actor_valid[case-{n}]", 3, "timeout", clause="D1", tried=f"dispatch_ticket(q{n}, ...)",
                  got="bezig op regel 85: while True:") for n in range(9)]
    refused = check("d1_host_actor_invalid[long]", 3, "timeout", clause="D1", tried="dispatch_ticket(p, 'a' * 41, ...)",
                    expected="ValueError", got="bezig op regel 85: while True:")
    not_run = [check("v10_last", 1, "not-run", clause="V10", error="after-timeout"),
               check("f4_last", 2, "not-run", clause="F4", error="after-timeout"),
               check("d7_order", 3, "not-run", clause="D7", error="after-timeout")]
    return [*passing("v", 1, 3), bool_version, *passing("f", 2, 2), *loop, refused, *not_run]


@pytest.mark.parametrize("lang, elsewhere, first_1, start", [
    ("nl", "Los eerst het probleem in `dispatch_ticket` op", "Los eerst checkpoint 1 op", "Begin bij checkpoint 1"),
    ("en", "Fix the problem in `dispatch_ticket` first", "Fix checkpoint 1 first", "Start with checkpoint 1")])
def test_the_report_gives_one_starting_point(lang, elsewhere, first_1, start):
    report = md(result(dispatch_loops(), lang=lang), lang)
    checkpoint_1, rest = report.split("### ✘ Checkpoint 1")[1].split("Checkpoint 2", 1)
    checkpoint_3 = rest.split("### ✘ Checkpoint 3")[1]
    assert start in report
    # checkpoint 1's checks marked last were left out because it had failed: its own mistake is what to fix
    assert elsewhere not in report
    # a time-out in dispatch_ticket's own loop is no refusal that checkpoint 1's validation explains
    assert first_1 not in checkpoint_3, checkpoint_3
    assert "Regel van v4_version" in checkpoint_1 or "version is" in checkpoint_1


@pytest.mark.parametrize("lang, heading", [
    ("nl", "**✘ Niet op tijd klaar (een oneindige lus?) bij: Regel van d1_host_actor_valid[case-0].**"),
    ("en", "**✘ Did not finish in time (an endless loop?) on: Rule of d1_host_actor_valid[case-0].**")])
def test_a_time_out_is_headed_as_a_time_out(lang, heading):
    report = md(result(dispatch_loops(), lang=lang), lang)
    assert heading in report.split("### ✘ Checkpoint 3")[1], report
    assert "Niet op tijd klaar (een oneindige lus?) bij: Regel van d1_host_actor_valid[case-0]." in page(result(dispatch_loops()))


def test_the_terminal_says_the_same():
    out = self_check(terminal_result(dispatch_loops()), "nl")
    checkpoint_3 = out.split("Checkpoint 3", 1)[1]
    assert "(los eerst dispatch_ticket op" not in out and "(los eerst checkpoint 1 op" not in checkpoint_3, out
    assert "  - Niet op tijd klaar (een oneindige lus?) bij: Regel van d1_host_actor_valid[case-0]." in checkpoint_3, out


def test_the_class_overview_blames_no_rule_for_a_time_out():
    found = selection.findings(result(dispatch_loops()), FUNCTIONS)
    assert "v4_version" in found and not [name for name in found if name.startswith("d1_")], found


def many_failures(hidden: bool) -> list[dict]:
    """Eight failed checks of checkpoint 1: the report shows the first few in full and only lists the others."""
    failed = [check(f"v{n}_rule[case]", 1, "failed", tried=f"validate_ticket_proposal(q{n})", expected="ValueError",
                    got=f"gaf terug: {n}") for n in range(8)]
    for record in failed:
        record["hidden"] = hidden
    return failed


@pytest.mark.parametrize("hidden", [False, True])
def test_the_checks_only_listed_promise_nothing_gradescope_or_a_hidden_check_cannot_keep(hidden):
    from grader.reports import gradescope
    res = result(many_failures(hidden))
    document = gradescope.render(res, "nl")
    for text in (md(res), document["output"]):
        assert "Ook deze controles mislukken" in text
        assert "voer grade opnieuw uit" not in text and "dan zie je ook hier wat er misging" not in text
        assert "laat je code dan opnieuw beoordelen" in text


@pytest.mark.parametrize("lang, kind", [("nl", "(module requests niet beschikbaar in de beoordelaar)"),
                                        ("en", "(module requests not available in the grader)")])
def test_the_terminal_names_an_unavailable_module_as_the_class_table_does(lang, kind):
    from test_reports import load_error
    res = load_error("runtime", lang, "ModuleNotFoundError: import of 'requests' is not allowed in the grader "
                     "(allowed: abc, ast and 60 more)", 1, None, "import requests")
    res["graded_file"] = "main.py"
    first = self_check(res, lang).splitlines()[0]
    assert kind in first and "buiten je functies" not in first and "outside your functions" not in first, first


def test_gradescope_s_checkpoint_test_heads_a_time_out_as_one_too():
    from grader.reports import gradescope
    tests = gradescope.render(result(dispatch_loops()), "nl")["tests"]
    assert "- ✘ Niet op tijd klaar (een oneindige lus?) bij: Regel van d1_host_actor_valid[case-0]." in tests[2]["output"]
