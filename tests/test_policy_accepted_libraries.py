"""The restricted policy accepts the library forms students write (logging, time, bisect, string.Template, enum,
with and contextlib, datetime, os.environ, threading and asyncio locks, pytest's decorators...): each source loads and its own asserts hold. The sandbox offers
most of them as stand-ins of its own (grader/sandbox/); the class machinery is in test_policy_accepted_forms.py."""

import pytest

from grader.sandbox.loader import load

ACCEPTED = {
    "pickle.loads(pickle.dumps(x)), a deep copy of plain data; other objects are refused with what to write instead": (
        "import pickle\nrow = {'result': {'version': 1, 'tags': ['a']}, 'ids': {'c1'}, 'pair': (1, None)}\n"
        "copied = pickle.loads(pickle.dumps(row, protocol=pickle.HIGHEST_PROTOCOL))\n"
        "assert copied == row and copied['result'] is not row['result'] and pickle.loads(pickle.dumps(row, 2)) == row\n"
        "try:\n    pickle.dumps(object())\nexcept pickle.PicklingError as e:\n    said = str(e)\nassert 'deepcopy' in said"
    ),
    "random.Random(seed), a generator of its own for a demo": (
        "import random\nrng = random.Random(2026)\nids = [rng.randint(1, 99) for _ in range(3)]\n"
        "assert ids == [random.Random(2026).randint(1, 99) for _ in range(1)] + ids[1:] and 0 <= rng.random() < 1"
    ),
    "hmac.new and hmac.digest, a keyed seal; the HMAC's internals and class stay out": (
        "import hmac, hashlib\nh = hmac.new(b'k', b'm', hashlib.sha256)\nh2 = h.copy()\nh2.update(b'x')\n"
        "assert h.hexdigest() != h2.hexdigest() and h.digest_size == 32 and h.name == 'hmac-sha256'\n"
        "assert hmac.digest(b'k', b'm', 'sha256') == h.digest() and hmac.compare_digest(h.digest(), h.digest())\n"
        "for read in (lambda: h._hmac, lambda: hmac.HMAC, lambda: type(h)(b'k', digestmod='sha1')):\n"
        "    try:\n        read()\n    except (AttributeError, TypeError):\n        pass\n    else:\n        raise AssertionError"
    ),
    "types.FunctionType, MethodType, UnionType... for isinstance: the stand-ins type(x) gives, which make nothing": (
        "import types\ndef f(): pass\nclass C:\n    def m(self): pass\n"
        "assert type(f) is types.FunctionType and issubclass(type(f), types.LambdaType) and isinstance(C().m, types.MethodType)\n"
        "assert isinstance(len, types.BuiltinFunctionType) and isinstance(int | str, types.UnionType) and not isinstance(C.m, types.MethodType)\n"
        "for make in (lambda: types.FunctionType(None, {}), lambda: types.MethodType(len, 1)):\n"
        "    try:\n        make()\n    except TypeError:\n        pass\n    else:\n        raise AssertionError"
    ),
    "operator.methodcaller, a str method called by name (through the attribute guard)": (
        "from operator import methodcaller\nassert methodcaller('startswith', 'set_')('set_ticket') and methodcaller('isascii')('a')\n"
        "assert methodcaller('split', sep='-', maxsplit=1)('a-b-c') == ['a', 'b-c']\ntry:\n"
        "    methodcaller('__reduce_ex__', 2)(len)\nexcept AttributeError:\n    pass\nelse:\n    raise AssertionError"
    ),
    "difflib.get_close_matches for a hint": (
        "import difflib\nfrom difflib import get_close_matches\n"
        "assert difflib.get_close_matches('set-ticket', ['set_ticket', 'get_ticket'], n=1) == ['set_ticket']\n"
        "assert get_close_matches('zzz', ['set_ticket']) == []"
    ),
    "typing_extensions is typing's view, with @override": (
        "from typing_extensions import Literal, Self, TypedDict, override\nimport typing, typing_extensions as te\n"
        "class A:\n    def m(self) -> Self:\n        return self\nclass B(A):\n    @override\n"
        "    def m(self) -> Self:\n        return self\n"
        "assert type(B().m()) is B and te.Literal['x'] == typing.Literal['x'] and typing.override(len) is len"
    ),
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
    "logging to a file (an audit log): accepted, and no file is written": (
        "import logging\nlogging.basicConfig(filename='audit.log', level=logging.INFO, encoding='utf-8')\n"
        "log = logging.getLogger('audit')\nlog.addHandler(logging.FileHandler('refused.log', mode='a'))\n"
        "log.info('call %s ok', 'c1')\nlog.warning('call %s refused', 'c2')"
    ),
    "atexit.register (also as a decorator) gives the function back and never runs it while grading": (
        "import atexit\nsaved = []\n@atexit.register\ndef save():\n    saved.append(1)\n"
        "assert atexit.register(len, 'bye') is len and save() is None and saved == [1]\natexit.unregister(save)\n"
        "try:\n    atexit.register(3)\nexcept TypeError:\n    refused = True\nassert refused"
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
    "clocks as Python gives them (the grader's stand-ins): time's functions, datetime's now/today/utcnow": (
        "import time, datetime\nfrom datetime import datetime as DT, date, timezone, timedelta\n"
        "stamp = DT.now(timezone.utc)\nassert type(stamp) is DT and stamp.tzinfo is timezone.utc\n"
        "assert type(DT.now()) is DT and type(date.today()) is date and type(DT.utcnow()) is DT and DT.utcnow().tzinfo is None\n"
        "assert abs(DT.now().timestamp() - time.time()) < 60 and DT.today().date() == date.today()\n"
        "assert time.time_ns() > 0 and time.perf_counter() >= 0 and time.monotonic_ns() > 0 and time.process_time() >= 0\n"
        "assert time.localtime().tm_year >= 2024 and time.gmtime(0).tm_year == 1970 and time.ctime(0)\n"
        "assert time.strftime('%Y', time.gmtime(0)) == '1970' and len(time.strftime('%H:%M')) == 5 and time.asctime()\n"
        "class Stamp(DT):\n    pass\nassert type(Stamp.now()) is Stamp and type(stamp.now(None)) is DT\n"
        "make = DT.now\nassert make().year >= 2024\ntry:\n    DT.now('utc')\nexcept TypeError:\n    pass\n"
        "else:\n    raise AssertionError\ntry:\n    time.localtime('x')\nexcept TypeError:\n    pass\n"
        "else:\n    raise AssertionError"
    ),
    "os.environ and os.getenv: an empty environment of the submission's own; os.path pure; the rest of os unused": (
        "import os\nimport os.path\nfrom os import path\nDEBUG = os.environ.get('DEBUG') == '1' or os.getenv('DEBUG', '0') == '1'\n"
        "assert not DEBUG and os.getenv('PATH') is None and 'HOME' not in os.environ and dict(os.environ) == {}\n"
        "os.environ.setdefault('LEVEL', 'INFO')\nassert os.getenv('LEVEL') == 'INFO' and path.join('a', 'b') == 'a/b'\n"
        "try:\n    os.chdir('.')\nexcept AttributeError:\n    pass\nelse:\n    raise AssertionError"
    ),
    "threading.Lock and RLock around a dispatcher (Python's own locks); Thread imported, unused": (
        "import threading\nfrom threading import Lock, Thread\n_lock = threading.RLock()\n_plain = Lock()\n"
        "def guarded():\n    with _lock:\n        with _lock:\n            return _lock.acquire(blocking=False)\n"
        "assert guarded() and _lock.acquire(timeout=1)\n_lock.release()\n_lock.release()\n"
        "with _plain:\n    assert _plain.locked() and not _plain.acquire(blocking=False)\nassert not _plain.locked()\n"
        "try:\n    Thread(target=guarded).start()\nexcept AttributeError:\n    pass\nelse:\n    raise AssertionError"
    ),
    "asyncio's locks, events and queues at module level for async code (inert: async defs never run)": (
        "import asyncio\nfrom asyncio import Lock, Queue\n_lock = Lock()\n_slots = asyncio.Semaphore(4)\n_jobs = Queue(maxsize=8)\n"
        "async def handle(call):\n    async with _lock, _slots:\n        await _jobs.put(call)\n        return await asyncio.wait_for(_jobs.get(), 1)\n"
        "assert 'inert' in repr(_lock) and 'Semaphore' in repr(_slots)\n"
        "if __name__ == '__main__':\n    asyncio.run(handle({}))\n"
        "try:\n    asyncio.run(handle({}))\nexcept (AttributeError, NotImplementedError):\n    pass\nelse:\n    raise AssertionError"
    ),
    "pytest for tests kept in main.py: marks, fixtures and params give back what they decorate, nothing runs": (
        "import pytest\nfrom pytest import param\n@pytest.fixture\ndef host():\n    return {}\n"
        "@pytest.fixture(scope='module')\ndef digest():\n    return 'x'\n"
        "@pytest.mark.parametrize('bad', [None, param({}, id='empty')])\n@pytest.mark.slow\ndef test_bad(bad):\n"
        "    with pytest.raises(ValueError):\n        raise ValueError(bad)\n"
        "class TestX:\n    @pytest.mark.skipif(False, reason='x')\n    def test_y(self, host):\n        assert host == {}\n"
        "assert host() == {} and digest() == 'x' and callable(test_bad) and param(1, 2) == (1, 2)\n"
        "try:\n    pytest.main([])\nexcept AttributeError:\n    pass\nelse:\n    raise AssertionError"
    ),
    "sys.stdout.reconfigure(encoding='utf-8') at the top (a Windows console): accepted, changes nothing": (
        "import sys\nsys.stdout.reconfigure(encoding='utf-8')\nsys.stderr.reconfigure(errors='replace')\n"
        "assert sys.stdout.encoding == 'utf-8' and not sys.stdout.isatty()\nprint('✓ geladen')"
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
    "an enum's _generate_next_value_ hook for auto(): in the class, as a staticmethod, on an own base without members": (
        "from enum import Enum, auto\nclass S(str, Enum):\n    def _generate_next_value_(name, start, count, last_values):\n"
        "        return name.lower()\n    OPEN = auto()\n    DONE = auto()\n"
        "class AutoName(Enum):\n    @staticmethod\n    def _generate_next_value_(name, start, count, last_values):\n"
        "        return f'{name}:{start}:{count}:{len(last_values)}'\nclass T(AutoName):\n    A = auto()\n    B = 'b'\n    C = auto()\n"
        "assert [m.value for m in S] == ['open', 'done'] and S('done') is S.DONE and S.OPEN == 'open'\n"
        "assert [m.value for m in T] == ['A:1:0:0', 'b', 'C:1:2:2']\n"
        "class N(Enum):\n    A = auto()\n    B = auto()\nassert [m.value for m in N] == [1, 2]\n"
        "class W(str, Enum):\n    def _generate_next_value_(name, start, count, last_values):\n"
        "        return 1\n    A = auto()\nassert W.A.value == '1'  # as Python makes str(1)"
    ),
    "a TypedDict's __required_keys__, __optional_keys__ and __total__ (total=False, Required, NotRequired, Annotated, subclasses)": (
        "from typing import Annotated, NotRequired, Required, TypedDict\nclass Arguments(TypedDict):\n"
        "    ticket: str\n    status: str\nclass Result(TypedDict, total=False):\n    status: Required[str]\n"
        "    version: int\n    note: Annotated[NotRequired[str], 'free text']\nclass Row(Result):\n"
        "    fingerprint: str\nclass Loose(Row, total=False):\n    extra: Annotated[Required[int], 'x']\n"
        "    more: int\n"
        "assert Arguments.__required_keys__ == frozenset({'ticket', 'status'}) and Arguments.__optional_keys__ == frozenset()\n"
        "assert Result.__required_keys__ == {'status'} and Result.__optional_keys__ == {'version', 'note'}\n"
        "assert Row.__required_keys__ == {'status', 'fingerprint'} and Row.__optional_keys__ == {'version', 'note'}\n"
        "assert Loose.__required_keys__ == {'status', 'fingerprint', 'extra'} and Loose.__optional_keys__ == {'version', 'note', 'more'}\n"
        "assert (Arguments.__total__, Result.__total__, Row.__total__, Loose.__total__) == (True, False, True, False)\n"
        "assert type(Arguments.__required_keys__) is frozenset and Loose(extra=1) == {'extra': 1} and type(Row(fingerprint='f')) is dict\n"
        "assert set({'ticket': 'a', 'status': 'open'}) == Arguments.__required_keys__"
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
    "__file__ and pure path operations (pathlib, os.path) load; the file system holds no file but main.py": (
        "from pathlib import Path\nimport os.path\nfrom os.path import join, dirname\n"
        "HERE = Path(__file__).resolve().parent\nLOG = HERE / 'log.json'\nassert Path(__file__).name == 'main.py'\n"
        "assert LOG.name == 'log.json' and LOG.suffix == '.json' and LOG.stem == 'log' and LOG.parent == HERE\n"
        "assert Path(__file__).with_name('log.json') == LOG and HERE.joinpath('log.json') == LOG\n"
        "assert join(dirname(os.path.abspath(__file__)), 'log.json') == str(LOG) and os.path.basename(__file__) == 'main.py'\n"
        "assert os.path.splitext('a/b.json') == ('a/b', '.json') and isinstance(LOG, Path)\n"
        "assert not LOG.exists() and not LOG.is_file() and not os.path.exists(LOG) and os.path.isdir(HERE)\n"
        "for call, error in ((LOG.read_text, FileNotFoundError), (LOG.iterdir, FileNotFoundError),\n"
        "                    (LOG.open, FileNotFoundError), (lambda: os.path.getsize(LOG), FileNotFoundError),\n"
        "                    (LOG.rmdir, PermissionError), (LOG.chmod, PermissionError),\n"
        "                    (lambda: LOG.open('w', newline='?'), ValueError), (Path.home, PermissionError),\n"
        "                    (lambda: LOG.resolve(strict=True), PermissionError)):\n"
        "    try:\n        call()\n    except error:\n        pass\n    else:\n        raise AssertionError(call)\n"
        "try:\n    class Mine(Path):\n        pass\nexcept TypeError:\n    pass\nelse:\n    raise AssertionError\n"
        "assert LOG.write_text('{}') == 2 and LOG.exists() and LOG.read_text() == '{}' and HERE.exists()"
    ),
    "doctest.testmod() unguarded at module level runs nothing and reports nothing failed": (
        "import doctest\ndef f(x):\n    \"\"\"\n    >>> f(1)\n    2\n    \"\"\"\n    return x + 1\n"
        "result = doctest.testmod(verbose=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)\n"
        "assert result.failed == 0 and result.attempted == 0 and result == (0, 0) and doctest.ELLIPSIS == 8\n"
        "assert doctest.testfile('README.txt') == (0, 0) and doctest.run_docstring_examples(f, {}) is None"
    ),
    "functools.partialmethod on an object and off its class": (
        "from functools import partialmethod\nclass T:\n    def _set(self, status, note=''):\n        self.status = status\n"
        "        return status + note\n    close = partialmethod(_set, 'done')\n    reopen = partialmethod(_set, 'open', note='!')\n"
        "t = T()\nassert t.close() == 'done' and t.status == 'done' and t.reopen() == 'open!'\n"
        "assert T.close(t) == 'done' and T.reopen(t, note='?') == 'open?'\ntry:\n    partialmethod(3)\nexcept TypeError:\n"
        "    pass\nelse:\n    raise AssertionError"
    ),
    "reprlib.repr shortens a value in an error message": (
        "import reprlib\nclass Big:\n    def __repr__(self):\n        return 'B' * 100\n"
        "assert reprlib.repr('x' * 100) == \"'xxxxxxxxxxxx...xxxxxxxxxxxxx'\" and reprlib.repr(list(range(9))) == "
        "'[0, 1, 2, 3, 4, 5, ...]'\nassert len(reprlib.repr(Big())) <= 30 and reprlib.repr({'a': 1}) == \"{'a': 1}\""
    ),
    "io.StringIO as a buffer for a message, print(file=buffer); hashlib.algorithms_guaranteed": (
        "import io, hashlib\nbuffer = io.StringIO()\nbuffer.write('bad: ')\nprint('a', 'b', sep=',', file=buffer, end='')\n"
        "assert buffer.getvalue() == 'bad: a,b'\nwith io.StringIO('x\\ny') as lines:\n    assert lines.readlines() == ['x\\n', 'y']\n"
        "assert 'sha256' in hashlib.algorithms_guaranteed\ntry:\n    io.open('x')\nexcept AttributeError:\n    pass\n"
        "else:\n    raise AssertionError"
    ),
    "unicodedata: a normal form and categories": (
        "import unicodedata\nassert unicodedata.normalize('NFKC', '\\u212a') == 'K' and unicodedata.category('a') == 'Ll'\n"
        "assert unicodedata.is_normalized('NFC', 'lamp') and unicodedata.name('a') == 'LATIN SMALL LETTER A'"
    ),
}


def loads(source: str) -> bool:
    """Whether ``source`` (its own asserts included) loads under the policy, with one of the three functions."""
    return "validate_ticket_proposal" in load((source + "\ndef validate_ticket_proposal(p):\n    return p\n").encode()).functions


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted(source):
    assert loads(source)


def test_logging_to_a_file_writes_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    load(b"import logging\nlogging.basicConfig(filename='audit.log')\nlogging.getLogger().addHandler("
         b"logging.FileHandler('x.log'))\nlogging.error('x')\ndef validate_ticket_proposal(p):\n    return p\n")
    assert list(tmp_path.iterdir()) == []


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


def test_clocks_moved_on_for_the_checks_marked_last():
    """Every clock main.py reads adds grader.sandbox.clock.shift (set before the checks marked last): a submission
    that behaves only while it is young sees a year go by."""
    from grader.sandbox import clock

    loaded = load(b"import time\nfrom datetime import datetime, date\ndef validate_ticket_proposal(proposal):\n"
                  b"    return time.time(), time.monotonic(), datetime.now().timestamp(), date.today().toordinal()\n")
    read = loaded.functions["validate_ticket_proposal"]
    assert clock.shift == 0  # no grading in this process left the clocks moved on (grader.runner)
    before = read(None)
    clock.move_on(clock.LATER)
    try:
        after = read(None)
    finally:
        clock.move_on(0)
    assert all(later - earlier >= clock.LATER - 60 for later, earlier in zip(after[:3], before[:3]))
    assert after[3] - before[3] >= clock.LATER // 86400 - 1
