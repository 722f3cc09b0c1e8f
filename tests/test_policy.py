"""The restricted policy refuses what reaches the grader's internals (what it accepts: test_policy_accepted.py)."""

import pytest

from grader.sandbox.loader import LoadFailure, compile_source, load

REFUSED_AT_COMPILE = {
    "a metaclass other than ABCMeta": "class M(type):\n    pass\nclass A(metaclass=M):\n    pass",
    "guard hook as name": "_getattr_ = None",
    "a lambda with yield (its generators could not be kept)": "g = (lambda: (yield 1))()",
    "the kept generator's inner name": "_generator_body_ = None",
    "guard hook as parameter": "def f(_write_):\n    pass",
    "guard hook as positional-only parameter": "def f(_getiter_, /):\n    pass",
    "guard hook as lambda parameter": "f = lambda _getitem_: 1",
    "guard hook in comprehension": "x = [1 for _getattr_ in range(2)]",
    "guard hook via walrus": "if (_write_ := 1):\n    pass",
    "guard hook via global": "def f():\n    global _getattr_\n    _getattr_ = 1",
    "guard hook via import as": "import json as _getattr_",
    "guard hook via except as": "try:\n    pass\nexcept ValueError as _write_:\n    pass",
    "guard hook via match capture": "match 1:\n    case _getattr_:\n        pass",
    "transformer temp name": "_tmp0 = 1",
    "print collector name": "_print = 1",
    "builtins dunder": "__builtins__ = {}",
    "the class hook's name, beside the module header names": "__license__ = 'MIT'\n__metaclass__ = type",
    "a module attribute Python reads, beside the module header names": "__author__ = 'x'\n__loader__ = None",
    "dunder attribute": "x = ().__reduce_ex__",
    "closure of a function": "def f():\n    x = 1\n    return lambda: x\nc = f().__closure__",
    "a special method outside the list": "class C:\n    def __getattribute__(self, name):\n        return 1",
    "a special method bound to another class's": "class C:\n    __eq__ = str.__eq__",
    "a special method bound to a module name": "import json\nclass C:\n    __repr__ = json.dumps",
    "dunder attribute write": "class A:\n    pass\nA().__class__ = int",
    "generator frame": "g = (i for i in [1])\nf = g.gi_frame",
    "code object attribute": "def f():\n    pass\nc = f.co_code",
    "eval": "eval('1')",
    "exec": "exec('x = 1')",
    "try star": "try:\n    pass\nexcept* ValueError:\n    pass",
    "star import in a function": "def f():\n    from typing import *",
    "compile() when main.py binds no compile of its own": "import re\nx = compile('1', 'f', 'eval')",
    "eval() after a star import that offers none": "from typing import *\neval('1')",
    "star import in a class body": "class A:\n    from typing import *",
    "relative star import": "from . import *",
    "match class keyword pattern with a frame name": "g = (i for i in [1])\nmatch g:\n    case object(gi_frame=f):\n        pass",
    "match class keyword pattern with a dunder name": "match 1:\n    case object(__class__=c):\n        pass",
    "metaclass keyword": "class A(metaclass=type):\n    pass",
    "dunder method outside a class": "def __init__(self):\n    pass",
    "special method bound to another object": "class A:\n    __eq__ = object.__eq__",
    "a method called with the object alone bound to another name": "class A:\n    __hash__ = object.__reduce__",
    "special method bound to a name": "def h(self):\n    return 1\nclass A:\n    __hash__ = h",
    "special method set to None outside a class": "__hash__ = None",
    "unlisted special method set to None": "class A:\n    __getattribute__ = None",
    "unlisted dunder method": "class A:\n    def __getattribute__(self, name):\n        return 1",
    "an async method named like a special method": "class A:\n    async def __aexit__(self, *details):\n        pass",
    "guard hook as an async def's parameter": "async def f(_write_):\n    pass",
    "a forbidden default of an async def": "async def f(x=().__class__.__bases__):\n    pass",
    "mro": "m = int.mro()",
}


@pytest.mark.parametrize("source", REFUSED_AT_COMPILE.values(), ids=REFUSED_AT_COMPILE.keys())
def test_refused_at_compile(source):
    with pytest.raises(LoadFailure) as failure:
        compile_source(source)
    assert failure.value.problem.kind in ("policy", "syntax")
    assert failure.value.problem.line is not None


