"""The restricted policy accepts the class machinery and the helpers students write beside the three functions
(vars and dunders of their own classes, descriptors, abc, singledispatch, get_type_hints, functools.wraps, unittest
tests, debugging with pprint and traceback): each source loads and its own asserts hold."""

import pytest

from test_policy_accepted_libraries import loads

ACCEPTED = {
    "vars, __dict__, __qualname__, __module__, __cause__ and super().__setitem__": (
        "class Row:\n    def __init__(self, a, b):\n        self.a, self.b = a, b\n"
        "    def __repr__(self):\n        items = ', '.join(f'{k}={v!r}' for k, v in vars(self).items())\n"
        "        return f'{type(self).__qualname__}({items})'\n    def as_dict(self):\n        return dict(self.__dict__)\n"
        "class Fout(ValueError):\n    pass\n"
        "class Log(dict):\n    def __setitem__(self, key, value):\n        if key in self:\n            raise Fout(key)\n"
        "        super().__setitem__(key, value)\n    def __delitem__(self, key):\n        super().__delitem__(key)\n"
        "class Lower(dict):\n    def __setitem__(self, key, value):\n        dict.__setitem__(self, key.lower(), value)\n"
        "low = Lower()\nlow['A'] = 1\nassert low == {'a': 1}\n"
        "def parse(x):\n    try:\n        return int(x)\n    except ValueError as error:\n        raise Fout('bad') from error\n"
        "try:\n    parse('x')\nexcept Fout as e:\n    cause = e.__cause__\n"
        "log = Log()\nlog['a'] = 1\nlog['b'] = 2\ndel log['b']\n"
        "assert repr(Row(1, 'x')) == \"Row(a=1, b='x')\" and Row(1, 2).as_dict() == {'a': 1, 'b': 2}\n"
        "assert isinstance(cause, ValueError) and Row.__module__ == 'main' and log == {'a': 1} and type(3).__qualname__ == 'int'"
    ),
    "functools.singledispatch(method) and cached_property, abc.ABC": (
        "from functools import singledispatch, cached_property\nfrom abc import ABC, abstractmethod\nimport abc\n"
        "@singledispatch\ndef norm(x):\n    raise ValueError(x)\n@norm.register(str)\ndef _(x):\n    return x.strip()\n"
        "@norm.register\ndef _(x: int):\n    return str(x)\nnorm.register(list, lambda x: [norm(i) for i in x])\n"
        "class Rule(ABC):\n    @abstractmethod\n    def check(self, v):\n        ...\n    @property\n    @abc.abstractmethod\n"
        "    def name(self):\n        ...\n"
        "class Even(Rule):\n    name = 'even'\n    def check(self, v):\n        return v % 2 == 0\n"
        "    @cached_property\n    def table(self):\n        self.calls = getattr(self, 'calls', 0) + 1\n        return {i: self.check(i) for i in range(4)}\n"
        "e = Even()\nassert e.table[2] and e.table[2] and e.calls == 1 and e.name == 'even'\n"
        "assert norm(' a ') == 'a' and norm(3) == '3' and norm([' b', 4]) == ['b', '4'] and norm(True) == 'True'\n"
        "try:\n    Rule()\n    made = True\nexcept TypeError:\n    made = False\nassert not made\n"
        "try:\n    norm(1.5)\nexcept ValueError:\n    made = True\nassert made\n"
        "class Code(ABC, int):\n    pass\nclass Tag(str, ABC):\n    pass\nassert Code(5) == 5 and Tag('x') == 'x'\n"
        "from functools import singledispatchmethod\nclass Fmt:\n    def __init__(self, sep):\n        self.sep = sep\n"
        "    @singledispatchmethod\n    def show(self, value):\n        return str(value)\n"
        "    @show.register\n    def _(self, value: list):\n        return self.sep.join(map(self.show, value))\n"
        "assert Fmt('+').show([1, [2, 3]]) == '1+2+3' and Fmt('-').show(4) == '4'"
    ),
    "singledispatch register under from __future__ import annotations": (
        "from __future__ import annotations\nimport collections.abc\nfrom collections import abc\n"
        "from functools import singledispatch, singledispatchmethod\n"
        "@singledispatch\ndef norm(x):\n    return x\n@norm.register\ndef _(x: dict):\n    return sorted(x)\n"
        "@norm.register\ndef _(x: abc.Set):\n    return len(x)\nclass Box:\n    pass\n"
        "@norm.register\ndef _(x: Box):\n    return 'box'\nclass Fmt:\n    @singledispatchmethod\n"
        "    def show(self, value):\n        return str(value)\n    @show.register\n    def _(self, value: list):\n"
        "        return '+'.join(map(self.show, value))\n"
        "assert norm({'b': 1, 'a': 2}) == ['a', 'b'] and norm(frozenset('ab')) == 2 and norm(Box()) == 'box'\n"
        "assert norm(3) == 3 and Fmt().show([1, 2]) == '1+2'"
    ),
    "setattr on own objects and functions": (
        "class P:\n    def __init__(self, raw):\n        for k, v in raw.items():\n            setattr(self, k, v)\n"
        "p = P({'call_id': 'c1', '_seen': 1})\ndef f():\n    pass\nsetattr(f, 'calls', 2)\n"
        "assert p.call_id == 'c1' and p._seen == 1 and f.calls == 2"
    ),
    "pprint debugging": (
        "from pprint import pprint, pformat\nimport pprint as pp\nclass A:\n    def __repr__(self):\n        return 'A'\n"
        "pprint({'b': [A()]}, width=40, sort_dicts=False)\npp.pp(1)\nassert pformat({'a': 1}) == \"{'a': 1}\""
    ),
    "abc.ABCMeta as metaclass": (
        "import abc\nfrom abc import ABCMeta, abstractmethod\nclass Rule(metaclass=ABCMeta):\n    @abstractmethod\n"
        "    def check(self, v):\n        pass\nclass Base(object, metaclass=abc.ABCMeta):\n    pass\n"
        "class Even(Rule, Base):\n    def check(self, v):\n        return v % 2 == 0\n"
        "try:\n    Rule()\n    made = True\nexcept TypeError:\n    made = False\n"
        "assert not made and Even().check(2) and isinstance(Even(), Rule)"
    ),
    "timestamps and durations": (
        "import copy, time\nfrom datetime import datetime, timezone, timedelta\nstarted = time.perf_counter()\n"
        "now = datetime.now(timezone.utc)\n"
        "row = {'at': now, 'text': now.isoformat(timespec='seconds'), 'day': f'{now:%Y-%m-%d}'}\n"
        "row['took'] = time.perf_counter() - started\nkept = copy.deepcopy(row)\n"
        "assert kept['at'] == now and kept['took'] >= 0 and time.time() > 0 and time.strftime('%Y')\n"
        "assert (now - timedelta(days=1)) < now and datetime.fromisoformat('2020-01-01').year == 2020"
    ),
    "a demo under the main guard that uses what grading lacks": (
        "import json\nif __name__ == '__main__':\n    with open('log.json', 'w') as f:\n        json.dump({}, f)\n"
        "    print(dir(), eval('1'))\nelse:\n    imported = True\nif '__main__' == __name__:\n    breakpoint()\n"
        "import sys\nif __name__ == '__main__' and len(sys.argv) > 1:\n    print(open(sys.argv[1]).read())\n"
        "if len(sys.argv) > 1 and __name__ == '__main__':\n    eval(sys.argv[1])\nassert imported"
    ),
    "singledispatch register of a union": (
        "from functools import singledispatch\nfrom typing import Optional\n@singledispatch\ndef f(x):\n    return 'other'\n"
        "@f.register\ndef _(x: int | str):\n    return 'is'\n@f.register(list | tuple)\ndef _(x):\n    return 'seq'\n"
        "@f.register\ndef _(x: Optional[float]):\n    return 'fl'\n"
        "assert f(1) == f('a') == 'is' and f([]) == f(()) == 'seq' and f(1.5) == f(None) == 'fl' and f({}) == 'other'"
    ),
    "unittest tests kept in main.py": (
        "import unittest\nclass T(unittest.TestCase):\n    def setUp(self):\n        self.p = {'a': 1}\n"
        "    def test_a(self):\n        self.assertEqual(self.p['a'], 1)\n        self.assertIn('a', self.p)\n"
        "        with self.assertRaises(ValueError) as caught:\n            int('x')\n"
        "        self.assertIsInstance(caught.exception, ValueError)\n        self.assertRaises(KeyError, dict.__getitem__, {}, 'b')\n"
        "t = T()\nt.setUp()\nt.test_a()\ntry:\n    t.assertTrue(False)\nexcept AssertionError:\n    failed = True\n"
        "assert failed\nunittest.main()"
    ),
    "dir(), and locals(), vars() and globals() as main.py's own names (writes into globals() bind them)": (
        "class Rules:\n    def check_b(self):\n        pass\n    def check_a(self):\n        pass\n"
        "assert [n for n in dir(Rules()) if n.startswith('check_')] == ['check_a', 'check_b']\n"
        "def check_x(v):\n    return v\n"
        "def f(a):\n    b = [2]\n    print(locals())\n    assert sorted(vars()) == ['a', 'b']\n"
        "    return '{a}-{b[0]}'.format(**locals()), globals()['check_x'](a)\n"
        "assert f(1) == ('1-2', 1) and 'f' in globals() and globals()['__name__'] == __name__\n"
        "assert not {'__builtins__', '_getattr_', '_write_', '_print_'} & (set(globals()) | set(locals()))\n"
        "def make(n):\n    return lambda: n\nfor n in ('a', 'b'):\n    globals()['get_' + n] = make(n)\n"
        "def g():\n    globals().update(extra=1, more=2)\n    del globals()['more']\n    globals().setdefault('x', 3)\n"
        "    y = 0\n    locals()['y'] = 1\n    return y\n"
        "assert g() == 0 and get_a() + get_b() == 'ab' and extra == 1 and x == 3 and 'more' not in globals()\n"
        "locals()['top'] = 4\nimport copy\nassert top == 4 and type(copy.copy(globals())) is dict"
    ),
    "sys.modules[__name__]: main.py's own names, read by getattr, listed by dir, bound by setattr": (
        "import sys\ndef check_a(v):\n    return v + 1\nthis = sys.modules[__name__]\n"
        "assert getattr(this, 'check_' + 'a')(1) == 2 and this.check_a is check_a and not hasattr(this, 'check_b')\n"
        "assert [n for n in dir(this) if n.startswith('check_')] == ['check_a'] and this.__name__ == __name__\n"
        "assert sys.modules.get(__name__) is this\nsetattr(this, 'LIMIT', 64)\nthis._x = 1\nassert LIMIT == 64 and this._x == _x == 1"
    ),
    "get_type_hints reads a class's own names after main.py's globals, before a globalns, not with localns": (
        "from __future__ import annotations\nimport typing\nId = int\nclass R:\n    Id = str\n    Kind = bytes\n"
        "    a: Id\n    b: Kind\nclass S(R):\n    Kind = float\n    c: Kind\n"
        "assert typing.get_type_hints(S) == {'a': int, 'b': bytes, 'c': float}\n"
        "assert typing.get_type_hints(R, globalns={}) == {'a': str, 'b': bytes}\n"
        "assert typing.get_type_hints(R, localns={'Id': list, 'Kind': set}) == {'a': list, 'b': set}"
    ),
    "typing.get_type_hints of an __init__: one @dataclass wrote, main.py's own, read off the class or an object": (
        "from __future__ import annotations\nimport typing, dataclasses\n@dataclasses.dataclass\nclass B:\n    a: str\n"
        "@dataclasses.dataclass\nclass P(B):\n    b: typing.Optional[int] = None\n"
        "class Q:\n    def __init__(self, a: int, b: 'P') -> None:\n        pass\n"
        "none = type(None)\nassert typing.get_type_hints(P.__init__) == {'a': str, 'b': typing.Optional[int], 'return': none}\n"
        "assert typing.get_type_hints(P('x').__init__)['a'] is str and typing.get_type_hints(B.__init__)['a'] is str\n"
        "assert typing.get_type_hints(Q.__init__) == {'a': int, 'b': P, 'return': none}"
    ),
    "typing.get_type_hints of TypedDicts, NamedTuples, dataclasses and functions under the future import": (
        "from __future__ import annotations\nimport typing\nfrom dataclasses import dataclass\n"
        "from typing import Annotated, Literal, NamedTuple, TypedDict, get_args, get_type_hints\n"
        "Status = Literal['open', 'done']\nclass Args(TypedDict):\n    ticket: str\n    status: Status\n"
        "class Row(NamedTuple):\n    fingerprint: str\n    result: 'dict[str, int] | None'\n"
        "@dataclass\nclass D:\n    a: Annotated[int, 'n'] = 0\nclass E(D):\n    b: typing.Optional[Row] = None\n"
        "def f(x: Args, y: int = 0) -> None:\n    pass\n"
        "assert get_type_hints(Args) == {'ticket': str, 'status': Status} and get_args(Status) == ('open', 'done')\n"
        "assert get_type_hints(Row) == {'fingerprint': str, 'result': dict[str, int] | None}\n"
        "assert get_type_hints(E) == {'a': int, 'b': typing.Optional[Row]}\n"
        "assert get_type_hints(D, include_extras=True) == {'a': Annotated[int, 'n']}\n"
        "assert get_type_hints(f) == {'x': Args, 'y': int, 'return': type(None)}\n"
        "assert get_type_hints(E()) == {'b': typing.Optional[Row]}  # an object: its class's own, as Python reads them\n"
        "class H:\n    x: 'Local'\n    y: 'Row'\nclass Local:\n    pass\n"
        "assert get_type_hints(H, localns={'Local': int}) == {'x': int, 'y': Row}\n"
        "assert get_type_hints(H, {'Local': str, 'Row': int}) == {'x': str, 'y': int}"
    ),
    "__dataclass_fields__ of an own dataclass, its objects and subclasses, as a new dict": (
        "from dataclasses import dataclass, field, fields\nfrom typing import ClassVar\n"
        "@dataclass\nclass D:\n    a: int = 1\n    b: list = field(default_factory=list)\n    LIMIT: ClassVar[int] = 3\n"
        "class E(D):\n    pass\n"
        "assert list(D.__dataclass_fields__) == list(E().__dataclass_fields__) == ['a', 'b', 'LIMIT']\n"
        "assert [f.name for f in fields(D)] == ['a', 'b'] and D.__dataclass_fields__['a'].default == 1\n"
        "D.__dataclass_fields__.clear()\nassert len(D.__dataclass_fields__) == 3 and hasattr(D, '__dataclass_fields__')"
    ),
    "open(), eval() and dir() in functions that grading does not call; a file saved in memory reads back": (
        "import json\ndef save(log, path='log.json'):\n    with open(path, 'w') as f:\n        json.dump(log, f)\n"
        "def main():\n    print(dir(), eval('1 + 1'))\n    save({})\ndef try_save():\n    save({'a': [1]})\n"
        "    with open('log.json') as f:\n        return json.load(f)\nassert try_save() == {'a': [1]}\n"
        "if __name__ == '__main__':\n    main()"
    ),
    "warnings and the exceptions helpers name": (
        "import warnings\ndef f(approved):\n    if any(a != a.lower() for a in approved):\n"
        "        warnings.warn('upper case', UserWarning, stacklevel=2)\n    return {a.lower() for a in approved}\n"
        "assert f({'AB'}) == {'ab'}\nwith warnings.catch_warnings():\n    warnings.simplefilter('ignore')\n"
        "def load():\n    try:\n        raise FileNotFoundError('log.json')\n    except (FileNotFoundError, PermissionError):\n"
        "        return {}\nassert load() == {} and issubclass(DeprecationWarning, Warning)"
    ),
    "super().__setattr__ in a frozen dataclass": (
        "from dataclasses import dataclass\n@dataclass(frozen=True)\nclass P:\n    a: str\n    def __post_init__(self):\n"
        "        super().__setattr__('a', self.a.strip())\nclass Q:\n    def __init__(self):\n"
        "        super().__setattr__('b', 1)\nassert P(' x').a == 'x' and Q().b == 1"
    ),
    "numbers ABCs in isinstance tests": (
        "import numbers\nfrom numbers import Integral, Real\ndef whole(v):\n"
        "    return isinstance(v, numbers.Integral) and not isinstance(v, bool)\n"
        "assert whole(3) and not whole(True) and not whole(1.0) and not whole('1') and isinstance(1.5, Real)\n"
        "assert issubclass(int, Integral) and not isinstance(None, numbers.Number)"
    ),
    "ParamSpec and Concatenate in a typed decorator": (
        "import functools\nfrom typing import Callable, Concatenate, ParamSpec, TypeVar\nP = ParamSpec('P')\nR = TypeVar('R')\n"
        "def as_value_error(f: Callable[P, R]) -> Callable[P, R]:\n    @functools.wraps(f)\n"
        "    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:\n        try:\n            return f(*args, **kwargs)\n"
        "        except KeyError as e:\n            raise ValueError('bad') from e\n    return wrapper\n"
        "def with_log(f: Callable[Concatenate[list, P], R]) -> Callable[P, R]:\n    return functools.partial(f, [])\n"
        "@as_value_error\ndef g(d):\n    return d['x']\ntry:\n    g({})\nexcept ValueError:\n    ok = True\nassert ok and g({'x': 1}) == 1"
    ),
    "__annotations__ of own classes (TypedDict, NamedTuple, dataclass) and functions, as new dicts": (
        "from dataclasses import dataclass\nfrom typing import NamedTuple, TypedDict\n"
        "class A(TypedDict):\n    x: int\nclass B(A):\n    y: str\n"
        "class N(NamedTuple):\n    a: int\n    b: str = 'q'\n    def m(self):\n        return 1\n"
        "@dataclass\nclass D:\n    u: int\nclass E:\n    pass\ndef f(a: int, b: 'str' = '') -> bool:\n    return True\n"
        "assert frozenset(A.__annotations__) == {'x'} and B.__annotations__ == {'x': int, 'y': str}\n"
        "assert list(N.__annotations__) == ['a', 'b'] and D.__annotations__ == {'u': int} and E.__annotations__ == {}\n"
        "assert f.__annotations__ == {'a': int, 'b': 'str', 'return': bool} and D(1).__init__ is not None\n"
        "f.__annotations__['z'] = 1\nD.__annotations__['v'] = int\n"
        "assert 'z' not in f.__annotations__ and D.__annotations__ == {'u': int} and B(x=1, y='a') == {'x': 1, 'y': 'a'}"
    ),
    "__doc__ set on own functions and classes (a str or None)": (
        "from enum import Enum\ndef f():\n    return 1\nf.__doc__ = 'hello'\nf.__doc__ += ' there'\n"
        "g = lambda: 2\nsetattr(g, '__doc__', 'lam')\nclass C:\n    'c'\nC.__doc__ = None\n"
        "class E(Enum):\n    A = 1\nE.__doc__ = 'enum'\n"
        "assert f.__doc__ == 'hello there' and g.__doc__ == 'lam' and C.__doc__ is None and E.__doc__ == 'enum'"
    ),    "types.SimpleNamespace: keywords, attribute writes, repr, ==, copies, a subclass, a class pattern": (
        "import copy, types\nfrom types import SimpleNamespace\nn = SimpleNamespace(a=1, b='x')\nn.c = [1]\nn.a += 1\n"
        "n._p = 3\nsetattr(n, 'd', 4)\ndel n.d\nassert vars(n) == {'a': 2, 'b': 'x', 'c': [1], '_p': 3} and not hasattr(n, 'd')\n"
        "assert repr(SimpleNamespace(a=1, b='x')) == \"namespace(a=1, b='x')\" and SimpleNamespace({'q': 1}).q == 1\n"
        "assert n == SimpleNamespace(a=2, b='x', c=[1], _p=3) and n != SimpleNamespace() and n != 1\n"
        "assert types.SimpleNamespace is SimpleNamespace and type(n) is SimpleNamespace and isinstance(n, SimpleNamespace)\n"
        "m = copy.deepcopy(n)\nassert m == n and m.c is not n.c and copy.copy(n).c is n.c\n"
        "class R(SimpleNamespace):\n    def total(self):\n        return self.a + 1\nassert R(a=1).total() == 2\n"
        "n.me = n\nassert repr(n).endswith('me=namespace(...))')\n"
        "match n:\n    case SimpleNamespace(a=2, b=found):\n        assert found == 'x'\n    case _:\n        assert False\n"
        "try:\n    hash(n)\nexcept TypeError:\n    unhashable = True\nassert unhashable"
    ),    "__init_subclass__ of own classes: a registry, a chain of hooks, @classmethod, super() with no keywords": (
        "class Rule:\n    registry = []\n    def __init_subclass__(cls, **kwargs):\n        super().__init_subclass__(**kwargs)\n"
        "        Rule.registry.append(cls.__name__)\n        cls.tag = cls.__name__.lower()\n"
        "class A(Rule):\n    pass\nclass Tagged(Rule):\n    @classmethod\n    def __init_subclass__(cls):\n"
        "        super().__init_subclass__()\n        cls.extra = True\nclass B(Tagged):\n    pass\nclass C(A):\n    pass\n"
        "assert Rule.registry == ['A', 'Tagged', 'B', 'C'] and B.extra and not hasattr(A, 'extra') and C.tag == 'c'\n"
        "assert not hasattr(Rule, 'tag') and A().tag == 'a'"
    ),
    "a module header of metadata names, as templates write it": (
        "__author__ = 'Jan'\n__copyright__ = 'Copyright 2024'\n__credits__ = ['Jan']\n__license__ = 'MIT'\n"
        "__version__ = '1.0'\n__maintainer__ = 'Jan'\n__email__ = 'jan@example.nl'\n__status__ = 'Production'\n"
        "__date__ = '2024-09-12'\n__contact__ = 'jan'\nassert __license__ == 'MIT'"
    ),
    "datetime.UTC, time.localtime/gmtime, a typed logger, sys.version_info by name, types.NoneType": (
        "import logging, sys, time, types\nfrom datetime import UTC, datetime, timezone\n"
        "log: logging.Logger = logging.getLogger(__name__)\nhandler: logging.Handler = logging.StreamHandler()\n"
        "assert isinstance(log, logging.Logger) and datetime.now(UTC).tzinfo is timezone.utc\n"
        "assert time.strftime('%Y', time.localtime()) and time.gmtime().tm_year > 2000 and time.asctime()\n"
        "assert sys.version_info.major == 3 and sys.version_info >= (3, 8) and sys.version_info[:2] >= (3, 8)\n"
        "assert isinstance(None, types.NoneType) and not isinstance(0, (str, types.NoneType))"
    ),
    "typing extras: runtime_checkable, ChainMap, LiteralString": (
        "from typing import ChainMap, LiteralString, Protocol, runtime_checkable\n"
        "@runtime_checkable\nclass Check(Protocol):\n    def __call__(self, value: object, /) -> bool: ...\n"
        "TOOL: LiteralString = 'set_ticket'\nlayers: ChainMap[str, int] = ChainMap({}, {'a': 1})\n"
        "assert layers['a'] == 1 and isinstance(Check, type)"
    ),
    "functools.wraps keeps the wrapped function's name and docstring (main.py's own functions)": (
        "import functools, json\nREGISTRY = {}\ndef check(func):\n    @functools.wraps(func)\n"
        "    def guarded(*args):\n        return func(*args)\n    REGISTRY[guarded.__name__] = guarded\n    return guarded\n"
        "@check\ndef identifier(value):\n    'An id.'\n    return value\n"
        "assert list(REGISTRY) == ['identifier'] and identifier.__doc__ == 'An id.' and identifier(3) == 3\n"
        "@functools.wraps(json.dumps)\ndef mine():\n    pass\nassert mine.__name__ == 'mine'"
    ),
    "ExceptionGroup: every problem at once, in a group that is a ValueError too (caught by a plain except)": (
        "class Problems(ExceptionGroup, ValueError):\n    pass\n"
        "def check(p):\n    found = [ValueError(k) for k in ('a', 'b') if k not in p]\n    if found:\n"
        "        raise Problems(f'{len(found)} problems', found)\n"
        "try:\n    check({})\nexcept ValueError as group:\n    caught, kind = [str(e) for e in group.exceptions], type(group)\n"
        "assert caught == ['a', 'b'] and kind is Problems and issubclass(kind, ExceptionGroup)\n"
        "rest = ExceptionGroup('x', [KeyError('k'), ValueError('v')]).subgroup(ValueError)\n"
        "assert [str(e) for e in rest.exceptions] == ['v']"
    ),
    "typing.get_origin with get_args walks annotations; a generic Protocol[T] (also runtime-checkable)": (
        "import re, typing\nfrom typing import Annotated, Literal, Protocol, TypeVar, get_args, get_origin\n"
        "T = TypeVar('T', contravariant=True)\n@typing.runtime_checkable\nclass Check(Protocol[T]):\n"
        "    def check(self, value: T) -> bool: ...\nclass Ids:\n    def check(self, value):\n        return True\n"
        "Status = Literal['open', 'done']\nId = Annotated[str, re.compile('[a-z]+')]\n"
        "assert get_origin(Status) is Literal and get_args(Status) == ('open', 'done')\n"
        "assert get_origin(Id) is Annotated and get_args(Id)[0] is str and get_origin(dict[str, int]) is dict\n"
        "assert get_origin(typing.Type[int]) is type and get_origin(int) is None\n"
        "assert isinstance(Ids(), Check) and Check[int] is Check and not isinstance(1, Check)"
    ),
    "private names in a class (self.__rows, def __bump, __MAX) are mangled as Python mangles them": (
        "class Log:\n    __slots__ = ('__rows',)\n    def __init__(self):\n        self.__rows = {}\n"
        "    def add(self, key, value):\n        self.__rows[key] = value\n    def rows(self):\n"
        "        return {k: v for k, v in self.__rows.items()}\n"
        "class _Policy:\n    __MAX = 2\n    def __init__(self):\n        self.__count = 0\n"
        "    def __bump(self):\n        self.__count += 1\n        return self.__count\n"
        "    def ok(self):\n        return self.__bump() <= self.__MAX\n    @classmethod\n    def limit(cls):\n"
        "        return cls.__MAX\nclass Strict(_Policy):\n    def peek(self):\n        return self.__count\n"
        "log = Log()\nlog.add('a', 1)\np = _Policy()\n"
        "assert log.rows() == {'a': 1} and p.ok() and p.ok() and not p.ok() and _Policy.limit() == 2\n"
        "assert p._Policy__count == 3 and Strict()._Policy__count == 0\ntry:\n    Strict().peek()\n"
        "    raise AssertionError\nexcept AttributeError:\n    pass"
    ),
    "a call's keyword in a class stays as written (Python mangles a parameter __key, never a keyword)": (
        "class Rows:\n    def add(self, __key=None, **more):\n        return __key, more\n"
        "    def call(self):\n        return self.add(__key=1)\n"
        "assert Rows().call() == (None, {'__key': 1}) and Rows().add(_Rows__key=2) == (2, {})"
    ),
    "TypedDict called as a function makes the same plain class as a class statement": (
        "from typing import TypedDict\nArgs = TypedDict('Args', {'ticket': str, 'status': str})\n"
        "Some = TypedDict('Some', {'note': str}, total=False)\nclass Row(TypedDict):\n    fingerprint: str\n"
        "assert Args(ticket='a', status='open') == {'ticket': 'a', 'status': 'open'} and Args.__name__ == 'Args'\n"
        "assert Args.__required_keys__ == {'ticket', 'status'} and Some.__optional_keys__ == {'note'}\n"
        "assert list(Args.__annotations__) == ['ticket', 'status'] and Row.__required_keys__ == {'fingerprint'}\n"
        "for bad in (lambda: TypedDict('__globals__', {}), lambda: TypedDict('X', {1: int}), lambda: TypedDict('X', [])):\n"
        "    try:\n        bad()\n    except TypeError:\n        pass\n    else:\n        raise AssertionError"
    ),
    "from collections import * binds what Python's does (its __all__): not collections.abc over an import abc": (
        "import abc\nfrom collections import *\nclass Base(abc.ABC):\n    @abc.abstractmethod\n"
        "    def run(self):\n        ...\nassert deque and Counter and OrderedDict\ntry:\n    Base()\n"
        "    raise AssertionError\nexcept TypeError:\n    pass"
    ),
    "a method named open (Ticket.open) leaves open() elsewhere the grader's: a saved log is not found": (
        "class Ticket:\n    def __init__(self):\n        self.status = 'done'\n    def open(self):\n"
        "        self.status = 'open'\ndef load_log():\n    try:\n        with open('log.json') as handle:\n"
        "            return handle.read()\n    except OSError:\n        return []\n"
        "def pattern(text):\n    from re import compile\n    return compile(text)\n"
        "assert load_log() == [] and pattern('a+').fullmatch('aa')\ntry:\n    open('log.json')\n"
        "    raise AssertionError\nexcept FileNotFoundError:\n    pass"
    ),
    "from re import compile: a call of compile() is re's, at module level and in a function": (
        "from re import compile, fullmatch\nID = compile('[a-z]+')\ndef ticket(value):\n"
        "    return compile('[a-z][a-z0-9-]*').fullmatch(value) is not None\n"
        "assert ID.fullmatch('abc') and ticket('a-1') and fullmatch('x', 'x')"
    ),
    "from M import * at module level binds the names the grader offers of M": (
        "from typing import *\nfrom re import *\nfrom hashlib import *\nfrom collections.abc import *\n"
        "if True:\n    from json import *\nStatus = Literal['open', 'done']\nx: Optional[Dict[str, Any]] = None\n"
        "assert fullmatch('[a-z]+', 'abc') and len(sha256(b'x').hexdigest()) == 64 and isinstance({}, Mapping)\n"
        "assert loads(dumps({'a': 1})) == {'a': 1} and compile('a').pattern == 'a'"
    ),
    "functools.update_wrapper: a function decorator and a class-based one (its __init__ passes self)": (
        "import functools, json\ndef copied(func):\n    def wrapper(*args):\n        return dict(func(*args))\n"
        "    return functools.update_wrapper(wrapper, func)\n"
        "class counted:\n    def __init__(self, func):\n        self.func, self.calls = func, 0\n"
        "        functools.update_wrapper(self, func)\n    def __call__(self, *args):\n"
        "        self.calls += 1\n        return self.func(*args)\n"
        "@counted\n@copied\ndef result(value):\n    'A result.'\n    return {'v': value}\n"
        "assert result(3) == {'v': 3} and result.calls == 1 and result.func.__name__ == 'result'\n"
        "assert result.func.__doc__ == 'A result.'\ndef mine():\n    pass\n"
        "assert functools.update_wrapper(mine, json.dumps) is mine and mine.__name__ == 'mine'\n"  # a class's: below
        "assert (result.__name__, result.__qualname__, result.__doc__) == ('result', 'result', 'A result.')\n"
        "assert result.__wrapped__ is result.func and result.__module__ == result.func.__module__\n"
        "class other:\n    pass\nassert functools.update_wrapper(other(), json.dumps).__dict__ == {}"
    ),
    "__new__: a str value type checked as it is made, a singleton, and copies of both": (
        "import copy\nclass Ident(str):\n    def __new__(cls, value):\n        if not value.isalpha():\n"
        "            raise ValueError(value)\n        return super().__new__(cls, value)\n"
        "class Small(int):\n    def __new__(cls, value):\n        return int.__new__(cls, value)\n"
        "class One:\n    made = None\n    def __new__(cls):\n        if cls.made is None:\n"
        "            cls.made = object.__new__(cls)\n        return cls.made\n"
        "assert Ident('ab') == 'ab' and type(copy.deepcopy(Ident('ab'))) is Ident and Small(3) + 1 == 4\n"
        "assert One() is One() and type(copy.copy(One())) is One"
    ),
    "descriptors: __set_name__, __get__ and __set__ of a checked field; a dict subclass with __missing__": (
        "class Checked:\n    def __set_name__(self, owner, name):\n        self.name = '_' + name\n"
        "    def __get__(self, obj, objtype=None):\n        return self if obj is None else getattr(obj, self.name)\n"
        "    def __set__(self, obj, value):\n        if not isinstance(value, str):\n            raise ValueError(value)\n"
        "        setattr(obj, self.name, value)\nclass Ticket:\n    name = Checked()\n"
        "    def __init__(self, name):\n        self.name = name\n"
        "class Log(dict):\n    def __missing__(self, key):\n        return None\n"
        "assert Ticket('lamp').name == 'lamp' and isinstance(Ticket.name, Checked) and Log()['x'] is None"
    ),
    "operator.attrgetter, textwrap and typing's Supports/IO names": (
        "import operator, re, sys, textwrap\nfrom dataclasses import dataclass\nfrom typing import SupportsIndex, TextIO\n"
        "@dataclass\nclass Row:\n    key: str\n    inner: 'Row | None' = None\n"
        "rows = sorted([Row('b'), Row('a', Row('z'))], key=operator.attrgetter('key'))\n"
        "ID = re.compile(textwrap.dedent(r\"\"\"\n    [a-z]  # first\n    [a-z]*\n\"\"\"), re.X)\n"
        "def show(out: TextIO = sys.stdout, n: SupportsIndex = 1) -> str:\n    return textwrap.shorten('a b', width=10)\n"
        "assert [r.key for r in rows] == ['a', 'b'] and operator.attrgetter('inner.key', 'key')(rows[0]) == ('z', 'a')\n"
        "assert ID.fullmatch('ab') and show() == 'a b' and textwrap.indent('x', '> ') == '> x'"
    ),
    "classes built on collections.abc (and typing's aliases of them) with their mixin methods": (
        "import copy, typing\nfrom collections.abc import Mapping, MutableMapping, Sequence\n"
        "class Log(MutableMapping):\n    def __init__(self):\n        self.rows = {}\n"
        "    def __getitem__(self, k):\n        return self.rows[k]\n    def __setitem__(self, k, v):\n        self.rows[k] = v\n"
        "    def __delitem__(self, k):\n        del self.rows[k]\n    def __iter__(self):\n        return iter(self.rows)\n"
        "    def __len__(self):\n        return len(self.rows)\n"
        "class Names(typing.Sequence[str]):\n    def __getitem__(self, i):\n        return 'ab'[i]\n"
        "    def __len__(self):\n        return 2\n"
        "log = Log()\nlog.update(a=1)\nlog.setdefault('b', 2)\n"
        "assert dict(log) == {'a': 1, 'b': 2} and log.get('c') is None and log.pop('b') == 2 and isinstance(log, Mapping)\n"
        "assert copy.deepcopy(log).rows == {'a': 1} and list(reversed(Names())) == ['b', 'a'] and Names().index('b') == 1"
    ),
    "random, uuid and secrets for demo ids": (
        "import random, secrets, uuid\nrandom.seed(3)\nfirst = random.randint(1, 9)\nrandom.seed(3)\n"
        "assert random.randint(1, 9) == first and random.choice('ab') in 'ab' and len(random.sample(range(9), 2)) == 2\n"
        "u = uuid.uuid4()\nassert isinstance(u, uuid.UUID) and len(u.hex) == 32 and len(secrets.token_hex(4)) == 8\n"
        "assert uuid.uuid5(uuid.NAMESPACE_DNS, 'x') == uuid.uuid5(uuid.NAMESPACE_DNS, 'x') and secrets.randbelow(3) < 3"
    ),
    "the functional form of Enum, StrEnum and IntEnum": (
        "from enum import Enum, IntEnum, StrEnum\nStatus = StrEnum('Status', 'OPEN DONE')\n"
        "Tool = Enum('Tool', ['SET_TICKET'])\nLimit = IntEnum('Limit', {'ROWS': 64})\nZero = Enum('Zero', 'A, B', start=0)\n"
        "assert Status('open') is Status.OPEN and Tool.SET_TICKET.value == 1 and Limit.ROWS == 64 and Zero.B.value == 1"
    ),
    "auto() and int values in a (str, Enum) are str of the number, as in Python (only a StrEnum lowercases the name)": (
        "from enum import Enum, StrEnum, auto\nclass S(str, Enum):\n    A = 1\n    B = auto()\n    C = 'x'\n    D = auto()\n"
        "class T(StrEnum):\n    OPEN = auto()\n"
        "assert [m.value for m in S] == ['1', '2', 'x', '3'] and S('2') is S.B and S.B != 'b' and T.OPEN == 'open'"
    ),
    "traceback in an except block (no frames shown)": (
        "import traceback\ntry:\n    int('x')\nexcept ValueError as error:\n    traceback.print_exc()\n"
        "    text = traceback.format_exc()\n    only = traceback.format_exception_only(error)\n"
        "assert 'line' not in text and 'File' not in text and only == [\"ValueError: invalid literal for int() with base 10: 'x'\\n\"]"
    ),
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted(source):
    assert loads(source)
