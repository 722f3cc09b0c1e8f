"""Correct styles that reach builtins and special methods: ``delattr`` on main.py's own objects; each accepted
source loads and its own asserts hold, each refused one fails with the error given."""

import pytest

from grader.sandbox.loader import LoadFailure, load

TAIL = "\ndef validate_ticket_proposal(p):\n    return p\n"

ACCEPTED = {
    "delattr on an own object, class, function and main.py's module, as del obj.name": (
        "import sys\nclass Cache:\n    limit = 3\nc = Cache()\nc.rows = [1]\ndelattr(c, 'rows')\ndelattr(Cache, 'limit')\n"
        "def f():\n    pass\nf.calls = 1\ndelattr(f, 'calls')\nX = 1\ndelattr(sys.modules[__name__], 'X')\n"
        "assert not hasattr(c, 'rows') and not hasattr(Cache, 'limit') and not hasattr(f, 'calls')\n"
        "assert 'X' not in globals()\ntry:\n    delattr(c, 'rows')\nexcept AttributeError:\n    pass\n"
        "else:\n    raise AssertionError"
    ),
}

REFUSED = {
    "delattr of a module's function": ("import json\ndelattr(json, 'dumps')", "TypeError"),
    "delattr of sys": ("import sys\ndelattr(sys, 'exit')", "TypeError"),
    "delattr of a builtin class": ("delattr(int, 'real')", "TypeError"),
    "delattr of a builtin function": ("delattr(len, '__doc__')", "AttributeError"),
    "delattr of a library's function": ("import json\ndelattr(json.dumps, 'x')", "TypeError"),
    "delattr of a file object of the grader's": ("f = open('a', 'w')\ndelattr(f, 'write')", "TypeError"),
    "delattr of an own function's docstring": ("def f():\n    'x'\ndelattr(f, '__doc__')", "AttributeError"),
    "delattr of a guard hook name": ("class A:\n    pass\ndelattr(A(), '_getattr_')", "AttributeError"),
    "delattr with a name that is not a str": ("class A:\n    pass\ndelattr(A(), 1)", "TypeError"),
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted(source):
    assert "validate_ticket_proposal" in load((source + TAIL).encode()).functions


@pytest.mark.parametrize("source,error", REFUSED.values(), ids=REFUSED.keys())
def test_refused(source, error):
    with pytest.raises(LoadFailure, match=error):
        load((source + TAIL).encode())
