# attack: enum.verify and typing.is_typeddict as offered: verify on grader classes, on a member, on Python's
#         own enum base; member values whose special methods receive what verify computes (each may get only
#         ints, strs and main.py's own objects); is_typeddict of objects that lie about their class
# expect: load-error missing-functions
import enum
import json
import typing
from enum import CONTINUOUS, NAMED_FLAGS, UNIQUE, verify

ALLOWED = {'int', 'str', 'bool', 'Value', 'NoneType'}


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def judge(what, value):
    if type(value).__name__ not in ALLOWED:
        print('BREACH:', what, 'received a', type(value).__name__)


for target in (json.JSONDecodeError, int, 3, 'E', verify):
    attempt('verify of ' + repr(target)[:40], lambda: verify(UNIQUE, CONTINUOUS)(target) and None or 'passed')


class Value:
    def __init__(self, n):
        self.n = n

    def __hash__(self):
        return self.n

    def __eq__(self, other):
        judge('__eq__', other)
        return isinstance(other, Value) and other.n == self.n

    def __lt__(self, other):
        judge('__lt__', other)
        return self.n < other.n

    def __add__(self, other):
        judge('__add__', other)
        return self.n + other


class Odd(enum.Enum):
    A = Value(1)
    B = Value(4)


for check in (UNIQUE, CONTINUOUS, NAMED_FLAGS):
    try:
        verify(check)(Odd)
    except (ValueError, TypeError) as error:
        judge('an error argument', error.args[0])

for check in (UNIQUE, CONTINUOUS, NAMED_FLAGS):
    if verify(check)(enum.Enum) is not enum.Enum or verify(check)(enum.Flag) is not enum.Flag:
        print('BREACH: verify changed an enum base')


class Liar:
    def __getattr__(self, name):
        return dict


for obj in (Liar(), typing.TypedDict, dict, json.JSONDecoder, typing.NamedTuple):
    if typing.is_typeddict(obj):
        print('BREACH: is_typeddict of', repr(obj)[:60])
