"""A load problem's detail, when it is one of the grader's own messages, reads in Dutch in a Dutch report."""

from __future__ import annotations

import sys

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
    "print(x.__reduce_ex__)",
    "print(().__dict__)",
    "import json\nvars(json)",
    "import contextlib, json\ncontextlib.contextmanager(json.dumps)",
    "from enum import Enum, unique\nunique(int)",
    "from enum import Enum\nclass A(Enum):\n    X = 1\nclass B(A):\n    Y = 2",
    "import enum, json\nclass A(json.JSONEncoder, enum.Enum):\n    X = 1",
    "class D(dict):\n    pass\ndict.__setitem__({}, 1, 2)",
    "import json\njson.dumps.__qualname__",
    "def f():\n    open('x', 'w').write('x' * 2 ** 21)\nf()",
    "open('x')",
    "open(__file__, 'w')",
    "import os\nos.remove(__file__)",
    "import enum\nclass S(enum.Enum):\n    _ignore_ = 3",
    "eval('1')",
    "class A:\n    pass\nsetattr(A(), '__class__', dict)",
    "class ABCMeta:\n    pass\nclass A(metaclass=ABCMeta):\n    pass",
    "import abc\nabc.ABCMeta('X', (), {})",
    "from functools import singledispatch\n@singledispatch\ndef f(x):\n    return x\n@f.register\ndef _(x: 'json'):\n"
    "    return 1",
    "async def f():\n    pass\nf()",
    "def f():\n    from os import *",
    "class A(metaclass=B):\n    pass",
    "match 1:\n    case int(real=r):\n        pass",
    "match x:\n    case {a.b: 1}:\n        pass",
    "match x:\n    case a.b | [1]:\n        pass",
    "import socket\nsocket.socket()",
    "import sys\nsys.path",
    "import math\nmath.pi = 3",
    "type('A', (), {})",
    "class A(type):\n    pass",
    "x = 1\nx.y = 2",
    "def f():\n    x = 1\n    return lambda: x\nf().__closure__",
    "getattr(len, '__wrapped__')",
    "import copy\ncopy.copy(iter([]))",
    "class A:\n    @staticmethod\n    def __eq__(other):\n        return True",
    "name = input('Naam? ')",
    "globals()['_getattr_'] = 1",
    "globals().clear()",
    "try:\n    pass\nexcept* ValueError:\n    pass",
    "from statistics import *",
    "import enum\nclass S(str, enum.Enum):\n    def __new__(cls, value):\n        member = str.__new__(cls, value)\n"
    "        member._value_ = value\n        return member\n    OPEN = 'open'",
    "import enum\nclass S(enum.Enum):\n    _order_ = 'OPEN'\n    OPEN = 'open'",
    "import pickle\nclass Row:\n    pass\npickle.dumps(Row())",
    "import pickle\npickle.loads(b'cos\\nsystem\\n(S\\'ls\\'\\ntR.')",
]
# The grader's own exception classes, which a student must never see by name.
INTERNAL = ("InputCalled", "ExitCalled", "LoadTimeout", "CheckTimeout", "MemoryLimit")


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
    problem = problem_of("eval('1')")
    result = {"id": "anna", "score": 0, "max_score": 3, "status": "load-error", "checkpoints": {},
              "load": {"problem": problem, "notes": [], "output": ""}}
    view = feedback.build(result)
    assert "`eval() is niet beschikbaar in de beoordelaar.`" in markdown.render_feedback(view, "nl")
    assert "`eval() is not available in the grader.`" in markdown.render_feedback(view, "en")


@pytest.mark.parametrize("code", ["name = input('Naam? ')", "def f():\n    exit()\nf()",
                                  "def f():\n    raise SystemExit(1)\nf()"])
def test_the_grader_s_own_exception_classes_are_never_named(code):
    detail = problem_of(code)["detail"]  # exit() at load time ends the body: the functions are missing
    assert not any(name in detail + in_dutch(detail) for name in INTERNAL), detail


