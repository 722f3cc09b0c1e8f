"""Correct styles that reach builtins, special methods and enum markers: ``delattr`` on main.py's own objects,
``__class_getitem__`` and ``__reduce__`` of its own classes (grader/sandbox/class_specials.py; pickle follows it),
``enum.member``/``enum.nonmember`` and ``_ignore_`` in an enum's class body (Python 3.11's answers); each accepted source loads and
its own asserts hold, each refused one fails with the error given."""

import copy

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
    "enum.member, enum.nonmember and auto() after them, as Python 3.11": (
        "import enum\nclass Status(enum.Enum):\n    OPEN = 'open'\n    DONE = 'done'\n"
        "    LIMIT = enum.nonmember(64)\n    CLOSED = enum.member('done')\n"
        "class Level(enum.IntEnum):\n    LOW = 1\n    STEP = enum.nonmember(5)\n    MID = enum.auto()\n"
        "assert list(Status) == [Status.OPEN, Status.DONE] and Status.LIMIT == 64 and Status.CLOSED is Status.DONE\n"
        "assert Level.MID == 2 and Level.STEP == 5 and len(Level) == 2 and Status('done') is Status.DONE"
    ),
    "_ignore_ in an enum body leaves a loop's names out, as a str or a list": (
        "import enum\nclass Code(enum.IntEnum):\n    _ignore_ = 'i, seen'\n    OK = 200\n    seen = []\n"
        "    for i in range(3):\n        seen.append(i)\n    MOVED = enum.auto()\n"
        "class Kind(enum.Enum):\n    _ignore_ = ['k']\n    k = 1\n    A = 'a'\n"
        "assert list(Code) == [Code.OK, Code.MOVED] and Code.MOVED == 201 and not hasattr(Code, 'i')\n"
        "assert list(Kind) == [Kind.A] and not hasattr(Kind, 'k')"
    ),
    "__class_getitem__ as a def and as classmethod(types.GenericAlias) of a dataclass": (
        "import types\nfrom dataclasses import dataclass\n@dataclass\nclass Box:\n    value: int\n"
        "    __class_getitem__ = classmethod(types.GenericAlias)\n"
        "class Table:\n    def __class_getitem__(cls, item):\n        return f'{cls.__name__} of {item.__name__}'\n"
        "def first(boxes: list[Box[int]]) -> Box[int]:\n    return boxes[0]\n"
        "assert Box[int](3) == Box(3) and str(Box[str]) == 'main.Box[str]' and Table[int] == 'Table of int'\n"
        "assert first([Box(1)]) == Box(1) and isinstance(Box[int], types.GenericAlias)"
    ),
    "__reduce__ of an own class: kept, a copy is the grader's copy of its data": (
        "import copy\nclass Ticket:\n    def __init__(self, name, status='open'):\n"
        "        self.name, self.status = name, status\n"
        "    def __reduce__(self):\n        return (Ticket, (self.name, self.status))\n"
        "t = Ticket('t-1', 'done')\nu = copy.deepcopy(t)\nv = copy.copy(t)\n"
        "assert u is not t and (u.name, u.status) == ('t-1', 'done') and v.status == 'done'"
    ),
    "__reduce__ called by main.py, on its object or off its class": (
        "class P:\n    def __init__(self, n):\n        self.n = n\n    def __reduce__(self):\n        return (P, (self.n,))\n"
        "class Q(P):\n    pass\nassert P(1).__reduce__() == (P, (1,)) and P.__reduce__(P(2))[1] == (2,)\n"
        "assert getattr(P(3), '__reduce__')()[1] == (3,) and Q(4).__reduce__() == (P, (4,))"
    ),
    "pickle.loads(pickle.dumps(x)) of own objects whose class defines __reduce__, a class or a function of main.py": (
        "import pickle\nclass Row:\n    def __init__(self, name, tags):\n        self.name, self.tags = name, tags\n"
        "    def __reduce__(self):\n        return (Row, (self.name, list(self.tags)))\n"
        "def make_tag(text):\n    return Tag(text.upper())\nclass Tag(str):\n    def __reduce__(self):\n"
        "        return (make_tag, (str(self),))\nrow = Row('r1', [Tag('a')])\n"
        "copied = pickle.loads(pickle.dumps({'rows': [row, row]}, protocol=2))['rows']\n"
        "assert copied[0] is copied[1] and copied[0] is not row and type(copied[0]) is Row and copied[0].name == 'r1'\n"
        "assert copied[0].tags == ['A'] and type(copied[0].tags[0]) is Tag and copied[0].tags is not row.tags\n"
        "class Plain:\n    pass\ntry:\n    pickle.dumps([Plain()])\nexcept pickle.PicklingError:\n    pass\n"
        "else:\n    raise AssertionError"
    ),
    "pickle.loads raises the KeyError or IndexError of an own __init__ as it is, as Python's": (
        "import pickle\nclass Row:\n    def __init__(self, name):\n        if name == 'gone':\n"
        "            raise KeyError(name)\n        if name == 'past':\n            raise IndexError(name)\n"
        "        self.name = name\n    def __reduce__(self):\n        return (Row, (self.name,))\n"
        "data = pickle.dumps(Row('keep'))\nfor name, error in (('gone', KeyError), ('past', IndexError)):\n"
        "    try:\n        pickle.loads(data.replace(b'keep', name.encode()))\n    except error as raised:\n"
        "        assert raised.args == (name,)\n    else:\n        raise AssertionError\n"
        "try:\n    pickle.loads(b'\\x80\\x04\\xff.')\nexcept pickle.UnpicklingError:\n    pass\n"
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
    "_ignore_ of another kind than names": ("import enum\nclass S(enum.Enum):\n    _ignore_ = 3\n    A = 1",
                                            "TypeError: _ignore_ must be"),
    "_ignore_ naming a dunder": ("import enum\nclass S(enum.Enum):\n    _ignore_ = ['__module__']\n    A = 1",
                                 "TypeError: _ignore_ names"),
    "_ignore_ read off the enum": ("import enum\nclass S(enum.Enum):\n    _ignore_ = []\n    A = 1\nS._ignore_",
                                   "is not an attribute"),
    "_ignore_ outside a class body": ("_ignore_ = ['i']", "_ignore_"),
    "__class_getitem__ bound to another kind of value": ("class B:\n    __class_getitem__ = staticmethod(print)",
                                                        "reserved"),
    "__reduce__ of an object main.py did not create": ("().__reduce__()", '"__reduce__" of a tuple object is not'),
    "__reduce__ of an own class that defines none": ("class P:\n    pass\nP().__reduce__()",
                                                     '"__reduce__" of a P object is not available'),
    "__reduce__ not a plain def": ("import functools\nclass P:\n    @functools.lru_cache\n"
                                   "    def __reduce__(self):\n        return (P, ())", "must be a plain def"),
    "a class built on enum.nonmember": ("import enum\nclass N(enum.nonmember):\n    pass", "TypeError"),
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted(source):
    assert "validate_ticket_proposal" in load((source + TAIL).encode()).functions


@pytest.mark.parametrize("source,error", REFUSED.values(), ids=REFUSED.keys())
def test_refused(source, error):
    with pytest.raises(LoadFailure, match=error):
        load((source + TAIL).encode())


@pytest.mark.parametrize("answer", ["(print, ('x',))", "(Made, (), {'a': 1})", "(Made, [])", "'Made'"])
def test_a_reduce_answer_that_python_s_own_copy_would_follow_past_the_guards_is_refused(answer):
    """Python's copy (never the one main.py has) would call what ``__reduce__`` names and write its state into the
    object made: only the object's class or a function of main.py, with a tuple of arguments, is let through."""
    source = (f"class Made:\n    def __reduce__(self):\n        return {answer}\n"
              "class Fine:\n    def __reduce__(self):\n        return (Fine, ())\n"
              "def validate_ticket_proposal(p):\n    return Made() if p else Fine()\n")
    validate = load(source.encode()).functions["validate_ticket_proposal"]
    assert type(copy.deepcopy(validate(False))).__name__ == "Fine"
    with pytest.raises(TypeError, match="__reduce__ must return"):
        copy.deepcopy(validate(True))
