# attack: the dunders now readable on main.py's own objects, read on everything else: vars()/__dict__ of
#         functions, module views, classes (beyond an own class's public names), super(), library exceptions; __qualname__/__module__ that are not
#         strs; __setitem__/__delitem__ of read-only and foreign objects (past the write guard), read off a class and
#         called on a foreign object; __cause__ of a
#         library exception carrying its internals; vars() of an own object used to plant internal names;
#         __subclasses__() of builtins, of the type stand-in and of an own class the grader made subclasses of;
#         __slots__/__match_args__ of the grader's stand-ins and of library classes
# expect: load-error missing-functions
import collections
import json
import types
import typing


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def helper():
    return 1


class Own:
    def __init__(self):
        self.a = 1


class OwnDict(dict):
    def poke(self, target):
        return super(OwnDict, target).__setitem__


own = Own()
attempt('vars(len)', lambda: vars(len))
attempt('vars(json.dumps)', lambda: vars(json.dumps))
attempt('vars(helper)', lambda: vars(helper))
attempt('vars(json)', lambda: vars(json))
attempt('vars(Own) beyond its public names (it has none)', lambda: vars(Own) or None)
attempt('vars(type)', lambda: vars(type))
attempt('vars(typing.List)', lambda: vars(typing.List))
attempt('vars(typing.List[int])', lambda: vars(typing.List[int]))
attempt('vars(super())', lambda: vars(super(Own, own)))
attempt('vars of a library exception', lambda: vars(json.JSONDecodeError('m', 'doc', 0)))
attempt('__dict__ of a function', lambda: getattr(helper, '__di' + 'ct__'))
attempt('__dict__ of a class beyond its public names', lambda: getattr(Own, '__di' + 'ct__') or None)
attempt('__dict__ through a typing alias', lambda: getattr(typing.Annotated[Own, 'm'], '__di' + 'ct__'))
attempt('__qualname__ of a library function', lambda: getattr(json.dumps, '__qual' + 'name__'))
attempt('__module__ of a module view', lambda: getattr(json, '__mod' + 'ule__'))
attempt('__module__ of a library object', lambda: getattr(json.JSONEncoder(), '__mod' + 'ule__'))
attempt('__setitem__ of a mapping proxy', lambda: getattr(types.MappingProxyType({}), '__set' + 'item__'))
attempt('__setitem__ of a ChainMap', lambda: getattr(collections.ChainMap({}), '__set' + 'item__'))
attempt('__setitem__ of super() over a foreign dict', lambda: OwnDict().poke(collections.Counter()))
attempt('dict.__setitem__ on a foreign dict', lambda: getattr(dict, '__set' + 'item__')(collections.Counter(), 'a', 1) or 1)
attempt('OwnDict.__setitem__ on a foreign dict', lambda: getattr(OwnDict, '__set' + 'item__')({}, 'a', 1) or 1)
attempt('dict.__delitem__ on a class', lambda: getattr(dict, '__del' + 'item__')(OwnDict, 'a') or 1)
attempt('__setitem__ of a foreign class', lambda: getattr(types.MappingProxyType, '__set' + 'item__'))
attempt('__delitem__ of a module view', lambda: getattr(json, '__del' + 'item__'))
attempt('__members__ of an own plain class', lambda: getattr(Own, '__mem' + 'bers__'))

try:
    json.loads('{"a": ')
except ValueError as error:
    attempt('__context__ of a library exception', lambda: getattr(error, '__con' + 'text__'))
    cause = getattr(error, '__cau' + 'se__')
    if cause is not None:
        attempt('doc of the cause', lambda: cause.doc)
        attempt('value of the cause', lambda: cause.value)

attributes = vars(own)
attributes['__class__'] = json.JSONEncoder
attributes['__globals__'] = 1
if type(own) is not Own:
    print('BREACH: vars() changed the class of an object')
attempt('a planted internal name read back', lambda: getattr(own, '__glo' + 'bals__'))
attempt('object.__subclasses__', lambda: object.__subclasses__())
attempt('dict.__subclasses__', lambda: dict.__subclasses__())
attempt('__subclasses__ of an exception class', lambda: getattr(ValueError, '__subcla' + 'sses__')())
attempt('type.__subclasses__', lambda: type.__subclasses__(Own))
attempt('__subclasses__ off an own instance', lambda: own.__subclasses__())
attempt('__slots__ of a module view', lambda: json.__slots__)
attempt('__slots__ of a typing alias', lambda: typing.List[int].__slots__)
attempt('__match_args__ of a library class', lambda: getattr(collections.OrderedDict, '__match_a' + 'rgs__'))


class Point:
    __match_args__ = ('a',)

    def __init__(self):
        self.a = 1


match Point():
    case Point(1):
        pass
for made in Own.__subclasses__() + Point.__subclasses__() + OwnDict.__subclasses__():
    print('BREACH: __subclasses__ gave a class main.py did not write', repr(made)[:80])