def test_a_check_that_meets_input_or_exit_says_what_happened_in_both_languages():
    from grader.battery import Student
    from grader.sandbox.loader import load as load_source
    loaded = load_source(b"def validate_ticket_proposal(p):\n    input('x')\n"
                         b"def proposal_fingerprint(p):\n    exit()\n"
                         b"def dispatch_ticket(*a):\n    raise SystemExit(1)\n")
    student = Student(loaded.functions, loaded.source_lines)
    said = [student.call(name, {}).got() for name in ("validate_ticket_proposal", "proposal_fingerprint",
                                                        "dispatch_ticket")]
    for text in said:
        assert not any(name in text["nl"] + text["en"] for name in INTERNAL), text
    assert "input()" in said[0]["en"] and "keyboard" in said[0]["en"] and "toetsenbord" in said[0]["nl"]
    assert "SystemExit" in said[1]["en"] and "exit()" in said[1]["en"] and "aangeroepen" in said[1]["nl"]
    assert "SystemExit: 1" in said[2]["en"] and "SystemExit: 1" in said[2]["nl"]


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="this syntax is valid from Python 3.12 on")
@pytest.mark.parametrize("code", ["type Ticket = dict[str, str]", "def first[T](items: list[T]) -> T:\n    return items[0]",
                                  "class Box[T]:\n    pass", "x = 'a'\ny = f\"{x + \"b\"}\""])
def test_syntax_of_a_newer_python_says_which_python_grades(code):
    # Valid on the student's Python 3.12: "invalid syntax" alone would send them looking for a typo.
    detail = problem_of(code)["detail"]
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    assert "Python 3.12" in detail and version in detail
    assert "Python 3.12" in in_dutch(detail) and "beoordeling" in in_dutch(detail)


def test_a_plain_syntax_error_says_nothing_of_python_versions():
    assert "Python" not in problem_of("def f(:\n    pass")["detail"]
    assert "Python" not in problem_of("x = f'{'")["detail"]


@pytest.mark.parametrize("reason, dutch", [("Permission denied", "geen toegang (Permission denied)"),
                                           ("No such file or directory", "bestaat niet (No such file or directory)"),
                                           ("Is a directory", "is een map (Is a directory)"),
                                           ("no regular file (a named pipe, socket or device)",
                                            "geen gewoon bestand (een named pipe, socket of apparaat)")])
def test_why_a_file_could_not_be_read_is_said_in_dutch_too(reason, dutch):
    # A Dutch report said "kan main.py niet lezen: Permission denied"; the system's own words stay beside it.
    assert in_dutch(reason) == dutch


# A module main.py imports that the grader does not offer, used at load time or in a function.
STATISTICS_AT_LOAD = "from statistics import mean\nZERO = mean([0])\n"


def _listed_modules(text: str) -> list[str]:
    """The module names a refusal lists, after ``(modules: `` up to ``)``, ``and N more`` / ``en nog N`` left off."""
    listed = text.split("(modules: ", 1)[1].split(")", 1)[0]
    for more in (" and ", " en nog "):
        listed = listed.split(more, 1)[0]
    return listed.split(", ")


@pytest.mark.parametrize("code", [STATISTICS_AT_LOAD, "import sqlite3\nsqlite3.connect(':memory:')",
                                  "from statistics import median as m\nimport json\nm([1, 2])",
                                  "import argparse\nOPTIONS = argparse.ArgumentParser().parse_args()"])
def test_a_module_not_offered_is_named_and_the_modules_there_are_listed_whole(code):
    # The list was cut mid-word at 300 characters ("... time, traceback, t…") and did not say which module it was.
    # argparse stays out: Python's parser sets what it parses with the real setattr on objects its actions are
    # handed, and its actions, parser classes and print methods are reachable from main.py (a command line parsed
    # at import is a load error that names it; under the main guard it never runs).
    from grader.sandbox.guards import Guards
    from grader.sandbox.output import OutputBuffer
    detail = problem_of(code)["detail"]
    module = next(name for name in ("sqlite3", "argparse", "statistics") if name in code)
    offered = set(Guards(OutputBuffer()).views)
    for text in (detail, in_dutch(detail)):
        assert "…" not in text and f"module {module}" in text, text
        assert set(_listed_modules(text)) == {name for name in offered if not name.startswith("_")}, text
    assert " more)" not in detail and " en nog " not in in_dutch(detail)  # a load failure's list is whole


