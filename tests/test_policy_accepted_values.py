"""The restricted policy accepts the exception, function and context forms a correct solution may use (notes and
chains of exceptions, defaults and what functools.wraps wrapped, a @contextmanager as a decorator, ExitStack,
closing, JSONDecoder, decimal, fractions, keyword, traceback to a file), and says how to write what stays out
(grader/sandbox/dunder_values.py, exit_stack.py)."""

import pytest

from grader.details import in_dutch
from grader.sandbox.loader import LoadFailure, load

ACCEPTED = {
    "an exception's notes, chain and traceback (None) as plain values; with_traceback(None)": (
        "e = ValueError('x'); e.add_note('n1'); assert e.__notes__ == ['n1']\n"
        "assert getattr(ValueError(), '__notes__', None) is None\n"
        'try:\n'
        '    ValueError().__notes__\n'
        'except AttributeError as a:\n'
        "    assert '__notes__' in str(a)\n"
        'try:\n'
        '    try:\n'
        "        {}['a']\n"
        '    except KeyError:\n'
        "        raise ValueError('v')\n"
        'except ValueError as e:\n'
        '    assert type(e.__context__) is KeyError and e.__cause__ is None and e.__suppress_context__ is False\n'
        '    assert e.__traceback__ is None\n'
        'try:\n'
        '    try:\n'
        "        int('x')\n"
        '    except ValueError as k:\n'
        "        raise LookupError('v') from None\n"
        'except LookupError as e:\n'
        '    assert e.__suppress_context__ is True and type(e.__context__) is ValueError\n'
        "f = ValueError('y').with_traceback(None)\n"
        'assert type(f) is ValueError\n'
        'class Own(Exception): pass\n'
        "o = Own('z'); o.add_note('q'); assert o.__notes__ == ['q'] and o.with_traceback(None) is o\n"
    ),
    "__defaults__, __kwdefaults__ and __wrapped__ (functools.wraps, lru_cache) of main.py's own functions": (
        'import functools\n'
        'def f(a, b=2, *, c=3): return a\n'
        "assert f.__defaults__ == (2,) and f.__kwdefaults__ == {'c': 3}\n"
        'class C:\n'
        '    def m(self, x=5): return x\n'
        'assert C().m.__defaults__ == (5,) and C.m.__defaults__ == (5,)\n'
        'def deco(fn):\n'
        '    @functools.wraps(fn)\n'
        '    def w(*a): return fn(*a) + 1\n'
        '    return w\n'
        '@deco\n'
        'def h(x): return x\n'
        "assert h(1) == 2 and h.__wrapped__(1) == 1 and h.__name__ == 'h'\n"
        '@functools.lru_cache(maxsize=None)\n'
        'def g(x): return x * 2\n'
        'assert g.__wrapped__(3) == 6\n'
        "assert getattr(len, '__defaults__', 'no') == 'no'\n"
        'try:\n'
        '    print.__wrapped__\n'
        'except AttributeError as e:\n'
        "    assert 'wraps' in str(e)\n"
    ),
    'a @contextmanager as a decorator, contextlib.ExitStack (callbacks, push, pop_all) and closing': (
        'from contextlib import contextmanager, ExitStack, closing, suppress\n'
        'log = []\n'
        '@contextmanager\n'
        'def tag(name):\n'
        "    log.append('in ' + name)\n"
        '    try:\n'
        '        yield name\n'
        '    finally:\n'
        "        log.append('out ' + name)\n"
        "@tag('a')\n"
        'def f(x):\n'
        "    log.append('f')\n"
        '    return x * 2\n'
        "assert f(2) == 4 and f(3) == 6 and log == ['in a', 'f', 'out a', 'in a', 'f', 'out a'], log\n"
        'log.clear()\n'
        'with ExitStack() as stack:\n'
        "    assert stack.enter_context(tag('b')) == 'b'\n"
        "    stack.callback(log.append, 'cb')\n"
        '    @stack.callback\n'
        '    def bye():\n'
        "        log.append('bye')\n"
        "assert log == ['in b', 'bye', 'cb', 'out b'], log\n"
        'log.clear()\n'
        'with ExitStack() as stack:\n'
        '    stack.enter_context(suppress(KeyError))\n'
        "    stack.enter_context(tag('c'))\n"
        "    {}['x']\n"
        "assert log == ['in c', 'out c'], log\n"
        'seen = []\n'
        'with ExitStack() as stack:\n'
        '    stack.push(lambda kind, err, tb: seen.append((kind, str(err), tb)) or True)\n'
        "    raise ValueError('boom')\n"
        "assert seen == [(ValueError, 'boom', None)], seen\n"
        'try:\n'
        '    with ExitStack() as stack:\n'
        "        stack.callback(int, 'x')\n"
        'except ValueError:\n'
        '    pass\n'
        'else:\n'
        '    raise AssertionError\n'
        'with ExitStack() as stack:\n'
        "    stack.callback(log.append, 'later')\n"
        '    kept = stack.pop_all()\n'
        "assert 'later' not in log\n"
        'kept.close()\n'
        "assert log[-1] == 'later'\n"
        'class Res:\n'
        '    closed = False\n'
        '    def close(self):\n'
        '        self.closed = True\n'
        'r = Res()\n'
        'with closing(r) as got:\n'
        '    assert got is r\n'
        'assert r.closed\n'
        'try:\n'
        '    ExitStack().enter_context(5)\n'
        'except TypeError as e:\n'
        "    assert 'context manager' in str(e)\n"
    ),
    "json.JSONDecoder (also a subclass of main.py's), keyword, decimal.Decimal and fractions.Fraction": (
        'import json, keyword\n'
        'from decimal import Decimal, ROUND_HALF_UP, InvalidOperation\n'
        'from fractions import Fraction\n'
        'd = json.JSONDecoder(object_pairs_hook=lambda pairs: dict(pairs))\n'
        'assert d.decode(\'{"a": 1}\') == {\'a\': 1} and d.raw_decode(\'[1] x\') == ([1], 3)\n'
        'class Strict(json.JSONDecoder):\n'
        '    def __init__(self):\n'
        '        super().__init__(object_pairs_hook=self.pairs)\n'
        '    def pairs(self, pairs):\n'
        '        keys = [k for k, v in pairs]\n'
        '        if len(set(keys)) != len(keys):\n'
        "            raise ValueError('dup')\n"
        '        return dict(pairs)\n'
        'assert json.loads(\'{"a": 1}\', cls=Strict) == {\'a\': 1}\n'
        'try:\n'
        '    Strict().decode(\'{"a": 1, "a": 2}\')\n'
        'except ValueError:\n'
        '    pass\n'
        'else:\n'
        '    raise AssertionError\n'
        "assert keyword.iskeyword('if') and not keyword.iskeyword('ticket') and 'if' in keyword.kwlist\n"
        "assert Decimal('1.25').quantize(Decimal('0.1'), rounding=ROUND_HALF_UP) == Decimal('1.3')\n"
        'assert Fraction(1, 3) + Fraction(1, 6) == Fraction(1, 2) and type(Fraction(1)) is Fraction\n'
        'assert isinstance(Decimal(1), Decimal) and Decimal(1) == 1 and Fraction(1) == 1\n'
        'try:\n'
        "    Decimal('x')\n"
        'except InvalidOperation:\n'
        '    pass\n'
    ),
    'traceback.print_exc and print_exception write to file= (the old three-argument form too)': (
        'import traceback, io, sys\n'
        'b = io.StringIO()\n'
        'try:\n'
        '    1/0\n'
        'except ZeroDivisionError as e:\n'
        '    traceback.print_exc(file=b)\n'
        '    traceback.print_exception(e, file=b)\n'
        '    traceback.print_exception(type(e), e, e.__traceback__, file=b)\n'
        '    traceback.print_exc(None, b)\n'
        "line = 'Traceback: not shown in the grader\\n'\n"
        "error = 'ZeroDivisionError: division by zero\\n'\n"
        "assert b.getvalue() == line + error + error + line, repr(b.getvalue())\n"
    ),
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted(source):
    source += "\ndef validate_ticket_proposal(p):\n    return p\n"
    assert "validate_ticket_proposal" in load(source.encode()).functions


def refusal(source: str) -> str:
    with pytest.raises(LoadFailure) as failure:
        load((source + "\ndef validate_ticket_proposal(p):\n    return p\n").encode())
    return failure.value.problem.detail


@pytest.mark.parametrize("source,named,instead,dutch", [
    ("def counter():\n    n = 0\n    return lambda: n\ncells = counter().__closure__", '"__closure__"',
     "a default argument", "een standaardargument"),
    ("def f():\n    pass\ng = getattr(f, '__clo' + 'sure__')", '"__closure__"', "a default argument",
     "een standaardargument"),
    ("def f():\n    pass\ng = f.__globals__", '"__globals__"', "globals()[name]", "globals()[naam]"),
    ("w = getattr(len, '__wrapped__')", '"__wrapped__"', "functools.wraps", "functools.wraps"),
    ("d = print.__defaults__", '"__defaults__"', "a function main.py defines", "een functie die main.py"),
    ("n = (1).__context__", '"__context__"', "read it off an exception", "lees het van een exception"),
])
def test_a_refused_value_names_itself_and_how_to_write_it_instead(source, named, instead, dutch):
    detail = refusal(source)
    assert named in detail and instead in detail, detail
    assert named in in_dutch(detail) and dutch in in_dutch(detail) and " the grader" not in in_dutch(detail), detail


def test_the_context_of_an_exception_the_grader_handles_is_not_shown():
    # json's scanner raised and caught a StopIteration (its own code, not main.py's) before the JSONDecodeError.
    assert "validate_ticket_proposal" in load(
        b"import json\ntry:\n    json.loads('{')\nexcept ValueError as e:\n    assert e.__context__ is None\n"
        b"def validate_ticket_proposal(p):\n    return p\n").functions
