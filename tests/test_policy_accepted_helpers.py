"""Standard helpers a dispatcher's author reaches for, accepted as CPython 3.11 runs them: typing.is_typeddict,
dataclasses.make_dataclass (its class is main.py's own, its field names checked like a class statement's), enum.verify
with UNIQUE, CONTINUOUS and NAMED_FLAGS, and string.Formatter, whose fields read attributes through the attribute guard
(grader/sandbox/dataclass_maker.py, enum_checks.py, formatting.py)."""

import pytest

from grader.sandbox.loader import LoadFailure, load

END = "\ndef validate_ticket_proposal(p):\n    return p\n"

ACCEPTED = {
    "typing.is_typeddict of a class statement's, the functional form's and a subclass's TypedDict": (
        "import typing\nfrom typing import TypedDict, is_typeddict\nclass Args(TypedDict):\n    ticket: str\n"
        "class More(Args, total=False):\n    note: str\nRow = TypedDict('Row', {'id': str})\n"
        "assert is_typeddict(Args) and is_typeddict(More) and typing.is_typeddict(Row)\n"
        "assert not any(is_typeddict(x) for x in (dict, TypedDict, Args(ticket='a'), 'Args', None, int))"
    ),
    "typing.cast, get_origin, get_args and assert_never, as Python 3.11 has them": (
        "from typing import Literal, assert_never, cast, get_args, get_origin\nStatus = Literal['open', 'done']\n"
        "assert cast(int, 'x') == 'x' and cast('list[str]', 2) == 2 and get_args(Status) == ('open', 'done')\n"
        "assert get_origin(dict[str, int]) is dict and get_args(dict[str, int]) == (str, int) and get_origin(Status) is Literal\n"
        "def status(value):\n    if value in get_args(Status):\n        return value\n    assert_never(value)\n"
        "try:\n    status('x')\nexcept AssertionError as e:\n    assert str(e) == \"Expected code to be unreachable, but got: 'x'\", str(e)\n"
        "else:\n    raise AssertionError"
    ),
    "dataclasses.make_dataclass with plain, typed and defaulted fields, options and a namespace": (
        "import dataclasses\nfrom dataclasses import field, make_dataclass\n"
        "Row = make_dataclass('Row', ['call_id', ('version', int), ('result', dict, field(default_factory=dict))],\n"
        "                     frozen=True, namespace={'replayed': lambda self: {**self.result, 'replayed': True}})\n"
        "r = Row('c1', 3)\nassert r == Row('c1', 3, {}) and r.result == {} and repr(r) == \"Row(call_id='c1', version=3, result={})\"\n"
        "assert r.replayed() == {'replayed': True} and dataclasses.asdict(r) == {'call_id': 'c1', 'version': 3, 'result': {}}\n"
        "assert [f.name for f in dataclasses.fields(Row)] == ['call_id', 'version', 'result'] and Row.__name__ == 'Row'\n"
        "try:\n    r.version = 4\nexcept dataclasses.FrozenInstanceError:\n    pass\nelse:\n    raise AssertionError\n"
        "from collections import namedtuple\nSpec = namedtuple('Spec', 'name kind')\n"
        "Pair = make_dataclass('Pair', (Spec(n, str) for n in ('left', 'right')))\nassert Pair('a', 'b').right == 'b'\n"
        "Base = make_dataclass('Base', [('a', int)])\nSub = make_dataclass('Sub', [('b', int, 2)], bases=(Base,), order=True)\n"
        "assert Sub(1) < Sub(1, 3) and isinstance(Sub(1), Base) and type(Sub(1)) is Sub and issubclass(Sub, Base)\n"
        "for bad, error in (([('a', int), ('a', str)], 'duplicated'), (['class'], 'keywords'), (['a b'], 'identifiers'),\n"
        "                   ([('a', int, 1, 2)], 'Invalid field')):\n"
        "    try:\n        make_dataclass('Bad', bad)\n    except TypeError as e:\n        assert error in str(e), str(e)\n"
        "    else:\n        raise AssertionError(bad)"
    ),
    "enum.verify(UNIQUE, CONTINUOUS) passes an enum without aliases or gaps, and @unique as before": (
        "import enum\nfrom enum import CONTINUOUS, UNIQUE, Enum, IntEnum, StrEnum, unique, verify\n"
        "@verify(UNIQUE, CONTINUOUS)\nclass Limit(IntEnum):\n    LOW = 1\n    MID = 2\n    HIGH = 3\n"
        "@enum.verify(enum.UNIQUE)\nclass Outcome(StrEnum):\n    OK = 'ok'\n    FORBIDDEN = 'forbidden'\n"
        "@unique\nclass Status(str, Enum):\n    OPEN = 'open'\n    DONE = 'done'\n"
        "@verify(enum.NAMED_FLAGS, CONTINUOUS)\nclass Right(enum.Flag):\n    READ = 1\n    WRITE = 2\n    BOTH = 3\n"
        "assert Limit.MID == 2 and Outcome.OK == 'ok' and Status('done') is Status.DONE and Right.BOTH.value == 3\n"
        "assert repr(UNIQUE) == \"<EnumCheck.UNIQUE: 'one name per value'>\" and str(CONTINUOUS) == 'no skipped integer values'"
    ),
    "enum.verify's ValueError for an alias, a gap in an enum's ints and a missing flag, in CPython's words": (
        "from enum import CONTINUOUS, UNIQUE, Enum, Flag, IntFlag, verify\n"
        "def fails(check, body, base=Enum):\n    try:\n        verify(check)(base('E', body))\n"
        "    except ValueError as e:\n        return str(e)\n    raise AssertionError(body)\n"
        "assert fails(UNIQUE, {'A': 1, 'B': 1, 'C': 2}) == 'aliases found in <enum \\'E\\'>: B -> A'\n"
        "assert fails(CONTINUOUS, {'A': 1, 'B': 4}) == \"invalid enum 'E': missing values 2, 3\"\n"
        "assert fails(CONTINUOUS, {'A': 1, 'B': 8}, Flag) == \"invalid flag 'E': missing values 2, 4\"\n"
        "assert len(fails(CONTINUOUS, {'A': 0, 'B': 10 ** 9})) == 256\n"
        "try:\n    verify(UNIQUE)(int)\nexcept TypeError as e:\n    assert 'only works with Enum and Flag' in str(e)\n"
        "else:\n    raise AssertionError"
    ),
    "string.Formatter formats like str.format, and a subclass may change how it reads a value": (
        "import string\nfrom string import Formatter\nf = Formatter()\n"
        "assert f.format('{0}-{ticket}:{1:>4}{2!r}', 'a', 7, 'x', ticket='t1') == \"a-t1:   7'x'\"\n"
        "assert f.vformat('{} {}', (1, 2), {}) == '1 2' and [p[1] for p in f.parse('a{b}c{}')] == ['b', '']\n"
        "assert f.format('{0.__class__.__name__}', 1) == 'int'\n"
        "class Row:\n    def __init__(self):\n        self.ticket, self.items = 't2', ['open']\n"
        "assert f.format('{0.ticket}/{0.items[0]}/{m[k]}', Row(), m={'k': 5}) == 't2/open/5'\n"
        "class Defaults(string.Formatter):\n    def get_value(self, key, args, kwargs):\n"
        "        return kwargs.get(key, '-') if isinstance(key, str) else super().get_value(key, args, kwargs)\n"
        "assert Defaults().format('{a}{b}{0}', 9, a=1) == '1-9' and isinstance(Defaults(), Formatter)\n"
        "try:\n    f.format('{.real}', 1)\nexcept KeyError:\n    pass\nelse:\n    raise AssertionError"
    ),
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_standard_helpers_are_accepted(source):
    assert "validate_ticket_proposal" in load((source + END).encode()).functions


REFUSED = {
    "a Formatter field reading a function's code": (
        "import string\ndef f():\n    pass\nstring.Formatter().format('{0.__code__}', f)", '"__code__" is not'),
    "a Formatter field reading a function's globals": (
        "import string\ndef f():\n    pass\nstring.Formatter().format('{0.__globals__}', f)", '"__globals__" is not'),
    "a make_dataclass field named like an internal": (
        "import dataclasses\ndataclasses.make_dataclass('R', ['__globals__'])", "is reserved in the grader"),
    "a make_dataclass namespace with a special method": (
        "import dataclasses\ndataclasses.make_dataclass('R', ['a'], namespace={'__reduce_ex__': print})",
        "namespace= names"),
    "a make_dataclass class named like an internal": (
        "import dataclasses\ndataclasses.make_dataclass('gi_frame', ['a'])", "cannot be the name of a class"),
}


@pytest.mark.parametrize("source, reason", REFUSED.values(), ids=REFUSED.keys())
def test_what_would_pass_the_guards_stays_refused(source, reason):
    with pytest.raises(LoadFailure) as failure:
        load((source + END).encode())
    assert reason in failure.value.problem.detail, failure.value.problem.detail


def test_a_module_getattr_and_dir_are_accepted_and_never_asked_for_the_three_functions():
    """PEP 562's module hooks are main.py's own functions: accepted, and never consulted by the loader, which finds
    the three functions by name in main.py's namespace (grader/sandbox/loader.py). A function only the hook would
    hand out is reported missing, and the hook does not run (here it would fail the load)."""
    source = ("import warnings\nOLD = {'fingerprint': 'proposal_fingerprint'}\n"
              "def __getattr__(name):\n    if name in OLD:\n        warnings.warn(name, DeprecationWarning)\n"
              "        return globals()[OLD[name]]\n    raise RuntimeError('the module hook ran for ' + name)\n"
              "def __dir__():\n    raise RuntimeError('the module dir hook ran')\n"
              "def proposal_fingerprint(p):\n    return 'x'\n"
              "assert __getattr__('fingerprint') is proposal_fingerprint and callable(__dir__)\n")
    loaded = load((source + END).encode())
    assert sorted(loaded.functions) == ["proposal_fingerprint", "validate_ticket_proposal"], loaded.functions


@pytest.mark.parametrize("source", ["class C:\n    __getattr__ = len", "class C:\n    def __dir__(self):\n        return []"])
def test_in_a_class_body_the_hooks_stay_what_they_were(source):
    with pytest.raises(LoadFailure) as failure:
        load((source + END).encode())
    assert "__getattr__" in failure.value.problem.detail or "__dir__" in failure.value.problem.detail