REFUSED_AT_RUN = {
    "use of os": ("import os\nos.system('ls')", "AttributeError: os.system is not available in the grader"),
    "use of os.path on the disk": ("import os.path\nos.path.getsize('a')", "FileNotFoundError: [Errno 2]"),
    "from os import, used": ("from os import path\npath.expanduser('~')", "PermissionError: os.path.expanduser() is not"),
    "open() in the else branch of the main guard": ("if __name__ == '__main__':\n    pass\nelse:\n    open('x')",
                                                    "FileNotFoundError: [Errno 2] No such file or directory while"),
    "open() under a negated main guard": ("if __name__ != '__main__':\n    open('x', 'w')\n    open('y')",
                                          "FileNotFoundError: [Errno 2]"),
    "open() under a main guard joined by or": ("if __name__ == '__main__' or True:\n    open('x', mode='a')\n"
                                               "    open('./x', mode='x')", "FileExistsError: [Errno 17]"),
    "open() of a file outside": ("open('/etc/passwd').read()", "FileNotFoundError: [Errno 2]"),
    "open() with a mode that is no literal": ("m = 'r'\nopen('/etc/passwd', m)", "FileNotFoundError: [Errno 2]"),
    "open() of a file descriptor": ("open(0)", "TypeError: expected str or os.PathLike"),
    "open() with an opener": ("open('x', 'w', opener=print)", "ValueError: file descriptors and openers"),
    "files written past their room": ("f = open('x', 'w')\nfor i in range(2000):\n    f.write('x' * 1000)",
                                      "OSError: [Errno 28] No space left on device"),
    "use of os.path, not offered": ("import os.path\nos.path.walk('a')", "AttributeError: os.path.walk is not available"),
    "a path next to __file__ read": ("from pathlib import Path\nPath(__file__).with_name('log.json').read_text()",
                                     "FileNotFoundError: [Errno 2]"),
    "a path next to __file__ written as bytes": ("from pathlib import Path\nPath(__file__).with_name('log.json')"
                                                 ".write_bytes('x')", "TypeError: a bytes-like object is required"),
    "a folder next to __file__ removed": ("from pathlib import Path\nPath(__file__).with_name('logs').rmdir()",
                                          "PermissionError: Path.rmdir() is not available"),
    "not a standard module": ("import numpy", "ModuleNotFoundError"),
    "star import of a module the grader does not offer": ("from statistics import *",
                                                          "ImportError: from statistics import *"),
    "star import of a module outside the standard library": ("from numpy import *", "ModuleNotFoundError"),
    "relative import": ("from . import x", "ImportError"),
    "functools.update_wrapper onto a grader function": (
        "import functools, json\ndef f():\n    pass\ngetattr(functools.update_wrapper(f, json.dumps), '__wrapped__')", "AttributeError"),
    "write a module": ("import json\njson.dumps = None", "TypeError"),
    "write a module via setattr-free path": ("import copy\ncopy.deepcopy = copy.copy", "TypeError"),
    "write a builtin function attribute": ("import json\njson.dumps.x = 1", "TypeError"),
    "three-argument type": ("T = type('T', (), {})", "TypeError"),
    "format field reaching internals": ("x = '{0.gi_frame}'.format((i for i in []))", "AttributeError"),
    "str.format on the type": ("f = str.format", "AttributeError"),
    "private attribute of a foreign object": ("import re\nx = getattr(re.compile('a'), '_x', 1)", "AttributeError"),
    "exception obj attribute": ("try:\n    (1).foo\nexcept AttributeError as e:\n    o = e.obj", "AttributeError"),
    "BaseException is not available": ("raise BaseException('x')", "NameError"),
    "KeyboardInterrupt is not available": ("raise KeyboardInterrupt", "NameError"),
    "input has no keyboard": ("input('x? ')", "EOFError: input() was called"),
    "make a method": ("def f(x):\n    pass\nm = type(print)(f, 1)", "TypeError: method objects cannot be made"),
    "copy of a foreign object": ("import copy, typing\ncopy.copy(typing.List[int])", "TypeError: a copy of a"),
    "deepcopy with a memo that is no dict": ("import copy\ncopy.deepcopy([], [])", "TypeError: the memo of copy.deepcopy is a dict"),
    "attribute of a foreign function": ("import json\njson.dumps.calls = 1", "TypeError: a function object that main.py did not"),
    "dunder names in __match_args__": ("class C:\n    __match_args__ = ('__dict__',)\n", "TypeError"),
    "replace of an object main.py did not make": ("import dataclasses, json\ndataclasses.replace(json.JSONEncoder())",
                                                  "TypeError: replace() takes"),
    "register of an own class without one": ("class C:\n    pass\nC.register(list)", "AttributeError"),
    "computed getattr of an internal": ("n = '__glob' + 'als__'\ngetattr(len, n)", "AttributeError"),
    "computed getattr of a frame": ("g = (i for i in [])\ngetattr(g, 'gi_' + 'frame')", "AttributeError"),
    "from-imported name of an unavailable module, used": ("from statistics import NormalDist\nclass S(NormalDist):\n"
                                                           "    A = 1", "AttributeError: statistics.NormalDist is not"),
    "__dict__ of a foreign object": ("x = ().__dict__", "AttributeError"),
    "vars of a class main.py did not write": ("import json\nvars(json.JSONEncoder)", "AttributeError"),
    "vars of a module view": ("import json\nvars(json)", "AttributeError"),
    "vars with two arguments": ("vars(1, 2)", "TypeError"),
    "get_type_hints of a function main.py did not write": ("from typing import get_type_hints\nget_type_hints(len)",
                                                           "TypeError"),
    "get_type_hints of an object main.py did not make": ("import typing, json\n"
                                                         "typing.get_type_hints(json.JSONEncoder())", "TypeError"),
    "get_type_hints of an annotation naming a class's internals": ("import typing\nclass C:\n    x: '__dict__'\n"
                                                                   "typing.get_type_hints(C)", "NameError"),
    "get_type_hints of a builtin's __init__": ("import typing\nclass D(dict):\n    pass\n"
                                               "typing.get_type_hints(D.__init__)", "TypeError"),
    "get_type_hints of a library base's __init__": ("import typing, json, dataclasses\n"
                                                    "@dataclasses.dataclass(init=False)\nclass E(json.JSONEncoder):\n"
                                                    "    a: int = 0\ntyping.get_type_hints(E.__init__)", "TypeError"),
    "get_type_hints of an own object without annotations": ("import typing\nclass C:\n    pass\n"
                                                            "typing.get_type_hints(C())", "TypeError"),
    "get_type_hints of an annotation that calls": ("import typing\nclass C:\n    a: 'print(1)'\n"
                                                   "typing.get_type_hints(C)", "NameError"),
    "the fields of a class that is no dataclass": ("class C:\n    pass\nf = C.__dataclass_fields__", "AttributeError"),
    "locals() called by a library's code": ("import string, collections\n"
                                            "string.Template('$x').substitute(collections.defaultdict(locals))",
                                            "NotImplementedError"),
    "another module through sys.modules": ("import sys\nm = sys.modules['builtins']", "KeyError"),
    "a guard hook through sys.modules": ("import sys\nm = getattr(sys.modules[__name__], '_getattr_')",
                                         "AttributeError"),
    "a reserved name written through sys.modules": ("import sys\nsetattr(sys.modules[__name__], 'print', 1)",
                                                   "AttributeError: module 'main' cannot bind"),
    "main.py's module dict through sys.modules": ("import sys\nd = vars(sys.modules[__name__])", "AttributeError"),
    "globals() binding a guard's name": ("globals()['_getattr_'] = getattr", "NotImplementedError: globals() cannot"),
    "globals() binding the builtins": ("globals().update(__builtins__={})", "NotImplementedError: globals() cannot"),
    "globals() binding print": ("g = globals()\ng |= {'print': len}", "NotImplementedError: globals() cannot"),
    "globals() deleting a guard's name": ("del globals()['_write_']", "NotImplementedError: globals() cannot"),
    "globals() emptied": ("globals().clear()", "NotImplementedError: globals().clear()"),
    "the module behind globals()": ("g = globals()\nm = getattr(g, '_module')", "AttributeError"),
    "globals() set up again": ("g = globals()\ng.__init__({}, {})", "AttributeError"),
    "a dict's own write into globals()": ("dict.__setitem__(globals(), '_getattr_', 1)", "TypeError"),
    "setattr of a special attribute": ("class C:\n    pass\nsetattr(C(), '__class__', dict)", "AttributeError"),
    "setattr of a module view": ("import json\nsetattr(json, 'dumps', len)", "TypeError"),
    "setattr of a function's defaults": ("def f(x=1):\n    return x\nsetattr(f, '__defaults__', (2,))",
                                         "AttributeError"),
    "__setitem__ of a foreign object": ("import types\ntypes.MappingProxyType({}).__setitem__", "AttributeError"),
    "__qualname__ of a foreign function": ("import json\njson.dumps.__qualname__", "AttributeError"),
    "extending an enum with members": ("from enum import Enum\nclass A(Enum):\n    X = 1\nclass B(A):\n    Y = 2",
                                       "TypeError: class B: cannot extend enum"),
    "an enum with a foreign mixin": ("import enum, collections\nclass A(collections.OrderedDict, enum.Enum):\n    X = 1",
                                     "TypeError"),
    "contextmanager of a foreign function": ("import contextlib, json\ncontextlib.contextmanager(json.dumps)", "TypeError"),
    "singledispatch register by a string annotation that is no plain name": (
        "from __future__ import annotations\nfrom functools import singledispatch\n@singledispatch\ndef f(x):\n"
        "    return x\n@f.register\ndef _(x: int.__class__):\n    return 1", "TypeError: register(f)"),
    "singledispatch register of a tuple": (
        "from functools import singledispatch\n@singledispatch\ndef f(x):\n    return x\nf.register((int, str), len)",
        "TypeError: register(): tuple is not a class"),
    "singledispatch register by a string annotation naming no class": (
        "import json\nfrom functools import singledispatch\n@singledispatch\ndef f(x):\n"
        "    return x\n@f.register\ndef _(x: 'json.dumps'):\n    return 1", "TypeError: register(f)"),
    "an own class named ABCMeta as metaclass": ("class ABCMeta:\n    pass\nclass A(metaclass=ABCMeta):\n    pass",
                                                "TypeError: in the grader a class may only name metaclass=ABCMeta"),
    "__subclasses__ of a class main.py did not write": ("x = object.__subclasses__()", "AttributeError"),
    "collections.UserString (its format() reads fields past the attribute guard)": (
        "from collections import UserString", "ImportError"),
    "runtime_checkable on a class that is no Protocol": (
        "from typing import runtime_checkable\n@runtime_checkable\nclass C:\n    pass", "TypeError"),
    "__name__ of an own class set": ("class C:\n    pass\nC.__name__ = 'D'", "AttributeError"),
    "__qualname__ of a foreign function set": ("import json\njson.dumps.__qualname__ = 'g'", "TypeError"),
    "__name__ of an own function set to a non-str": ("def f():\n    pass\nf.__name__ = None", "TypeError"),
    "time.clock_settime": ("import time\ntime.clock_settime(time.CLOCK_REALTIME, 0)", "AttributeError"),
    "a datetime changed": ("from datetime import datetime\nd = datetime.now()\nd.year = 1", "TypeError"),
    "eval() in a function that is called": ("def f():\n    return eval('1')\nf()",
                                            "NotImplementedError: eval() is not available"),
    "open() in a lambda that is called": ("read = lambda: open('/etc/passwd').read()\nread()",
                                          "FileNotFoundError: [Errno 2]"),
    "open() to write in a lambda that is called": ("write = lambda: open('/tmp/x', 'w').write(b'x')\nwrite()",
                                                   "TypeError: write() argument must be str, not bytes"),
    "super().__setattr__ of a special attribute": (
        "class P:\n    def __init__(self):\n        super().__setattr__('__class__', dict)\nP()", "AttributeError"),
    "super().__setattr__ of a class": (
        "class P:\n    @classmethod\n    def f(cls):\n        return super().__setattr__\nP.f()", "AttributeError"),
    "ABCMeta called": ("import abc\nabc.ABCMeta('X', (), {})", "TypeError: ABCMeta can only be named"),
    "abstract class made": ("from abc import ABC, abstractmethod\nclass A(ABC):\n    @abstractmethod\n    def f(self):\n"
                            "        pass\nA()", "TypeError: Can't instantiate abstract class A"),
    "match keyword pattern on a builtin": ("match 1:\n    case int(real=r):\n        pass", "TypeError: case int(name=...)"),
    "match keyword pattern on a foreign exception": (
        "import json\ntry:\n    json.loads('x')\nexcept ValueError as e:\n    match e:\n        case json.JSONDecodeError(doc=d):\n"
        "            pass", "TypeError: case JSONDecodeError(name=...)"),
    "match keyword pattern reading a foreign base's method": (
        "class S(str):\n    pass\nmatch S('a'):\n    case S(format=f):\n        pass", "TypeError: case S(...) would read 'format'"),
    "match keyword pattern after too many positional ones": (
        "from dataclasses import dataclass\n@dataclass\nclass P:\n    a: int\nmatch P(1):\n    case P(1, 2, b=3):\n        pass",
        "TypeError: P() does not accept 2 positional"),
    "ABC register": ("from collections import OrderedDict\nOrderedDict.register", "AttributeError"),
    "numbers ABC register": ("import numbers\nnumbers.Integral.register(float)", "AttributeError"),
    "class built on a numbers ABC": ("import numbers\nclass N(numbers.Integral):\n    pass", "TypeError"),
    "__doc__ of a library function set": ("import json\njson.dumps.__doc__ = 'x'", "TypeError: only the docstring"),
    "__doc__ of a builtin set": ("len.__doc__ = 'x'", "TypeError: only the docstring"),
    "__doc__ of a builtin class set with setattr": ("setattr(int, '__doc__', 'x')", "TypeError: only the docstring"),
    "__doc__ of a library class set": ("import json\njson.JSONEncoder.__doc__ = 'x'", "TypeError: only the docstring"),
    "__doc__ of a module view set": ("import json\njson.__doc__ = 'x'", "TypeError: only the docstring"),
    "__doc__ of an own instance set": ("class C:\n    pass\nC().__doc__ = 'x'", "TypeError: only the docstring"),
    "__doc__ of a bound method set": ("class C:\n    def m(self):\n        pass\nC().m.__doc__ = 'x'",
                                      "TypeError: only the docstring"),
    "__doc__ set to a str subclass": ("class S(str):\n    pass\ndef f():\n    pass\nf.__doc__ = S('x')",
                                      "TypeError: \"__doc__\" can only be set to a str or None"),
    "__doc__ set to another object": ("def f():\n    pass\nf.__doc__ = f", "TypeError: \"__doc__\" can only be set"),
    "__doc__ deleted": ("def f():\n    pass\ndel f.__doc__", "AttributeError: \"__doc__\" cannot be deleted"),
    "SimpleNamespace with a dunder keyword": ("import types\ntypes.SimpleNamespace(**{'__class__': int})",
                                              "AttributeError: the attribute '__class__' is not one"),
    "SimpleNamespace with a dunder attribute set": ("from types import SimpleNamespace as N\nsetattr(N(), '__dict__', {})",
                                                    "AttributeError"),
    "SimpleNamespace with a frame name": ("from types import SimpleNamespace as N\nN(f_back=1)", "AttributeError"),
    "SimpleNamespace with a name that is no exact str": (
        "from types import SimpleNamespace as N\nclass S(str):\n    pass\nclass M:\n    def keys(self):\n        return [S('a')]\n"
        "    def __getitem__(self, k):\n        return 1\nN(M())", "TypeError: SimpleNamespace: attribute names must be strings"),
    "SimpleNamespace's __init__ on a foreign object": ("import json, types\ntypes.SimpleNamespace.__init__(json.JSONEncoder(), x=1)",
                                                       "TypeError: SimpleNamespace.__init__ can only change"),
    "another name of types": ("import types\ntypes.CodeType", "AttributeError"),
    "another name of types, imported": ("from types import ModuleType", "ImportError"),
    "__init_subclass__ set to None": ("class A:\n    __init_subclass__ = None", "TypeError: class A: __init_subclass__ must"),
    "__init_subclass__ as a staticmethod": ("class A:\n    @staticmethod\n    def __init_subclass__():\n        pass",
                                            "TypeError: class A: __init_subclass__ must be a plain def"),
    "__init_subclass__ of an enum": ("from enum import Enum\nclass E(Enum):\n    def __init_subclass__(cls):\n        pass",
                                     "TypeError: class E: an enum's __init_subclass__"),
    "__init_subclass__ read off a class": ("class A:\n    pass\nA.__init_subclass__", "AttributeError"),
    "__init_subclass__ of super() in a method": (
        "class A:\n    def f(self):\n        return super().__init_subclass__\nA().f()", "AttributeError"),
    "__init_subclass__ of super() with keywords": (
        "class A:\n    def __init_subclass__(cls):\n        super().__init_subclass__(x=1)\nclass B(A):\n    pass",
        "TypeError: object.__init_subclass__() takes no keyword arguments"),
    "__annotations__ of a library class": ("import json\njson.JSONEncoder.__annotations__", "AttributeError"),
    "__annotations__ of a library function": ("import json\ngetattr(json.dumps, '__annotations__')", "AttributeError"),
    "__annotations__ of a builtin class": ("int.__annotations__", "AttributeError"),
    "__annotations__ of a module view": ("import typing\ntyping.__annotations__", "AttributeError"),
    "__annotations__ of a method @dataclass wrote": (
        "from dataclasses import dataclass\n@dataclass\nclass D:\n    u: int\nD.__init__.__annotations__", "AttributeError"),
    "an async def called (no event loop runs in the grader; its body is never compiled)": (
        "async def f():\n    import os\n    await os.system('x')\nf()", "NotImplementedError: async def f() is not"),
    "__annotations__ of an own class written": ("class C:\n    x: int\nsetattr(C, '__annotations__', {})", "AttributeError"),
}


