"""enum.Flag and enum.IntFlag, the grader's own on its enum classes (grader/sandbox/flags.py): each source loads and
its own asserts hold, as they do under Python 3.11."""

import pytest

from grader.sandbox.loader import load

ACCEPTED = {
    "Flag: auto() bits, | & ^ ~, in, bool, len, iteration, a combination kept, an unknown bit refused": (
        "import enum\nclass P(enum.Flag):\n    A = enum.auto()\n    B = enum.auto()\n    C = enum.auto()\n"
        "x = P.A | P.B\n"
        "assert P.A in x and bool(P.A & x) and not (P.C & x) and list(x) == [P.A, P.B] and len(x) == 2\n"
        "assert x is P(3) and x.name == 'A|B' and x.value == 3 and repr(x) == '<P.A|B: 3>' and str(x) == 'P.A|B'\n"
        "assert list(P) == [P.A, P.B, P.C] and ~P.A == P.B | P.C and P(0).value == 0 and not P(0)\n"
        "assert P.A ^ P.A == P(0)\n"
        "assert [p.value for p in P] == [1, 2, 4]\ntry:\n    P(8)\nexcept ValueError:\n    pass\nelse:\n"
        "    raise AssertionError\ntry:\n    1 in P.A\nexcept TypeError:\n    pass\nelse:\n"
        "    raise AssertionError"
    ),
    "IntFlag: members are ints, a combination of an int is a member, unknown bits kept, json as the int": (
        "from enum import IntFlag\nclass P(IntFlag):\n    R = 4\n    W = 2\n    X = 1\n    RW = R | W\n"
        "assert (P.R | P.W) is P.RW and P.R | 1 == 5 and isinstance(P.R | 1, P) and 1 | P.R == 5\n"
        "assert P(7) == 7 and P.R + 1 == 5\n"
        "assert list(P) == [P.R, P.W, P.X] and f'{P.R}' == '4' and str(P.R) == '4'\n"
        "assert P(8) == 8 and {P.R: 1}[4] == 1\n"
        "import json\nassert json.dumps(P.R) == '4'"
    ),
    "a Flag with a NONE = 0 member: auto() starts at 1, NONE is in every member, not iterated": (
        "from enum import Flag, auto\nclass P(Flag):\n    NONE = 0\n    A = auto()\n    B = auto()\n"
        "assert P.A.value == 1 and P.B.value == 2 and P(0) is P.NONE and list(P) == [P.A, P.B] and P.NONE in P.A"
    ),
    "a Flag's own methods and classmethods, lookup by name, in and len of the class": (
        "from enum import Flag, auto\nclass P(Flag):\n    A = auto()\n    B = auto()\n    def label(self):\n"
        "        return self.name.lower()\n    @classmethod\n    def every(cls):\n        return cls.A | cls.B\n"
        "assert P.every().label() == 'a|b' and P['A'] is P.A and P.A in P and len(P) == 2"
    ),
    "a Flag base of main.py's own without members, its methods on a combination": (
        "from enum import Flag, auto\nclass Base(Flag):\n    def names(self):\n        return [m.name for m in self]\n"
        "class P(Base):\n    A = auto()\n    B = auto()\nassert (P.A | P.B).names() == ['A', 'B'] and P.B.value == 2"
    ),
    "a Flag member as a match value pattern": (
        "from enum import Flag, auto\nclass P(Flag):\n    A = auto()\n    B = auto()\ndef f(x):\n    match x:\n"
        "        case P.A:\n            return 'a'\n        case _:\n            return 'other'\n"
        "assert f(P.A) == 'a' and f(P.A | P.B) == 'other'"
    ),
    "copies of a Flag member or combination are itself": (
        "import copy\nfrom enum import Flag, auto\nclass P(Flag):\n    A = auto()\n    B = auto()\nx = P.A | P.B\n"
        "assert copy.deepcopy(x) is x and copy.copy({'k': x})['k'] is x"
    ),
    "a plain Enum's auto() still counts 1, 2 and refuses an unknown value": (
        "from enum import Enum, IntEnum, auto\nclass S(Enum):\n    A = auto()\n    B = auto()\n"
        "assert S.B.value == 2 and list(S) == [S.A, S.B]\ntry:\n    S(3)\nexcept ValueError:\n    pass\nelse:\n"
        "    raise AssertionError"
    ),
    "the functional form Flag('P', 'A B C')": (
        "from enum import Flag\nP = Flag('P', 'A B C')\nassert [p.value for p in P] == [1, 2, 4]"
    ),
    "a Flag with members cannot be extended": (
        "from enum import Flag, auto\nclass P(Flag):\n    A = auto()\ntry:\n    class Q(P):\n        B = auto()\n"
        "except TypeError:\n    pass\nelse:\n    raise AssertionError"
    ),
    "auto() members combined in the body, as Python's documentation writes it (WHITE = RED | BLUE | GREEN)": (
        "from enum import Flag, auto\nclass Color(Flag):\n    RED = auto()\n    BLUE = auto()\n    GREEN = auto()\n"
        "    WHITE = RED | BLUE | GREEN\n    NEXT = auto()\n"
        "assert Color.WHITE.value == 7 and Color.WHITE is Color.RED | Color.BLUE | Color.GREEN\n"
        "assert Color.NEXT.value == 8 and list(Color) == [Color.RED, Color.BLUE, Color.GREEN, Color.NEXT]"
    ),
    "an auto() member read in the body is its value: an alias (counted on from the highest), a StrEnum's, a hook's": (
        "import enum\nclass S(enum.Enum):\n    OPEN = enum.auto()\n    DONE = enum.auto()\n    DEFAULT = OPEN\n"
        "    LATER = enum.auto()\n"
        "assert S.DEFAULT is S.OPEN and S.LATER.value == 3 and len(S) == 3 and list(S)[2] is S.LATER\n"
        "class T(enum.StrEnum):\n    OPEN = enum.auto()\n    LABEL = OPEN.upper()\n"
        "assert T.LABEL == 'OPEN' and T.OPEN == 'open'\n"
        "class N(enum.Enum):\n    def _generate_next_value_(name, start, count, last_values):\n"
        "        return name.title() + str(count)\n    A = enum.auto()\n    B = enum.auto()\n    AB = A + B\n"
        "assert N.AB.value == 'A0B1' and N.B.value == 'B1'\n"
        "P = enum.Flag('P', 'A B')\nassert P.B.value == 2"
    ),
    "the table of combinations is not there for main.py": (
        "from enum import Flag, auto\nclass P(Flag):\n    A = auto()\n"
        "for get in (lambda: getattr(P, '_comb' + 'ined_'), lambda: getattr(P.A, '_comb' + 'ined_'),\n"
        "            lambda: getattr(P, '_memb' + 'ers_')):\n"
        "    try:\n        get()\n    except AttributeError:\n        pass\n    else:\n"
        "        raise AssertionError"
    ),
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted(source):
    source += "\ndef validate_ticket_proposal(p):\n    return p\n"
    assert "validate_ticket_proposal" in load(source.encode()).functions
