# attack: __getattr__ answers every name the grader's or a library's code looks up on main.py's object (a copy's
#         __dict__ or __deepcopy__, dataclasses' fields, a runtime protocol's methods, a class statement's
#         __mro_entries__, json's default, a class pattern) with a spy function, and operators take whatever other
#         operand a library adds: each spy call or operand must bring nothing but main.py's own values or classes
#         as type(x) shows them; a base's special methods read through super() or a class (__repr__, __iter__,
#         __eq__, __post_init__, __missing__...) on the grader's own objects give nothing a builtin would not
# expect: graded PPP
# @correct-solution
import contextlib
import copy
import dataclasses
import json
import typing


def suspicious(value):
    if not isinstance(value, type) or value in (Spying, Slotted, typing.Any, dict, object, int, str, list):
        return False
    try:
        value()
    except TypeError as refusal:
        return 'grader' not in str(refusal)  # a stand-in that makes nothing says so
    except Exception:
        return True
    return True


def spy(*args, **kwargs):
    for value in (*args, *kwargs.values()):
        if suspicious(value):
            print('BREACH: a hook received', repr(value)[:80])
    return {}


class Spying:
    def __getattr__(self, name):
        return spy

    def __add__(self, other):
        spy(other)
        return self

    __radd__ = __or__ = __ror__ = __add__


class Slotted:
    __slots__ = ('x',)

    def __getattr__(self, name):
        return spy


def attempt(action):
    try:
        action()
    except Exception:
        pass


for thing in (Spying(), Slotted()):
    attempt(lambda: copy.copy(thing))
    attempt(lambda: copy.deepcopy(thing))
    attempt(lambda: dataclasses.fields(thing))
    attempt(lambda: dataclasses.asdict(thing))
    attempt(lambda: dataclasses.replace(thing))
    attempt(lambda: json.dumps(thing, default=spy))
    attempt(lambda: isinstance(thing, typing.SupportsIndex))
    attempt(lambda: type('Made', (thing,), {}))
    attempt(lambda: thing + typing.Any)
    attempt(lambda: typing.Any | thing)
    attempt(lambda: sum([thing, thing], thing))
    attempt(lambda: '{0.anything}'.format(thing))

attempt(lambda: [x for x in [Spying()] if (x | dict)])
try:
    class Based(Spying()):
        pass
except Exception:
    pass

for holder in (json, typing, copy, type, typing.Any, dataclasses.field()):
    for name in ('__iter__', '__next__', '__post_init__', '__missing__', '__reversed__', '__hash__', '__bool__'):
        attempt(lambda: spy(getattr(holder, name)()))
    attempt(lambda: spy(object.__repr__(holder), holder.__repr__(), holder.__eq__(holder)))


@dataclasses.dataclass
class Private:
    _exceptions: tuple = ()


for method, others in (('__repr__', ()), ('__hash__', ()), ('__eq__', (Private(),))):
    try:
        seen = getattr(Private, method)(contextlib.suppress(ValueError), *others)
        print('BREACH: a generated', method, 'read a foreign object past the guard:', repr(seen)[:60])
    except Exception:
        pass
