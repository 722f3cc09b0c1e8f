# attack: the newly offered helpers: operator's attribute and write functions (attrgetter's and methodcaller's
#         reads, setitem, in-place forms), itemgetter on read-only objects; singledispatch on foreign functions, with a
#         string annotation that typing would evaluate, its registry, singledispatchmethod's dispatcher, a
#         dispatch that could hand out an MRO's classes; cached_property of foreign functions, on foreign
#         objects, its held function; abc's ABCMeta (as a metaclass, called, its register) and register,
#         abstractmethod writing a foreign function's attributes
# expect: load-error missing-functions
import abc
import functools
import json
import operator
import types
from abc import ABC, abstractmethod
from functools import cached_property, singledispatch, singledispatchmethod


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


for name in ('setitem', 'delitem', 'iadd', 'ior', 'call', '_operator'):
    attempt('operator.' + name, lambda: getattr(operator, name))
# attrgetter is offered, but reads through the attribute guard like obj.name
for path in ('__globals__', 'dumps.__globals__', '__class__.__subclasses__', 'gi_frame', '__dict__', 'mro'):
    attempt('attrgetter ' + path, lambda: operator.attrgetter(path)(json.dumps if '.' not in path else json))
attempt('attrgetter of two names', lambda: operator.attrgetter('__name__', '__code__')(attempt))
attempt('attrgetter of a non-str name', lambda: operator.attrgetter(object())(json))
# methodcaller is offered too, and reads the method through the attribute guard
for path in ('__reduce_ex__', '__init_subclass__', '__subclasses__', '_default_encoder', 'mro'):
    attempt('methodcaller ' + path, lambda: operator.methodcaller(path, 2)(json if path[0] == '_' else type))
attempt('methodcaller of a non-str name', lambda: operator.methodcaller(object())(json))
attempt('methodcaller format of internals', lambda: operator.methodcaller('format', json)('{0.dumps.__globals__}'))
attempt('methodcaller of a str-formatter', lambda: operator.methodcaller('format_map', {'a': json})('{a.loads.__code__}'))
attempt('itemgetter on a mapping proxy of a class', lambda: operator.itemgetter('mro')(types.MappingProxyType({})))
attempt('itemgetter on a module view', lambda: operator.itemgetter('loads')(json))
attempt('operator.getitem on a function', lambda: operator.getitem(json.dumps, '__globals__'))

attempt('singledispatch(json.dumps)', lambda: singledispatch(json.dumps))
attempt('singledispatch(len)', lambda: singledispatch(len))


@singledispatch
def norm(value):
    return value


attempt('registry', lambda: norm._registry)
attempt('default', lambda: norm._default)
attempt('__wrapped__', lambda: getattr(norm, '__wra' + 'pped__'))
attempt('register a foreign function', lambda: norm.register(int, json.dumps))
attempt('register a typing alias', lambda: norm.register(types.MappingProxyType[str, int], lambda v: v))
attempt('register a string', lambda: norm.register('int', lambda v: v))


def annotated(value: 'json.dumps.__globals__'):
    return value


attempt('register by a string annotation', lambda: norm.register(annotated))
RECEIVED = []
norm.register(object, lambda value: RECEIVED.append(value))
norm(norm)
norm(json)
for value in RECEIVED:
    if isinstance(value, type):
        print('BREACH: dispatch handed out a class', value)


def write_register():
    norm.register = print
    return 1


attempt('write the dispatcher', write_register)

attempt('singledispatchmethod(json.dumps)', lambda: singledispatchmethod(json.dumps))


class Shown:
    @singledispatchmethod
    def show(self, value):
        return value


attempt('the method dispatcher', lambda: Shown.show._dispatcher)
attempt('the bound dispatcher', lambda: Shown().show._dispatcher)
attempt('the method dispatcher register of a foreign function', lambda: Shown.show.register(int, json.dumps))
attempt('cached_property(json.dumps)', lambda: cached_property(json.dumps))


class Lazy:
    @cached_property
    def table(self):
        return {'a': 1}


holder = Lazy.table
attempt('its function', lambda: holder._function)
attempt('its __get__', lambda: getattr(holder, '__g' + 'et__'))
attempt('its is_own', lambda: holder._is_own)


class Later:
    pass


class Ruled(metaclass=abc.ABCMeta):
    pass


Later.table = cached_property(lambda self: 1)
attempt('a cached_property set after the class', lambda: Later().table)

# abc.ABCMeta is only a name for metaclass=ABCMeta: not the real metaclass, it makes nothing and registers nothing.
attempt('abc.ABCMeta as a metaclass', lambda: abc.ABCMeta if issubclass(abc.ABCMeta, type) else None)
attempt('abc.ABCMeta makes a class', lambda: abc.ABCMeta('Made', (), {}))
attempt('abc.ABCMeta.register', lambda: abc.ABCMeta.register)
attempt('a class made with metaclass=ABCMeta registers', lambda: Ruled.register)
attempt('abc.get_cache_token', lambda: abc.get_cache_token)
attempt('ABC.register', lambda: ABC.register)
attempt('ABC.__new__ of a foreign class', lambda: getattr(ABC, '__n' + 'ew__')(json.JSONEncoder))
attempt('abstractmethod(json.dumps)', lambda: abstractmethod(json.dumps))
attempt('abstractmethod(len)', lambda: abstractmethod(len))
attempt('abstractmethod(classmethod(json.dumps))', lambda: abstractmethod(classmethod(json.dumps)))
attempt('abstractmethod(partial)', lambda: abstractmethod(functools.partial(print)))
