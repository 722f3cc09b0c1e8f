"""A main.py whose three functions all have a close name (none of the three is defined): each close name is named,
once, in the report and on the terminal, not only the first."""

from __future__ import annotations

import pytest

from conftest import run_grade
from grader import execution

TYPOS = ("def validate_ticket_propsal(proposal):\n    return []\n\n\n"
         "def fingerprint_proposal(proposal):\n    return ''\n\n\n"
         "def dispatchTicket(proposals, fingerprints):\n    return []\n")


@pytest.mark.parametrize("lang, meant", [("nl", "bedoelde je {near}"), ("en", "did you mean {near}")])
def test_each_close_name_is_named_when_none_of_the_three_is_defined(tmp_path, lang, meant):
    # Only validate_ticket_propsal (the problem's own def line) was suggested; the other two typos were not named.
    (tmp_path / "main.py").write_text(TYPOS, encoding="utf-8")
    done = run_grade(str(tmp_path / "main.py"), "--out", str(tmp_path / "out"), "--lang", lang)
    report = (tmp_path / "out" / "feedback" / "main.md").read_text(encoding="utf-8").replace("`", "")
    for said in (done.stdout, report):
        assert said.lower().count(meant.format(near="validate_ticket_proposal")) == 1, said
        assert said.count("def validate_ticket_propsal") == 1, said
        for near in ("fingerprint_proposal", "dispatchTicket"):
            assert said.lower().count(meant.format(near=near).lower()) == 1, said


def test_a_failed_load_s_notes_are_shape_checked():
    problem = {"kind": "missing-functions", "detail": "x", "line": 1, "column": None, "source": "def f():"}
    message = {"load": True, "status": "failed", "output": "", "problem": problem}
    note = {"kind": "missing-function", "name": "dispatch_ticket", "near": "dispatchTicket"}
    assert execution.valid_load(message) and execution.valid_load({**message, "notes": [note]})
    assert not execution.valid_load({**message, "notes": [{**note, "near": ["x"]}]})
    assert not execution.valid_load({**message, "notes": [{"kind": "exit-called", "line": 3}]})
    assert not execution.valid_load({**message, "notes": note})
