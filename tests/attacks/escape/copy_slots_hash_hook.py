# attack: copy.copy of an own str subclass whose __slots__ is an iterable main.py controls: empty when the
#         class is made, then a str subclass 'format' whose __hash__ turns the attribute into a property
#         between the copier's raw read and its write, so the setter receives the raw str.format
# expect: load-error runtime
# copy.copy of an own str subclass whose __slots__ is a lazy iterable: the copier's _slots() yields
# a str-subclass slot name 'format'; its __hash__ (run by CPython's type-MRO lookup inside
# object.__setattr__) installs a property on the class between the raw read and the write,
# so the property's setter receives the raw str.format bound to the string.
import copy

calls = []
got = []


class Name(str):
    def __hash__(self):
        calls.append(1)
        if len(calls) == 2:                     # 1: object.__getattribute__(x, name); 2: object.__setattr__(made, name, v)
            K.format = property(getter, setter)
        return hash(str(self))


def getter(self):
    return 0


def setter(self, value):
    got.append(value)


class Lazy:
    def __init__(self):
        self.n = 0

    def __iter__(self):
        self.n += 1
        return iter(()) if self.n == 1 else iter([Name("format")])


class K(str):
    __slots__ = Lazy()                          # empty when the class is made


x = K("{0.__globals__[__name__]} {0.__globals__[sys].modules[grader.battery].__file__}")
copy.copy(x)
raw = got[0]
print("got", raw)
print("text", raw(exit))


def validate_ticket_proposal(proposal):
    return proposal
