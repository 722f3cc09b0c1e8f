# attack: the TypedDict attributes a submission may read (__required_keys__, __optional_keys__, __total__) on
#         anything but its own TypedDict classes (dict, a library class, typing's own TypedDict, a plain own class, a
#         TypedDict's dict), an annotation object that looks like typing's alias (its __origin__ a property that runs
#         main.py's code while the keys are computed), a total keyword whose truth main.py computes, and writing them
# expect: graded PPP
# @correct-solution
import json
import typing
from typing import NotRequired, Required, TypedDict

ran = []


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return
    print('BREACH:', what, repr(found)[:80])


class Plain:
    status: str


class Fake:
    @property
    def origin(self):
        ran.append('origin')
        return Required


class Checked(TypedDict):
    ticket: str
    status: NotRequired[str]
    forged: Fake()


for name in ('__required_keys__', '__optional_keys__', '__total__'):
    for target in (dict, json.JSONEncoder, TypedDict, typing, Plain, Plain(), Checked(ticket='a'), Required):
        attempt(f'{name} of {target!r}'[:60], lambda: getattr(target, name))
if Checked.__required_keys__ != {'ticket', 'forged'} or Checked.__optional_keys__ != {'status'} or ran:
    print('BREACH: the keys were computed otherwise than typing does', sorted(Checked.__required_keys__), ran)


class Truthy:
    def __bool__(self):
        ran.append('bool')
        return False


def odd_total():
    class Loose(TypedDict, total=Truthy()):
        a: int
    return Loose


def odd_total_on_a_subclass():
    class Looser(Checked, total=Truthy()):
        b: int
    return Looser


attempt('a total whose truth main.py computes', odd_total)
attempt('the same on a subclass', odd_total_on_a_subclass)
attempt('writing __total__', lambda: setattr(Checked, '__to' + 'tal__', False))
attempt('writing __required_keys__', lambda: setattr(Checked, '__required' + '_keys__', frozenset()))
if ran or Checked.__total__ is not True:
    print('BREACH: main.py code ran or total changed', ran)
