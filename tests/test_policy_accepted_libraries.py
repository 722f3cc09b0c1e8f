"""The restricted policy accepts the library forms and the class machinery students write (enum, with,
contextlib, singledispatch, abc, unittest, logging, datetime...): each source loads and its own asserts hold.
The sandbox offers most of them as stand-ins of its own (grader/sandbox/)."""

import pytest

from grader.sandbox.loader import load

ACCEPTED = {
    "object.__setattr__ in a frozen dataclass": (
        "from dataclasses import dataclass\n@dataclass(frozen=True)\nclass C:\n    x: int\n"
        "    def __post_init__(self):\n        object.__setattr__(self, 'x', self.x + 1)\n        object.__setattr__(self, '_y', 2)\n"
        "c = C(1)\nassert c.x == 2 and c._y == 2"
    ),
    "logging": (
        "import logging\nlogging.basicConfig(level=logging.DEBUG, format='%(message)s')\n"
        "log = logging.getLogger(__name__)\nlog.setLevel(logging.INFO)\nlog.addHandler(logging.StreamHandler())\n"
        "log.debug('x %s', 1)\nlog.warning('y')\nlogging.info('z')\nassert log.info('a') is None and logging.ERROR == 40"
    ),
    "logging: a handler added once (if not logger.handlers), settings written, the level's name": (
        "import logging\nlog = logging.getLogger(__name__)\nif not log.handlers:\n    log.addHandler(logging.StreamHandler())\n"
        "log.propagate = False\nlog.handlers.clear()\nassert log.handlers == [] and log.filters == []\n"
        "assert logging.getLevelName(log.getEffectiveLevel()) == 'WARNING' and logging.getLevelName('DEBUG') == 10\n"
        "assert logging.getLevelName(5) == 'Level 5'\ntry:\n    log.debug = print\nexcept TypeError:\n    refused = True\n"
        "assert refused"
    ),
    "time.sleep checks its length and does not wait": (
        "import time\nstarted = time.monotonic()\ntime.sleep(30)\ntime.sleep(0.5)\ntime.sleep(True)\n"
        "assert time.monotonic() - started < 5\n"
        "for length, error in ((-1, ValueError), (float('nan'), ValueError), ('1', TypeError), (None, TypeError)):\n"
        "    try:\n        time.sleep(length)\n    except error:\n        pass\n    else:\n        raise AssertionError(length)"
    ),
    "bisect and heapq on lists": (
        "import bisect, heapq\nfrom bisect import bisect_left, insort\nitems = ['done', 'open']\n"
        "assert bisect_left(items, 'open') == 1 and bisect.bisect(items, 'a') == 0\ninsort(items, 'new')\n"
        "assert items == ['done', 'new', 'open']\nheap = []\nfor pair in ((3, 'c'), (1, 'a'), (2, 'b')):\n"
        "    heapq.heappush(heap, pair)\nassert heapq.heappop(heap) == (1, 'a') and heapq.nlargest(1, heap) == [(3, 'c')]\n"
        "assert heapq.nsmallest(2, [5, 1, 4], key=lambda n: -n) == [5, 4]\ntry:\n    heapq.merge\nexcept AttributeError:\n"
        "    pass\nelse:\n    raise AssertionError"
    ),
    "UserDict and UserList as bases (checked __setitem__, copies with their own data) and as containers": (
        "import copy\nfrom collections import UserDict, UserList\nfrom collections.abc import MutableMapping\n"
        "class Registry(UserDict):\n    def __setitem__(self, key, value):\n        if not isinstance(key, str):\n"
        "            raise ValueError(key)\n        super().__setitem__(key, value)\n"
        "class Log(UserList):\n    pass\nr = Registry({'a': 1}, b=2)\nr['c'] = 3\n"
        "assert dict(r) == {'a': 1, 'b': 2, 'c': 3} and r.data == dict(r) and isinstance(r, (UserDict, MutableMapping))\n"
        "try:\n    r[1] = 2\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError\n"
        "for made in (copy.copy(r), r.copy()):\n    made['d'] = 4\n    assert type(made) is Registry and 'd' not in r\n"
        "assert copy.deepcopy(r) == r and repr(r) == \"{'a': 1, 'b': 2, 'c': 3}\" and Registry.fromkeys('k', 0) == {'k': 0}\n"
        "log = Log([2, 1])\nshallow = copy.copy(log)\nshallow.append(3)\n"
        "assert log == [2, 1] and isinstance(log[:1], Log) and sorted(log) == [1, 2]\n"
        "plain = UserDict(a=1)\nplain['b'] = 2\nassert plain == {'a': 1, 'b': 2}"
    ),
    "string.Template, also subclassed with its own delimiter": (
        "from string import Template\nimport string\nt = Template('invalid $field: ${value}!')\n"
        "assert t.substitute(field='a', value=1) == 'invalid a: 1!' and t.safe_substitute({'field': 'x'}) == 'invalid x: ${value}!'\n"
        "assert t.get_identifiers() == ['field', 'value'] and t.is_valid()\nclass Pct(string.Template):\n    delimiter = '%'\n"
        "assert Pct('%a').substitute(a=2) == '2'\ntry:\n    Template('$').substitute()\nexcept ValueError:\n    pass\n"
        "else:\n    raise AssertionError"
    ),
    "dataclasses.MISSING to find a dataclass's required fields": (
        "from dataclasses import MISSING, dataclass, field, fields\n@dataclass\nclass A:\n    x: int\n"
        "    y: list = field(default_factory=list)\n    z: int = 0\n"
        "assert [f.name for f in fields(A) if f.default is MISSING and f.default_factory is MISSING] == ['x']"
    ),
    "isinstance with a @runtime_checkable Protocol checks the names it lists, as typing does": (
        "from typing import Protocol, runtime_checkable\n@runtime_checkable\nclass Rule(Protocol):\n    field: str\n"
        "    def check(self, value) -> bool: ...\n@runtime_checkable\nclass Predicate(Protocol):\n"
        "    def __call__(self, value) -> bool: ...\nclass Plain(Protocol):\n    def check(self, value) -> bool: ...\n"
        "class Ids:\n    field = 'id'\n    def check(self, value):\n        return True\n"
        "class Half:\n    def check(self, value):\n        return True\n"
        "class Late:\n    def __init__(self):\n        self.field = 'x'\n    def check(self, value):\n        return True\n"
        "assert isinstance(Ids(), Rule) and isinstance(Late(), Rule) and not isinstance(Half(), Rule)\n"
        "assert isinstance(Ids(), (int, Rule)) and not isinstance(1, Rule) and not isinstance(Ids(), Plain)\n"
        "assert isinstance(len, Predicate) and isinstance(Ids().check, Predicate) and not isinstance('x', Predicate)\n"
        "assert isinstance(True, int) and not isinstance(1, (str, bytes))"
    ),
    "datetime.strptime (its C code imports _strptime through the caller's __import__)": (
        "from datetime import datetime, date\nwhen = datetime.strptime('02-01-2024 10:30', '%d-%m-%Y %H:%M')\n"
        "assert when.date() == date(2024, 1, 2) and when.strftime('%H:%M') == '10:30'"
    ),
    "os.environ and os.getenv: an empty environment of the submission's own; the rest of os unused": (
        "import os\nimport os.path\nfrom os import path\nDEBUG = os.environ.get('DEBUG') == '1' or os.getenv('DEBUG', '0') == '1'\n"
        "assert not DEBUG and os.getenv('PATH') is None and 'HOME' not in os.environ and dict(os.environ) == {}\n"
        "os.environ.setdefault('LEVEL', 'INFO')\nassert os.getenv('LEVEL') == 'INFO'\ntry:\n    os.path.join('a', 'b')\n"
        "except AttributeError:\n    pass\nelse:\n    raise AssertionError"
    ),
    "the details of json's, a codec's and re's errors as plain values (e.msg, e.pos, e.reason, e.start)": (
        "import json, re\ntry:\n    json.loads('{\"a\": ')\nexcept json.JSONDecodeError as e:\n"
        "    assert e.msg.startswith('Expecting') and (e.pos, e.lineno, e.colno) == (6, 1, 7) and e.doc == '{\"a\": '\n"
        "try:\n    'caf\\u00e9'.encode('ascii')\nexcept UnicodeEncodeError as e:\n"
        "    assert (e.encoding, e.start, e.end, e.reason) == ('ascii', 3, 4, 'ordinal not in range(128)')\n"
        "try:\n    re.compile('(')\nexcept re.error as e:\n    assert e.msg and e.pattern == '(' and e.pos == 0\n"
        "try:\n    json.JSONDecodeError(json.JSONEncoder(), 'doc', 0).msg\nexcept AttributeError:\n    pass\n"
        "else:\n    raise AssertionError"
    ),
    "sys.getsizeof as a size guard": (
        "import sys\nassert sys.getsizeof('abc') > 3 and sys.getsizeof(1, 0) > 0\nclass A:\n    pass\n"
        "assert sys.getsizeof(A()) > 0"
    ),
    "contextlib.suppress and nullcontext": (
        "from contextlib import suppress, nullcontext\nwith suppress(KeyError, ValueError):\n    int('x')\n"
        "with nullcontext(5) as five:\n    assert five == 5\ntry:\n    with suppress(KeyError):\n        int('x')\n"
        "except ValueError:\n    ok = True\nassert ok"
    ),
    "match keyword class patterns on own classes": (
        "from dataclasses import dataclass\n@dataclass\nclass P:\n    a: int\n    b: str = 'x'\n"
        "class Q:\n    def __init__(self):\n        self._n = 2\n"
        "def f(v):\n    match v:\n        case P(1, b='y'):\n            return 'one-y'\n        case P(a=int(n), b=s) if n > 1:\n"
        "            return s * n\n        case Q(_n=n):\n            return n\n        case int(r) | str(r):\n            return r\n"
        "    return None\n"
        "assert f(P(1, 'y')) == 'one-y' and f(P(2)) == 'xx' and f(Q()) == 2 and f(7) == 7 and f(P(1)) is None"
    ),
    "dotted dataclass markers under future annotations": (
        "from __future__ import annotations\nimport dataclasses as dc\nimport typing\n@dc.dataclass\nclass C:\n"
        "    MAX: typing.ClassVar[int] = 64\n    a: int\n    b: dc.InitVar[int] = 0\n    _: dc.KW_ONLY\n    c: int = 0\n"
        "    def __post_init__(self, b):\n        self.a += b\n"
        "assert C(1, 2, c=3).a == 3 and [f.name for f in dc.fields(C)] == ['a', 'c'] and C.MAX == 64"
    ),
    "enum classes: (str, Enum), StrEnum, IntEnum, plain Enum with auto": (
        "import enum\nfrom enum import Enum, StrEnum, IntEnum, auto, unique\nimport json\n"
        "class Status(str, Enum):\n    OPEN = 'open'\n    DONE = 'done'\n    def closed(self):\n        return self is Status.DONE\n"
        "@unique\nclass Kind(StrEnum):\n    SET = auto()\n    GET = 'get'\n"
        "class Level(IntEnum):\n    LOW = 1\n    HIGH = auto()\n"
        "class Color(enum.Enum):\n    RED = auto()\n    GREEN = auto()\n    CRIMSON = 1\n"
        "VALID = {s.value for s in Status}\n"
        "assert Status('open') is Status.OPEN and Status.OPEN.value == 'open' and Status.DONE.name == 'DONE'\n"
        "assert 'open' in VALID and 'x' not in VALID and [s.value for s in Status] == ['open', 'done']\n"
        "assert Status.OPEN == 'open' and {'open': 1}[Status.OPEN] == 1 and Status['DONE'].closed()\n"
        "assert str(Status.OPEN) == 'Status.OPEN' and f'{Kind.SET}' == 'set' and str(Level.HIGH) == '2'\n"
        "assert Level.HIGH > Level.LOW and Level.HIGH + 1 == 3 and json.dumps([Status.OPEN, Level.LOW]) == '[\"open\", 1]'\n"
        "assert Color(1) is Color.RED is Color.CRIMSON and list(Color) == [Color.RED, Color.GREEN] and len(Color) == 2\n"
        "assert 'open' in Status and Status.OPEN in Status and isinstance(Status.OPEN, Status) and isinstance(Kind.GET, str)\n"
        "assert repr(Status.DONE) == \"<Status.DONE: 'done'>\" and type(Status.OPEN) is Status\n"
        "try:\n    Status('closed')\n    found = True\nexcept ValueError:\n    found = False\nassert not found\n"
        "import copy\nassert copy.deepcopy([Status.OPEN, Status]) == [Status.OPEN, Status]\n"
        "try:\n    Status.OPEN = 'x'\nexcept AttributeError:\n    found = True\nassert found and Status.__members__['OPEN'] is Status.OPEN"
    ),
    "an enum's _missing_ hook and its member tables (_value2member_map_, _member_names_, _member_map_)": (
        "from enum import Enum\nclass S(str, Enum):\n    OPEN = 'open'\n    DONE = 'done'\n    D = 'done'\n"
        "    @classmethod\n    def _missing_(cls, value):\n        if isinstance(value, str) and value.lower() == 'open':\n"
        "            return cls.OPEN\n        return None\n"
        "class T(Enum):\n    A = 1\n    L = [2]\n    @classmethod\n    def _missing_(cls, value):\n        return 5\n"
        "assert S('OPEN') is S.OPEN and S._value2member_map_ == {'open': S.OPEN, 'done': S.DONE}\n"
        "assert S._member_names_ == ['OPEN', 'DONE'] and list(S._member_map_) == ['OPEN', 'DONE', 'D']\n"
        "S._value2member_map_.clear()\nassert 'open' in S._value2member_map_ and T._value2member_map_ == {1: T.A}\n"
        "for value, error in (('x', ValueError), (['open'], ValueError)):\n    try:\n        S(value)\n"
        "    except error:\n        pass\n    else:\n        raise AssertionError(value)\n"
        "try:\n    T(3)\nexcept TypeError:\n    pass\nelse:\n    raise AssertionError('T(3)')\n"
        "class C:\n    pass\ntry:\n    C._value2member_map_\nexcept AttributeError:\n    pass\nelse:\n    raise AssertionError('C')"
    ),
    "an enum's lru_cache'd and cached_property methods stay methods, not members": (
        "from enum import Enum\nfrom functools import lru_cache, cached_property\nclass S(Enum):\n    A = 1\n    B = 2\n"
        "    @lru_cache\n    def label(self):\n        return self.name.lower()\n"
        "    @cached_property\n    def big(self):\n        return self.value * 10\n"
        "assert list(S) == [S.A, S.B] and len(S) == 2 and S.A.label() == 'a' and S.B.big == 20 and S.B.big == 20"
    ),
    "with on an own class and contextlib.contextmanager": (
        "from contextlib import contextmanager\nclass Tx:\n    def __init__(self, log):\n        self.log = log\n"
        "    def __enter__(self):\n        self.log.append('in')\n        return self\n"
        "    def __exit__(self, kind, error, traceback):\n        self.log.append(kind.__name__ if kind else 'ok')\n"
        "        return kind is not None and issubclass(kind, KeyError)\n"
        "log = []\nwith Tx(log) as t:\n    pass\nwith Tx(log):\n    {}['x']\ntry:\n    with Tx(log):\n        int('x')\n"
        "except ValueError:\n    log.append('raised')\n"
        "@contextmanager\ndef step(name):\n    log.append('+' + name)\n    try:\n        yield name.upper()\n"
        "    except KeyError:\n        log.append('caught')\n    finally:\n        log.append('-' + name)\n"
        "with step('a') as a:\n    log.append(a)\nwith step('b'):\n    {}['y']\n"
        "assert log == ['in', 'ok', 'in', 'KeyError', 'in', 'ValueError', 'raised', '+a', 'A', '-a', '+b', 'caught', '-b'], log"
    ),
    "operator.itemgetter and friends": (
        "import operator\nfrom operator import itemgetter\nfrom functools import reduce\n"
        "rows = [{'v': 2, 'n': 'b'}, {'v': 1, 'n': 'a'}]\n"
        "assert [r['n'] for r in sorted(rows, key=itemgetter('v'))] == ['a', 'b']\n"
        "assert itemgetter('v', 'n')(rows[0]) == (2, 'b') and reduce(operator.add, [1, 2, 3]) == 6\n"
        "assert operator.mul(2, 3) == 6 and operator.eq(1, 1) and operator.getitem([5], 0) == 5"
    ),
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
        "assert imported"
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
    "open(), eval() and dir() in functions that grading does not call": (
        "import json\ndef save(log, path='log.json'):\n    with open(path, 'w') as f:\n        json.dump(log, f)\n"
        "def main():\n    print(dir(), eval('1 + 1'))\n    save({})\ndef try_save():\n    try:\n        save({})\n"
        "    except OSError:\n        return 'not saved'\nassert try_save() == 'not saved'\n"
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
    "traceback in an except block (no frames shown)": (
        "import traceback\ntry:\n    int('x')\nexcept ValueError as error:\n    traceback.print_exc()\n"
        "    text = traceback.format_exc()\n    only = traceback.format_exception_only(error)\n"
        "assert 'line' not in text and 'File' not in text and only == [\"ValueError: invalid literal for int() with base 10: 'x'\\n\"]"
    ),
    "unicodedata: a normal form and categories": (
        "import unicodedata\nassert unicodedata.normalize('NFKC', '\\u212a') == 'K' and unicodedata.category('a') == 'Ll'\n"
        "assert unicodedata.is_normalized('NFC', 'lamp') and unicodedata.name('a') == 'LATIN SMALL LETTER A'"
    ),
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted(source):
    loaded = load((source + "\ndef validate_ticket_proposal(p):\n    return p\n").encode())
    assert "validate_ticket_proposal" in loaded.functions


def test_random_seed_changes_only_the_submissions_generator():
    import random
    random.seed(7)
    expected = random.random()
    random.seed(7)
    load(b"import random\nrandom.seed(1)\nrandom.random()\ndef validate_ticket_proposal(p):\n    return p\n")
    assert random.random() == expected


def test_copies_of_inputs_a_host_may_hand_in():
    """copy.copy/deepcopy of a UserList, UserDict, UserString, Decimal or Fraction work as in Python (a cautious
    main.py copies the approvals before checking them), without running anything of the object's own."""
    import collections
    import decimal
    import fractions

    from grader.sandbox.copying import Copier

    copier = Copier(lambda cls: False, lambda value: False)
    approvals = collections.UserList([["a"], "b"])
    shallow, deep = copier.copy(approvals), copier.deepcopy(collections.UserDict(a=["x"]))
    assert type(shallow) is collections.UserList and shallow == approvals and shallow.data is not approvals.data
    assert shallow.data[0] is approvals.data[0] and deep == {"a": ["x"]} and type(deep) is collections.UserDict
    assert copier.deepcopy(collections.UserString("ab")) == "ab"
    assert copier.deepcopy(decimal.Decimal(3)) == 3 and copier.copy(fractions.Fraction(1, 3)) == fractions.Fraction(1, 3)
