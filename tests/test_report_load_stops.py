"""A main.py whose functions never came to be: an exit() before them, or defs under ``if __name__ == "__main__":``,
is said as such (not "defines none of the three functions; check the names"); a file in no known encoding names
its byte and line."""

from __future__ import annotations

import re

import pytest

from grader.sandbox.loader import LoadFailure, load
from test_report_texts import self_check
from test_reports import load_error, md, result, shown, all_passing

DEFS = ("def validate_ticket_proposal(p):\n    return p\n\n"
        "def proposal_fingerprint(p):\n    return 'x'\n\n"
        "def dispatch_ticket(p, a, ok, s, c):\n    return s, c\n")


def _problem(source: str) -> dict:
    with pytest.raises(LoadFailure) as failure:
        load(source.encode())
    return failure.value.problem.to_dict()


@pytest.mark.parametrize("stop", ["exit()", "sys.exit(0)", "quit()", "raise SystemExit"])
def test_an_exit_before_the_functions_names_its_line(stop):
    problem = _problem(f"import sys\nprint('hoi')\n{stop}\n\n{DEFS}")
    assert problem["kind"] == "missing-functions" and problem["cause"] == "exit"
    assert problem["line"] == 3 and problem["source"] == stop


def test_functions_in_a_main_block_are_named_so():
    problem = _problem('if __name__ == "__main__":\n' + "".join("    " + line if line else line
                                                               for line in DEFS.splitlines(True)))
    assert problem["kind"] == "missing-functions" and problem["cause"] == "main-block" and problem["line"] == 1


def test_a_file_without_the_functions_has_no_cause():
    assert "cause" not in _problem("def helper(p):\n    return p\n")


@pytest.mark.parametrize("lang, said, wrong", [
    ("nl", "exit() op regel 3 stopte het laden", "controleer de namen"),
    ("en", "exit() on line 3 stopped loading", "check the names")])
def test_the_terminal_and_the_reports_say_exit_stopped_loading(lang, said, wrong):
    res = load_error("missing-functions", lang, detail="validate_ticket_proposal", line=3, source="sys.exit(0)")
    res["load"]["problem"]["cause"] = "exit"
    for rendered in (self_check(res, lang), md(res, lang), shown(res, lang)):
        assert said in rendered and wrong not in rendered.lower(), rendered


@pytest.mark.parametrize("lang, said, wrong", [
    ("nl", 'in het blok if __name__ == "__main__":', "controleer de namen"),
    ("en", 'in the block if __name__ == "__main__":', "check the names")])
def test_the_terminal_and_the_reports_say_the_main_block_does_not_run(lang, said, wrong):
    res = load_error("missing-functions", lang, detail="validate_ticket_proposal", line=1,
                     source='if __name__ == "__main__":')
    res["load"]["problem"]["cause"] = "main-block"
    for rendered in (self_check(res, lang), md(res, lang), shown(res, lang)):
        rendered = re.sub(r"<[^>]+>|`", "", rendered).replace("&#34;", '"').replace("&quot;", '"')
        assert said in rendered and wrong not in rendered.lower(), rendered


@pytest.mark.parametrize("lang, said", [("nl", "exit() op regel 12"), ("en", "exit() on line 12")])
def test_an_exit_after_some_functions_is_said_on_the_terminal_too(lang, said):
    res = result(all_passing(), lang=lang, notes=[{"kind": "exit-called", "line": 12}])
    res["graded_file"] = "main.py"
    assert said in self_check(res, lang)


@pytest.mark.parametrize("lang, said", [("nl", "byte 0x81 op regel 2"), ("en", "byte 0x81 on line 2")])
def test_a_file_in_no_known_encoding_names_its_byte_and_line(lang, said):
    with pytest.raises(LoadFailure) as failure:
        load(b"x = 1\n# caf\x81\n")
    res = load_error("encoding", lang, **{key: value for key, value in failure.value.problem.to_dict().items()
                                         if key in ("detail", "line", "column", "source")})
    out = self_check(res, lang)
    assert said in out and "None" not in out, out


def test_the_parent_takes_a_load_message_with_a_cause():
    # The child's message with the new field was refused as malformed: "the process stopped unexpectedly: exit 0".
    from grader.execution import valid_load
    problem = {"kind": "missing-functions", "detail": "x", "line": 3, "column": None, "source": "exit()"}
    message = {"load": True, "status": "failed", "output": "", "problem": problem}
    assert valid_load(message) and valid_load({**message, "problem": {**problem, "cause": "exit"}})
    assert not valid_load({**message, "problem": {**problem, "cause": "other"}})


@pytest.mark.parametrize("cause, nl, en", [("exit", "exit() vóór de functies", "exit() before the functions"),
                                           ("main-block", 'functies in een __main__-blok', "functions in a __main__ block")])
def test_the_class_outputs_name_the_cause_too(cause, nl, en):
    # The class table said "laadfout (geen van de drie functies)" of a file whose exit() stopped loading.
    from grader.reports import load_reason
    problem = {"kind": "missing-functions", "detail": "x", "line": 3, "column": None, "source": "exit()", "cause": cause}
    assert load_reason.reason(problem, "nl") == nl and load_reason.reason(problem, "en") == en