def test_a_check_that_meets_a_module_not_offered_gets_a_hint_about_that_module():
    # The rule's own hint ("Eis een str en laat het patroon ...") was shown beside the refusal.
    from grader.battery import Mismatch, Student
    from grader.sandbox.loader import load as load_source
    loaded = load_source(b"from statistics import mean\ndef validate_ticket_proposal(p):\n    return mean([1])\n")
    student = Student(loaded.functions, loaded.source_lines)
    call = student.call("validate_ticket_proposal", {})
    with pytest.raises(Mismatch) as found:
        call.expect_value_error(hint={"nl": "Eis een str.", "en": "Require a str."})
    detail = found.value.detail
    assert "…" not in detail["got"]["en"] and "module statistics" in detail["got"]["en"]
    assert "module statistics" in detail["got"]["nl"] and "en nog " in detail["got"]["nl"]
    for lang in ("nl", "en"):
        assert "statistics" in detail["hint"][lang] and "hashlib" in detail["hint"][lang], detail["hint"]
        assert "str" not in detail["hint"][lang]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_the_student_sees_the_refused_module_and_a_fitting_tip_on_the_terminal_and_in_the_reports(tmp_path, lang):
    from conftest import SOLUTIONS, run_grade
    code = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_text(encoding="utf-8")
    code = "from statistics import mean\n" + code.replace("def _is_id(value):\n", "def _is_id(value):\n    mean([1])\n")
    assert "mean([1])" in code
    (tmp_path / "main.py").write_text(code, encoding="utf-8")
    done = run_grade(str(tmp_path / "main.py"), "--out", str(tmp_path / "out"), "--lang", lang)
    assert done.returncode == 1, done.stderr
    report = (tmp_path / "out" / "feedback" / "main.md").read_text(encoding="utf-8")
    page = (tmp_path / "out" / "feedback" / "main.html").read_text(encoding="utf-8")
    more = {"nl": " en nog ", "en": " and "}[lang]
    for text in (done.stdout, report, page):
        assert "module statistics" in text and more in text and "hashlib" in text, text[:3000]
        assert not any(line.rstrip().endswith("…") or "…)" in line or "… (" in line
                       for line in text.splitlines() if "statistics" in line)
        assert "Eis een str" not in text and "Require a str" not in text


def test_a_module_not_offered_at_load_time_gets_a_tip_naming_the_modules_the_lesson_needs():
    problem = problem_of(STATISTICS_AT_LOAD)
    result = {"id": "anna", "score": 0, "max_score": 3, "status": "load-error", "checkpoints": {},
              "load": {"problem": problem, "notes": [], "output": ""}}
    view = feedback.build(result)
    for lang, more in (("nl", " en nog "), ("en", " more)")):
        report = markdown.render_feedback(view, lang)  # the whole list of modules: cut, on the terminal only
        assert "module statistics" in report and more not in report and "…" not in report and "zoneinfo" in report
        assert "re, json, hashlib" in report, report


@pytest.mark.parametrize("code, hint", [
    ("import enum\nclass S(enum.Enum):\n    def __new__(cls, value, label):\n        member = object.__new__(cls)\n"
     "        member._value_ = value\n        return member\n    OPEN = ('open', 'Open')", "def __init__(self, code, label)"),
    ("import enum\nclass S(enum.Enum):\n    _order_ = 'OPEN DONE'\n    OPEN = 1\n    DONE = 2", "keep the order")])
def test_an_enum_written_as_python_s_documentation_does_is_told_what_to_write_instead(code, hint):
    # Refused with only "is reserved" or "is not an attribute a submission may use": the enum's own names
    # _value_ and _order_ belong to the grader's enum here.
    detail = problem_of(code)["detail"]
    assert hint in detail and detail.endswith("."), detail
    assert "zonder __new__" in in_dutch(detail) or "volgorde" in in_dutch(detail), in_dutch(detail)

