# attack: object.__setattr__ (allowed for a frozen dataclass's __post_init__) used on objects the
#         submission did not make (a module view, a builtin, a shared class, print), on its own
#         classes, or with a dunder name (__class__, __dict__) on its own objects
# expect: load-error missing-functions
import dataclasses
import json
import sys


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


@dataclasses.dataclass(frozen=True)
class Own:
    x: int = 0


class Other:
    pass


def on(target, name):
    object.__setattr__(target, name, 'BREACH')
    return getattr(target, name, None) if name.isidentifier() and not name.startswith('_') else 'set'


attempt('json view', lambda: on(json, 'dumps'))
attempt('sys stdout', lambda: on(sys.stdout, 'write'))
attempt('print', lambda: on(print, 'marker'))
attempt('shared class', lambda: on(json.JSONDecodeError, 'marker'))
attempt('an exception object', lambda: on(ValueError('x'), 'marker'))
attempt('own class', lambda: on(Own, 'x'))
attempt('own __class__', lambda: on(Own(), '__class__'))
attempt('own __dict__', lambda: on(Own(), '__dict__'))
attempt('own introspection name', lambda: on(Own(), 'f_back'))
attempt('own instance through its bound method', lambda: Own().__setattr__('x', 1) or 'set')
attempt('a class read off an object', lambda: type(Own()).__setattr__(Own(), 'x', 1) or 'set')
attempt('dict class', lambda: dict.__setattr__(Own(), 'x', 1) or 'set')
attempt('computed name', lambda: getattr(Other, '__setattr__')(Other(), 'x', 1) or 'set')
attempt('non-str name', lambda: on(Own(), type('S', (str,), {})('x')))
own = Own()
object.__setattr__(own, 'x', 5)
if own.x != 5:
    print('BREACH: own attribute not set')
