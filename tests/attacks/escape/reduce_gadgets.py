# attack: copy.copy/deepcopy follow a foreign object's __reduce__: a bound method's is
#         getattr(obj, name), typing's aliases look a name up in typing's globals; type(x) hands
#         out the classes to build such objects (types.MethodType, typing._GenericAlias)
# expect: load-error missing-functions
import collections
import copy
import sys
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


def named(name):
    return collections.namedtuple(name, [])


attempt('type(print) builds a method', lambda: type(print)(named('__globals__'), sys.exit))
attempt('type(sys.stdout.write) builds a method', lambda: type(sys.stdout.write)(len, 1))
def copied_method():
    method = sys.stdout.write
    return None if copy.copy(method) is method else 'reduced'


attempt('copy.copy of a bound method calls getattr', copied_method)
attempt('typing alias class', lambda: type(typing.List[int])(int, ('__import__',), name='__builtins__'))
attempt('types.GenericAlias class', lambda: type(list[int])(ValueError, ()))
attempt('copy.copy of a typing alias', lambda: copy.copy(typing.List[int]))
attempt('copy.deepcopy of a typing alias', lambda: copy.deepcopy({'a': typing.Dict[str, int]}))
attempt('namedtuple named __globals__', lambda: named('__globals__'))
attempt('namedtuple named gi_frame', lambda: named('gi_frame'))
attempt('__class__ of a method', lambda: print.__class__(len, 1))
attempt('__init__ of sys.stdout', lambda: sys.stdout.__init__(print) or sys.stdout.write)
attempt('__init__ of a typing alias', lambda: typing.List.__init__(dict, 2) or typing.List)
