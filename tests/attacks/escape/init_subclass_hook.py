# attack: __init_subclass__ runs whenever a class subclasses ours: Python calls it inside type.__new__, before the
#         guards have checked and registered the new class, and for subclasses the grader's own code makes
#         (@dataclass(slots=True) remakes a class, class patterns use stand-ins, copies): the hook records every
#         class it is handed and a class that fails the checks (a str subclass whose field is `format`), and a
#         hook that is no plain def of main.py
# expect: graded PPP
import copy
import dataclasses
import json

made = []


class Hook:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if kwargs or cls.__name__ not in ('Plain', 'Slotted'):
            print('BREACH: hook got', repr(cls)[:80], kwargs)
        made.append(cls.__name__)


class Plain(Hook):
    pass



def attempt(what, action):
    try:
        action()
    except Exception:
        return
    print('BREACH:', what)


def slotted():
    @dataclasses.dataclass(slots=True)
    class Slotted(Hook):
        x: int = 0
    return Slotted


def field_named_format():
    class Text(str, Hook):
        __match_args__ = ('format',)


def none_hook():
    class NoHook:
        __init_subclass__ = None


def grader_hook():
    class Borrowed:
        @staticmethod
        def __init_subclass__():
            pass


slotted()  # the class statement calls the hook once; the class @dataclass remakes must not call it again
attempt('a field named like a base attribute', field_named_format)
attempt('a hook set to None', none_hook)
attempt('a static hook', grader_hook)
match Plain():
    case Plain():
        pass
copy.deepcopy(Plain())
json.dumps([1])
if made != ['Plain', 'Slotted']:
    print('BREACH: hook calls', made)

# @correct-solution
