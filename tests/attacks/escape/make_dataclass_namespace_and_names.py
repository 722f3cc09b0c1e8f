# attack: dataclasses.make_dataclass as offered: a namespace with special methods (a grader function as one, a
#         lambda as another that no class body may define), fields and class names of internals, a field named by
#         a str subclass, bases that are no plain classes, flags that are objects with __bool__, unknown keywords;
#         the class it makes must be main.py's own (type() showing it, its module main.py's)
# expect: load-error missing-functions
import dataclasses
import json
import typing


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Truthy:
    def __bool__(self):
        print('BREACH: __bool__ ran inside make_dataclass')
        return True


class Name(str):
    pass


class Spread(dict):
    pass


make = dataclasses.make_dataclass
attempt('namespace __reduce_ex__', lambda: make('R', ['a'], namespace={'__reduce_ex__': lambda self, p: (print, ())}))
attempt('namespace __getattribute__', lambda: make('R', ['a'], namespace={'__getattribute__': lambda s, n: n}))
attempt('namespace __init__ of the grader', lambda: make('R', ['a'], namespace={'__init__': json.dumps}))
attempt('namespace __class_getitem__', lambda: make('R', ['a'], namespace={'__class_getitem__': print}))
attempt('namespace __dataclass_fields__', lambda: make('R', ['a'], namespace={'__dataclass_fields__': {}}))
attempt('namespace non-str key', lambda: make('R', ['a'], namespace={1: 2}))
attempt('field __class__', lambda: make('R', ['__class__']))
attempt('field gi_frame', lambda: make('R', [('gi_frame', int)]))
attempt('field __dict__ with a default', lambda: make('R', [('__dict__', dict, None)]))
if type(dataclasses.fields(make('R', [Name('a')]))[0].name) is not str:
    print('BREACH: a field named by a str subclass')
attempt('class named __globals__', lambda: make('__globals__', ['a']))
attempt('class named f_globals', lambda: make('f_globals', ['a']))
attempt('base type', lambda: make('R', ['a'], bases=(type,)))
attempt('base super', lambda: make('R', ['a'], bases=(super,)))
attempt('base NamedTuple', lambda: make('R', ['a'], bases=(typing.NamedTuple,)))
attempt('bases a list', lambda: make('R', ['a'], bases=[object]))
attempt('frozen as an object', lambda: make('R', ['a'], frozen=Truthy()))
attempt('unknown keyword', lambda: make('R', ['a'], module='json'))
attempt('namespace a dict subclass', lambda: make('R', ['a'], namespace=Spread(x=1)))

Row = make('Row', [('a', int), ('b', list, dataclasses.field(default_factory=list))], frozen=True, order=True)
row = Row(1)
if type(row) is not Row or row != Row(1, []) or not row < Row(2) or Row.__module__ != __name__:
    print('BREACH: made class', type(row), Row.__module__)
attempt('frozen row written', lambda: setattr(row, 'a', 2) or row)
if row == json or row.__eq__(json) is not NotImplemented:
    print('BREACH: a made row equals a module view')
