"""What a student reads when a required function is missing: its name, a close name main.py has instead, and a file
with none of the three functions, in the self-check and the reports."""

from __future__ import annotations

import pytest

from test_report_texts import self_check, terminal_result
from test_reports import all_passing, check, load_error, md, passing, result, shown


def test_the_self_check_names_the_graded_file_for_a_missing_function():
    checks = passing("v", 1, 1) + passing("f", 2, 1) + [check("d1", 3, "failed", tried="t", expected="e", got="g")]
    out = self_check(terminal_result(checks, notes=[{"kind": "missing-function", "name": "dispatch_ticket"}]), "nl")
    assert "eva.py definieert geen functie dispatch_ticket" in out and "main.py" not in out


@pytest.mark.parametrize("lang, words", [("nl", "Bedoelde je dispatch_tickets?"), ("en", "Did you mean dispatch_tickets?")])
def test_a_missing_function_with_a_near_name_asks_whether_it_was_meant(lang, words):
    checks = passing("v", 1, 1) + passing("f", 2, 1) + [check("d1", 3, "failed", tried="t", expected="e", got="g")]
    note = {"kind": "missing-function", "name": "dispatch_ticket", "near": "dispatch_tickets"}
    out = self_check(terminal_result(checks, lang=lang, notes=[note]), lang)
    assert "(" + words[0].lower() + words[1:].replace("?", "?)") in out and "dispatch_ticket" in out
    res = result(all_passing(), lang=lang, notes=[note])
    assert words.replace("dispatch_tickets", "`dispatch_tickets`") in md(res, lang)
    assert "dispatch_tickets" in shown(res, lang)


def test_a_file_with_none_of_the_three_functions_is_said_to_define_none_not_to_fail_loading():
    res = terminal_result(passing("v", 1, 1), notes=())
    res["status"], res["load"]["problem"] = "load-error", {"kind": "missing-functions", "line": None, "column": None,
                                                          "source": None, "detail": "validate_ticket_proposal"}
    out = self_check(res, "nl")
    assert "eva.py definieert geen van de drie functies" in out and "kon niet worden geladen" not in out


@pytest.mark.parametrize("lang, heading", [("nl", "main.py definieert geen van de drie functies"),
                                           ("en", "main.py defines none of the three functions")])
def test_a_file_without_the_three_functions_is_not_said_to_have_failed_loading(lang, heading):
    res = load_error("missing-functions", lang, detail="validate_ticket_proposal, proposal_fingerprint, dispatch_ticket",
                     line=3, source="def validate_ticket_propsal(proposal):")
    for rendered in (md(res, lang), shown(res, lang)):
        assert heading in rendered and "def validate_ticket_propsal(proposal):" in rendered
        assert "could not be loaded" not in rendered and "kon niet worden geladen" not in rendered


@pytest.mark.parametrize("char", ["\ufe0f", "\u3164", "\u034f", "\u180b"])
def test_a_def_name_with_an_invisible_letter_is_not_shown_as_the_required_name(char):
    # def validate_ticket_proposal\ufe0f (a variation selector, a Hangul filler: letters a name may hold, drawn
    # as nothing) defines another function: the hint and the def's line must not read as the right name.
    name = "validate_ticket_proposal" + char
    note = {"kind": "missing-function", "name": "validate_ticket_proposal", "near": name}
    checks = passing("f", 2, 1) + passing("d", 3, 1) + [check("v1", 1, "failed", tried="t", expected="e", got="g")]
    out = self_check(terminal_result(checks, lang="en", notes=[note]), "en")
    res = load_error("missing-functions", "en", detail="validate_ticket_proposal", line=1, source=f"def {name}(p):")
    loaded = result(checks, lang="en", notes=[note])
    for rendered in (out, md(res, "en"), shown(res, "en"), md(loaded, "en"), shown(loaded, "en")):
        assert name not in rendered and "validate_ticket_proposal\\u" in rendered  # (the report's own ⚠️ has one)


@pytest.mark.parametrize("lang, words", [("nl", "bedoelde je validate_ticket_proposal?"),
                                         ("en", "did you mean validate_ticket_proposal?")])
def test_a_file_with_none_of_the_three_functions_asks_whether_a_close_def_was_meant(lang, words):
    res = load_error("missing-functions", lang, detail="validate_ticket_proposal, proposal_fingerprint, dispatch_ticket",
                     line=1, source="def validate_ticket(p):")
    res["graded_file"] = "nofn.py"
    assert words in self_check(res, lang)
    for rendered in (md(res, lang), shown(res, lang)):
        assert words.replace("validate_ticket_proposal", "`validate_ticket_proposal`") in rendered or \
            words in rendered, rendered
    far = load_error("missing-functions", lang, detail="", line=1, source="def helper(p):")
    far["graded_file"] = "nofn.py"
    assert "?" not in self_check(far, lang).split("\n")[0] and words not in md(far, lang)


@pytest.mark.parametrize("written, meant", [("fingerprint_proposal", "proposal_fingerprint"),
                                            ("ticket_dispatch", "dispatch_ticket"),
                                            ("validate_proposal_ticket", "validate_ticket_proposal")])
def test_a_function_whose_name_has_its_words_in_another_order_is_suggested(written, meant):
    # Only proposal_fingerprint renamed to fingerprint_proposal: no "did you mean" (difflib's ratio is 0.55).
    from grader.reports.notes import intended
    from grader.sandbox.loader import near_name
    assert near_name(meant, {written: len, "helper": len}) == {"near": written}
    assert intended(f"def {written}(p):") == meant
    assert near_name(meant, {"helper": len}) == {}
