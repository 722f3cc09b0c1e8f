# attack: a descriptor's __get__/__set__/__set_name__ receive the instance and owner of whatever reads them: placed
#         where the grader's own code reads attributes (a slotted dataclass remade by the grader, a class pattern's
#         stand-in, a copy, an enum, the SimpleNamespace class, __set_name__ before the class is checked), each owner
#         handed in must be main.py's own class or a stand-in that makes nothing; __new__ read off any class makes
#         objects of main.py's own classes only
# expect: graded PPP
# @correct-solution
import copy
import dataclasses
import enum
import json
import types

seen = []


def judge(where, owner):
    if owner is None or owner in seen:
        return
    try:
        made = owner()
    except TypeError:
        return  # a stand-in (or a class of main.py whose __init__ takes arguments)
    if type(made).__name__ not in ('Holder', 'Slotted', 'Color', 'Plain', 'SimpleNamespace'):
        print('BREACH:', where, repr(owner)[:80])


class Spy:
    def __set_name__(self, owner, name):
        judge('__set_name__', owner)
        try:
            owner.planted = 1
            print('BREACH: __set_name__ wrote to a class not yet checked')
        except Exception:
            pass

    def __get__(self, instance, owner=None):
        judge('__get__', owner)
        return 1

    def __set__(self, instance, value):
        judge('__set__', type(instance))


class Holder:
    spy = Spy()


@dataclasses.dataclass(slots=True)
class Slotted:
    name: str = 'x'
    spy = Spy()


class Color(enum.Enum):
    RED = 1
    spy = Spy()


Holder().spy
Holder().spy = 2
Slotted().spy
copy.deepcopy(Holder()).spy
Color.RED.spy
match Holder():
    case Holder(spy=value):
        pass
try:
    types.SimpleNamespace.spy = Spy()
    types.SimpleNamespace().spy
except Exception:
    pass

for cls in (json.JSONEncoder, dict, type, Exception, types.SimpleNamespace, Color):
    try:
        made = cls.__new__(cls)
    except Exception:
        continue
    if cls is not types.SimpleNamespace:
        print('BREACH: __new__ made a', cls.__name__)
try:
    object.__new__(json.JSONEncoder)
    print('BREACH: object.__new__ made a JSONEncoder')
except Exception:
    pass