@pytest.mark.parametrize("source,error", REFUSED_AT_RUN.values(), ids=REFUSED_AT_RUN.keys())
def test_refused_at_run(source, error):
    with pytest.raises(LoadFailure) as failure:
        load((source + "\ndef validate_ticket_proposal(p):\n    return p\n").encode())
    assert failure.value.problem.kind == "runtime"
    assert failure.value.problem.detail.startswith(error)


def test_raise_system_exit_ends_the_module_body_as_exit_does():
    loaded = load(b"def validate_ticket_proposal(p):\n    return p\nprint('hi')\nraise SystemExit(0)\nprint('not shown')\n")
    assert loaded.output == "hi\n" and loaded.notes[0] == {"kind": "exit-called", "line": 4}


def test_exit_ends_module_body_with_a_note():
    loaded = load(b"def validate_ticket_proposal(p):\n    return p\nexit()\nraise RuntimeError('not reached')\n")
    assert loaded.notes == [{"kind": "exit-called", "line": 3},
                            {"kind": "missing-function", "name": "proposal_fingerprint"},
                            {"kind": "missing-function", "name": "dispatch_ticket"}]


def test_a_missing_function_names_a_callable_with_a_close_name():
    """A typo, a plural or Dutch words: the note names the callable the student probably meant; a plain
    value with a close name, a private helper, or a name not close at all is not named."""
    loaded = load(b"def validate_ticket_proposal(p):\n    return p\ndef fingerprint(p):\n    return p\n"
                  b"def dispatch_tickets(*a):\n    return {}\n")
    assert loaded.notes == [{"kind": "missing-function", "name": "proposal_fingerprint", "near": "fingerprint"},
                            {"kind": "missing-function", "name": "dispatch_ticket", "near": "dispatch_tickets"}]
    loaded = load(b"def validate_ticket_proposal(p):\n    return p\ndispatch_tickets = 3\n"
                  b"def _proposal_fingerprint(p):\n    return p\ndef helper():\n    pass\n")
    assert loaded.notes == [{"kind": "missing-function", "name": "proposal_fingerprint"},
                            {"kind": "missing-function", "name": "dispatch_ticket"}]


