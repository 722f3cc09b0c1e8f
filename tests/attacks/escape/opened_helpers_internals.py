# attack: the helpers a submission was given lately, at their edges: a random.Random's internals (_randbelow, its
#         class to subclass or call unbound, copies, vars), a dataclass field table's Field objects (their private
#         attributes, vars, writes), the iterator locals() shows in a comprehension that unpacks pairs (a generator
#         of RestrictedPython's: its frame), get_type_hints over an annotation object whose __getattr__ hands typing's
#         _strip_annotations a catcher (what it compares with), the grader's names through globalns/localns, and
#         difflib.get_close_matches and dir() on the grader's own objects.
# expect: load-error missing-functions
import dataclasses
import difflib
import json
import random
import typing


def attempt(what, action, allowed=()):
    try:
        found = action()
    except Exception:
        return None
    if found not in allowed:
        print('BREACH:', what, repr(found)[:100])


generator = random.Random(7)
Random = type(generator)
attempt('a Random\'s _randbelow', lambda: generator._randbelow(10))
attempt('Random.random unbound', lambda: Random.random(generator))
attempt('a new Random through its class', lambda: Random(5))
attempt('Random.__new__', lambda: Random.__new__(Random))
attempt('vars of a Random', lambda: vars(generator))
attempt('a Random\'s __reduce__', lambda: getattr(generator, '__reduce__')())


def subclass():
    class Mine(Random):
        def random(self):
            return 0.5
    return Mine


attempt('a subclass of Random', subclass)


@dataclasses.dataclass
class Row:
    a: int = 1
    c: typing.ClassVar[int] = 3


field = Row.__dataclass_fields__['a']
attempt('a Field\'s _field_type', lambda: field._field_type)
attempt('vars of a Field', lambda: vars(field))
attempt('a Field renamed', lambda: setattr(field, 'name', 'renamed'))
assert dataclasses.fields(Row)[0].name == 'a'

pairs = [(1, 2)]
iterators = [locals()['.0'] for a, b in pairs]
for name in ('gi_frame', 'gi_code', 'gi_yieldfrom'):
    attempt('the unpacking generator\'s ' + name, lambda: getattr(iterators[0], name))

caught = []


class Catcher:
    def __eq__(self, other):
        caught.append(other)
        return False

    def __hash__(self):
        return 1


class Sneaky:
    def __getattr__(self, name):
        if name == '__origin__':
            return Catcher()
        raise AttributeError(name)


class Annotated:
    x: Sneaky()


typing.get_type_hints(Annotated)
for other in caught:  # typing's own Required/NotRequired, which the typing module main.py sees offers as well
    if other is not typing.Required and other is not typing.NotRequired:
        print('BREACH: _strip_annotations compared with', repr(other)[:100])


class Hinted:
    a: "__builtins__"
    b: "_getattr_"


# Its own namespaces are searched, the grader's names still never (the builtins behind them stay the grader's too).
attempt('get_type_hints with a globalns of its own', lambda: typing.get_type_hints(Hinted, {}))
attempt('get_type_hints with a localns of its own', lambda: typing.get_type_hints(Hinted, None, {'_getattr_': 1}))
attempt('get_type_hints with its globals()', lambda: typing.get_type_hints(Hinted, globals(), locals()))
attempt('get_close_matches of objects', lambda: difflib.get_close_matches(json, [json]), ([],))
for holder in (json, typing, random, difflib):
    attempt('dir() of a module view named a private', lambda: [n for n in dir(holder) if n[:1] == '_' and n[:2] != '__'],
            ([],))
