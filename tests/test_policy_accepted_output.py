"""What main.py prints and where it goes: contextlib.redirect_stdout and redirect_stderr into an io.StringIO of
main.py's own (a trail of a helper's printed lines kept or checked), sys.stdout and sys.stderr, json.dump into a
buffer, and what reaches the captured output. An object of main.py's own is written to by its write method, read
through the attribute guard as main.py's own code would read it (print(..., file=trail), json.dump)."""

import pytest

from grader.sandbox.loader import load

END = "\ndef validate_ticket_proposal(p):\n    return p\n"

REDIRECTED = {
    "print, sys.stdout.write and print(file=sys.stdout) into the buffer; sys.stderr not": (
        "import contextlib, io, sys\nbuf = io.StringIO()\nwith contextlib.redirect_stdout(buf) as got:\n"
        "    print('x')\n    sys.stdout.write('y\\n')\n    print('e', file=sys.stderr)\n    print('z', file=sys.stdout)\n"
        "assert got is buf and buf.getvalue() == 'x\\ny\\nz\\n'\nprint('after')\nassert buf.getvalue() == 'x\\ny\\nz\\n'"
    ),
    "redirect_stderr, and redirect_stdout(sys.stderr) inside it": (
        "from contextlib import redirect_stderr, redirect_stdout\nimport io, sys\nerr = io.StringIO()\n"
        "with redirect_stderr(err):\n    print('w', file=sys.stderr)\n    sys.stderr.write('v')\n"
        "    with redirect_stdout(sys.stderr):\n        print('u')\n    print('t')\nassert err.getvalue() == 'w\\nvu\\n'"
    ),
    "nested redirects, each to its own buffer; pprint follows them": (
        "import contextlib, io, pprint\na, b = io.StringIO(), io.StringIO()\nwith contextlib.redirect_stdout(a):\n"
        "    print(1)\n    with contextlib.redirect_stdout(b):\n        pprint.pprint({'k': 2})\n    print(3)\n"
        "assert a.getvalue() == '1\\n3\\n' and b.getvalue() == \"{'k': 2}\\n\""
    ),
    "redirect_stdout(sys.stdout) inside another redirect keeps that redirect's buffer": (
        "import contextlib, io, sys\nb = io.StringIO()\nwith contextlib.redirect_stdout(b):\n"
        "    with contextlib.redirect_stdout(sys.stdout):\n        print('in b')\nassert b.getvalue() == 'in b\\n'"
    ),
    "the redirect's internals are not there and it is read-only": (
        "import contextlib, io\nr = contextlib.redirect_stdout(io.StringIO())\n"
        "for action in (lambda: r._target, lambda: r._output, lambda: setattr(r, 'x', 1)):\n    try:\n        action()\n"
        "    except (AttributeError, TypeError):\n        pass\n    else:\n        raise AssertionError"
    ),
    "json.dump into a buffer (or sys.stdout) and json.load from one; os.linesep joins lines": (
        "import io, json, os, sys\nb = io.StringIO()\nassert json.dump({'b': 1, 'a': [2]}, b, sort_keys=True, separators=(',', ':')) is None\n"
        "assert b.getvalue() == '{\"a\":[2],\"b\":1}' and json.load(io.StringIO(b.getvalue())) == {'a': [2], 'b': 1}\n"
        "json.dump([1], sys.stdout)\nclass Sink:\n    def __init__(self):\n        self.parts = []\n"
        "    def write(self, text):\n        self.parts.append(text)\nsink = Sink()\njson.dump('x', sink)\n"
        "assert sink.parts == ['\"x\"'] and os.linesep.join(['a', 'b']) == 'a\\nb'\ntry:\n    json.dump(1, json)\n"
        "except AttributeError:\n    pass\nelse:\n    raise AssertionError"
    ),
}


@pytest.mark.parametrize("source", REDIRECTED.values(), ids=REDIRECTED.keys())
def test_redirected_output_lands_where_python_puts_it(source):
    assert "validate_ticket_proposal" in load((source + END).encode()).functions


def test_an_object_of_main_py_is_written_by_its_own_write_and_none_drops_the_text():
    source = ("import contextlib, sys\nwith contextlib.redirect_stdout(None):\n    print('gone')\nprint('kept')\n"
              "class Writer:\n    def __init__(self):\n        self.parts = []\n    def write(self, text):\n"
              "        self.parts.append(text)\nw = Writer()\nwith contextlib.redirect_stdout(w):\n    print('a', 1)\n"
              "    sys.stdout.write('b')\nprint('c', end='', file=w)\nassert w.parts == ['a 1\\n', 'b', 'c'], w.parts\n"
              "print('err', file=sys.stderr)\ntry:\n    print('x', file=sys)\nexcept AttributeError:\n    print('no write')")
    assert load((source + END).encode()).output == "kept\nerr\nno write\n"


def test_help_runs_and_shows_nothing_at_module_level_and_in_a_function():
    """A notebook's cell that looks a function up (``help(json.dumps)``) loads and shows nothing, as do the cells
    after it; help() gives None, as Python's does."""
    source = ("import json, hashlib\nhelp(json.dumps)\nhelp(hashlib.sha256())\nhelp()\nprint('after')\n"
              "def look():\n    return help(look)\nassert look() is None")
    assert load((source + END).encode()).output == "after\n"