def test_a_file_with_none_of_the_three_functions_points_at_a_def_with_a_close_name():
    with pytest.raises(LoadFailure) as failure:
        load(b"import json\n\ndef validate_ticket_propsal(proposal):\n    return dict(proposal)\n")
    problem = failure.value.problem
    assert (problem.kind, problem.line, problem.source) == ("missing-functions", 3, "def validate_ticket_propsal(proposal):")
    with pytest.raises(LoadFailure) as failure:
        load(b"def helper(x):\n    return x\n")
    assert (failure.value.problem.kind, failure.value.problem.line) == ("missing-functions", None)


def test_an_item_written_into_a_tuple_gets_pythons_own_error_and_a_foreign_mapping_the_graders():
    import types
    write = load(b"def validate_ticket_proposal(p):\n    try:\n        p[0] = 1\n    except TypeError as e:\n"
                 b"        return str(e)\n").functions["validate_ticket_proposal"]
    assert write(()) == "'tuple' object does not support item assignment"
    assert write(types.MappingProxyType({})) == ("a mappingproxy object that main.py did not create cannot be changed "
                                                 "in the grader")


def test_print_is_captured_and_capped():
    loaded = load(b"print('hallo')\nfor i in range(5000):\n    print('x' * 100)\ndef validate_ticket_proposal(p):\n    return p\n")
    assert loaded.output.startswith("hallo\n")
    assert "left out" in loaded.output
    assert len(loaded.output) < 12_000


