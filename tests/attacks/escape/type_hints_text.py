# attack: typing.get_type_hints reads the text of an annotation: make that text call a function, reach a dunder,
#         the real builtins, a guard hook or the grader's reserved names, nest deep enough to exhaust the parser
#         (a text made at run time, without the future import), or read the annotations of the grader's functions
#         and classes.
# expect: load-error missing-functions
import json
import typing
from typing import get_type_hints


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    print('BREACH:', what, repr(found)[:100])


class Calls:
    a: "print('ran') or 1"
    b: "(lambda: 1)()"


class Dunders:
    a: "json.__dict__"
    b: "().__class__.__bases__"
    c: "typing.__builtins__"


class Reserved:
    a: "_getattr_"
    b: "__builtins__"
    c: "_print_"
    d: "__import__"


def deep(x: '[' * 100000 + ']' * 100000):
    return x


def eval_text(x: "eval('1')", y: "open"):
    return x


for holder in (Calls, Dunders, Reserved, deep, eval_text):
    attempt(f'get_type_hints({holder.__name__})', lambda: get_type_hints(holder))
for foreign in (json.dumps, json.JSONEncoder, typing.NamedTuple, get_type_hints, str, dict.get):
    attempt(f'get_type_hints of a foreign {foreign!r}', lambda: get_type_hints(foreign))


# What stays allowed: the names, attributes and subscripts main.py could write itself.
class Fine:
    a: "typing.Optional[json.JSONEncoder]"
    b: "dict[str, list[int]] | None"


assert get_type_hints(Fine) == {'a': typing.Optional[json.JSONEncoder], 'b': dict[str, list[int]] | None}
