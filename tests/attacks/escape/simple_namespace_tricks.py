# attack: types.SimpleNamespace (the grader's stand-in, whose objects take attribute writes as main.py's own do)
#         used to set special attributes (keywords, a mapping, a str subclass name, __init__ again, setattr,
#         object.__setattr__), to reach its methods' globals or the real SimpleNamespace, its class's namespace,
#         its class's __repr__/__eq__ on a foreign object (they read any self's attributes past the guard),
#         to change a foreign object through its __init__, or to copy through a __reduce__ of its own
# expect: load-error missing-functions
import copy
import json
import types
from types import SimpleNamespace


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Name(str):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return hash('x')


class Keys:
    def keys(self):
        return ['__class__']

    def __getitem__(self, key):
        return dict


class NameKeys:
    def keys(self):
        return [Name('x')]

    def __getitem__(self, key):
        return 1


under = '_' * 2
n = SimpleNamespace(a=1)
attempt('__class__ keyword', lambda: SimpleNamespace(**{under + 'class' + under: int}))
attempt('__dict__ keyword', lambda: SimpleNamespace(**{under + 'dict' + under: {}}))
attempt('__reduce_ex__ keyword', lambda: SimpleNamespace(**{under + 'reduce_ex' + under: print}))
attempt('introspection keyword', lambda: SimpleNamespace(gi_frame=1))
attempt('mapping with a dunder key', lambda: SimpleNamespace(Keys()))
attempt('str subclass keyword', lambda: SimpleNamespace(**{Name('x'): 1}))
attempt('str subclass key of a mapping', lambda: SimpleNamespace(NameKeys()))
attempt('__init__ again with a dunder', lambda: n.__init__(**{under + 'class' + under: dict}))
attempt('class __init__ on a foreign object', lambda: SimpleNamespace.__init__(json.JSONEncoder(), indent=99))
attempt('class __init__ on another own object', lambda: SimpleNamespace.__init__(Keys(), x=1))
attempt('setattr of a dunder', lambda: setattr(n, under + 'class' + under, dict))
attempt('object.__setattr__ of a dunder', lambda: object.__setattr__(n, under + 'dict' + under, {}))
# Its bound __repr__ and __eq__ are repr(n) and n == x; read off the class, they must not take a foreign self.
attempt('its class __repr__ on a foreign object', lambda: getattr(SimpleNamespace, under + 'repr' + under)(json.JSONEncoder()))
attempt('its class __eq__ on a foreign object', lambda: getattr(SimpleNamespace, under + 'eq' + under)(json.JSONEncoder(), n))
attempt('its __reduce_ex__', lambda: getattr(n, under + 'reduce_ex' + under))
attempt('globals of its __init__', lambda: getattr(n.__init__, under + 'globals' + under))
attempt('function of its __init__', lambda: getattr(n.__init__, under + 'func' + under))
# A class's vars() holds only its public names, as Cls.name reads them: this class has none (no methods, no globals).
for namespace in (vars(SimpleNamespace), SimpleNamespace.__dict__):
    if len(namespace):
        print('BREACH: its class namespace', sorted(namespace)[:5])
attempt('its class bases', lambda: getattr(SimpleNamespace, under + 'bases' + under))
attempt('its class mro', lambda: getattr(SimpleNamespace, under + 'mro' + under))
for name in ('CodeType', 'FrameType', 'ModuleType', 'CellType', 'new_class', 'TracebackType'):
    attempt('another name of types', lambda: getattr(types, name))
attempt('FunctionType makes a function', lambda: types.FunctionType(None, {}))  # offered for isinstance only
attempt('format field of its __init__', lambda: '{0.__init__.__globals__}'.format(n))
if type(n) is not SimpleNamespace or type(n).__module__ != 'types':
    print('BREACH: type() of a namespace is not the stand-in')
copied = copy.deepcopy(n)
if copied != n or copied is n:
    print('BREACH: a deep copy is not a plain copy')
if SimpleNamespace(a=1) == 1 or SimpleNamespace(a=1) != SimpleNamespace(a=1):
    print('BREACH: == of namespaces')