def test_namespaces_are_separate():
    first = load(b"STATE = []\ndef validate_ticket_proposal(p):\n    STATE.append(p)\n    return len(STATE)\n")
    second = load(b"STATE = []\ndef validate_ticket_proposal(p):\n    STATE.append(p)\n    return len(STATE)\n")
    first.functions["validate_ticket_proposal"](1)
    assert second.functions["validate_ticket_proposal"](1) == 1


def test_importing_a_name_outside_the_vetted_part_of_a_module_says_so():
    with pytest.raises(LoadFailure) as failure:
        load(b"from typing import ForwardRef\n\ndef validate_ticket_proposal(p):\n    return p\n")
    assert "from 'typing (in the grader only a vetted part of it)'" in failure.value.problem.detail


def test_typings_caches_start_empty_for_a_submission():
    # A cached alias's arguments (a class, the real type) would be compared with a submission's
    # object that has its own __eq__ and a matching hash: nothing of the grader's stays cached.
    import typing

    typing.Union[int, str], typing.List[typing.Callable[..., int]]   # the grader's own, cached
    caches = [clear.__self__ for clear in typing._cleanups]
    assert any(cache.cache_info().currsize for cache in caches)
    load(b"def validate_ticket_proposal(p):\n    return p\n")
    assert all(cache.cache_info().currsize == 0 for cache in caches)


