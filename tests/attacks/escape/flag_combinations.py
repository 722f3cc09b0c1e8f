# attack: enum.Flag and IntFlag, the grader's own: its table of combinations (read, written, filled with another
#         class's objects), its methods called on foreign objects or read off the class with another self, values
#         that are not ints (an int subclass with operators, a bool, a huge int, a str), a combination of two classes'
#         members, a Flag built on a foreign class, auto() handing a hook the members
# expect: load-error missing-functions
import json
from enum import Flag, IntFlag, auto


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None or found is NotImplemented:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Perm(Flag):
    R = auto()
    W = auto()


class Mode(IntFlag):
    A = 1
    B = 2


combined = Perm.R | Perm.W
attempt('the table', lambda: getattr(Perm, '_comb' + 'ined_'))
attempt('the table off a member', lambda: getattr(combined, '_comb' + 'ined_'))
attempt('the table off Flag', lambda: getattr(Flag, '_comb' + 'ined_'))
attempt('members off Flag', lambda: getattr(Flag, '_memb' + 'ers_'))
for name in ('__or__', '__invert__', '__contains__', '__iter__'):
    attempt('Flag.' + name + ' on a module view', lambda: getattr(Flag, name)(json, json))
    attempt('Flag.' + name + ' on a function', lambda: getattr(Perm, name)(print, print))
attempt('two classes combined', lambda: Perm.R | Mode.A)
attempt('a member in another class', lambda: Mode.A in Perm.R)


class Sneaky(int):
    def __or__(self, other):
        print('BREACH: the grader called an operator of main.py')
        return 1

    __ror__ = __and__ = __rand__ = __or__


attempt('an int subclass as a value', lambda: type(Mode(Sneaky(3))) is not Mode or None)
Mode(Sneaky(4)) | Mode.A
for value in (True, 'R', 3.0, None, -1, 2 ** 70, [1], Perm.R):
    attempt('Perm(' + repr(value)[:20] + ')', lambda: Perm(value) if Perm(value) is not Perm.R else None)
attempt('Mode(2 ** 70) is not kept as a foreign object', lambda: type(Mode(2 ** 70)) is not Mode or None)


def build_on_foreign():
    class Bad(json.JSONEncoder, Flag):
        X = auto()
    return Bad


attempt('a Flag built on a foreign class', build_on_foreign)
SEEN = []


class Hooked(Flag):
    def _generate_next_value_(name, start, count, last_values):
        SEEN.append(last_values)
        return 2 ** count

    X = auto()
    Y = auto()


if any(type(value) is not int for values in SEEN for value in values):
    print('BREACH: the hook was handed members, not values', SEEN)
