# attack: the docstrings main.py may set and the annotations it may read (its own functions' and classes')
#         tried on objects it did not make: a builtin, a library function or class, a module view, the type
#         stand-in, a method @dataclass wrote, an lru_cache wrapper, a bound method; a docstring that is a str
#         subclass (its own __eq__ and __hash__) or another object; the live annotations dict, to change what
#         @dataclass later reads as fields
# expect: load-error missing-functions
import dataclasses
import functools
import json


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Text(str):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


def own(a: int) -> int:
    return a


@dataclasses.dataclass
class Row:
    x: int


doc, notes = '__doc' + '__', '__annotations' + '__'
for target in (len, print, json.dumps, json.JSONEncoder, json, type, int, Row.__init__, functools.lru_cache(own),
               Row(1).__init__, dataclasses.field()):
    attempt('docstring of ' + repr(target)[:40], lambda: setattr(target, doc, 'BREACH') or getattr(target, doc))
    attempt('annotations of ' + repr(target)[:40], lambda: getattr(target, notes))
attempt('a str subclass as docstring', lambda: setattr(own, doc, Text('x')) or own.__doc__)
attempt('a function as docstring', lambda: setattr(own, doc, own) or own.__doc__)
attempt('a docstring deleted', lambda: delattr(own, doc))
attempt('annotations of an own instance', lambda: getattr(Row(1), notes))
attempt('annotations set', lambda: setattr(Row, notes, {'y': int}) or Row.__annotations__)
Row.__annotations__['y'] = int
own.__annotations__['b'] = str
if 'y' in Row.__annotations__ or 'b' in own.__annotations__ or len(dataclasses.fields(dataclasses.dataclass(Row))) != 1:
    print('BREACH: the live annotations dict was changed')