def test_an_error_while_a_class_is_made_names_the_class_statement_and_an_unavailable_base():
    source = b"import os\n\nx = 1\n\nclass Status(str, os.PathLike):\n    OPEN = 'open'\n\ndef validate_ticket_proposal(p):\n    return p\n"
    with pytest.raises(LoadFailure) as failure:
        load(source)
    problem = failure.value.problem
    assert (problem.kind, problem.line, problem.source) == ("runtime", 5, "class Status(str, os.PathLike):")
    assert "os.PathLike is not available in the grader" in problem.detail


def test_an_error_while_the_module_body_runs_names_the_top_level_statement_not_the_function_line():
    source = (b"def validate_ticket_proposal(p):\n    if 'x' in p:\n        raise ValueError('wrong fields')\n"
              b"    return p\n\nprint(validate_ticket_proposal({'x': 1}))\n")
    with pytest.raises(LoadFailure) as failure:
        load(source)
    problem = failure.value.problem
    assert (problem.line, problem.source) == (6, "print(validate_ticket_proposal({'x': 1}))")


def test_a_class_pattern_checks_the_names_it_reads_when_python_reads_them():
    # Built here as no submission can (the class statement and @dataclass refuse such fields): the
    # stand-in a class pattern uses still refuses to let Python read str.format off the subject.
    from grader.sandbox.match_classes import match_class

    class Base:
        __match_args__ = ("format",)

    class Text(str, Base):
        pass

    own = {Base, Text}.__contains__
    stand_in = match_class(own, {}, Base)
    with pytest.raises(TypeError, match="'format' of str"):
        match Text("{0}"):
            case stand_in(found):
                pytest.fail(f"read {found!r}")
    plain = match_class(own, {}, int)
    match 5:
        case plain(number):
            assert plain is int and number == 5
