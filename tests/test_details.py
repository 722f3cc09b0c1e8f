"""A load problem's detail, when it is one of the grader's own messages, reads in Dutch in a Dutch report."""

from __future__ import annotations

import pytest

from grader.reports import feedback, markdown
from grader.details import in_dutch
from grader.sandbox.loader import LoadFailure, load

# main.py texts that the policy, RestrictedPython, the loader or the sandbox refuse, each with its own message.
REFUSED = [
    "x" * 101 + " = 1",
    "class A:\n    def __del__(self):\n        pass",
    "__x = 1",
    "builtins = 1",
    "print(x.__dict__)",
    "def f():\n    return open('x')",
    "async def f():\n    pass",
    "from os import *",
    "class A(metaclass=B):\n    pass",
    "match x:\n    case C(a=1):\n        pass",
    "match x:\n    case {a.b: 1}:\n        pass",
    "match x:\n    case a.b | [1]:\n        pass",
    "import socket\nsocket.socket()",
    "import sys\nsys.modules",
    "import math\nmath.pi = 3",
    "type('A', (), {})",
    "class A(type):\n    pass",
    "x = 1\nx.y = 2",
    "try:\n    1 / 0\nexcept Exception as e:\n    e.__traceback__",
    "import copy\ncopy.copy(iter([]))",
    "class A:\n    @staticmethod\n    def __eq__(other):\n        return True",
]


def problem_of(code: str) -> dict:
    with pytest.raises(LoadFailure) as failure:
        load(code.encode())
    return failure.value.problem.to_dict()


@pytest.mark.parametrize("code", REFUSED)
def test_each_own_message_of_the_grader_has_a_dutch_form(code):
    problem = problem_of(code)
    dutch = in_dutch(problem["detail"])
    assert dutch != problem["detail"], problem
    assert not any(word in dutch for word in (" is not ", " the grader", " allowed", " cannot ")), dutch


@pytest.mark.parametrize("data", [b"x = 1\x00", b"\x81\x81 = 1", b"# nothing", b"x" * (256 * 1024 + 1),
                                  b"def f():\n\tif 1:\n        pass"])
def test_the_loaders_own_messages_have_a_dutch_form(data):
    with pytest.raises(LoadFailure) as failure:
        load(data)
    detail = failure.value.problem.detail
    assert in_dutch(detail) != detail, detail


def test_python_s_own_messages_stay_as_python_writes_them():
    for detail in ("ZeroDivisionError: division by zero", "invalid syntax", "NameError: name 'x' is not defined"):
        assert in_dutch(detail) == detail


def test_a_dutch_report_shows_the_dutch_form_and_an_english_one_the_original():
    problem = problem_of("def f():\n    return open('x')")
    result = {"id": "anna", "score": 0, "max_score": 3, "status": "load-error", "checkpoints": {},
              "load": {"problem": problem, "notes": [], "output": ""}}
    view = feedback.build(result)
    assert "`open() is niet beschikbaar in de beoordelaar.`" in markdown.render_feedback(view, "nl")
    assert "`open() is not available in the grader.`" in markdown.render_feedback(view, "en")
