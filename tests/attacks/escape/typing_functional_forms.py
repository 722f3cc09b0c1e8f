# attack: the functional forms of typing's class makers, TypedDict('TD', {...}) and NewType: names of Python's own
#         as fields (refused, as a class statement refuses them); the plain class main.py gets (as from a class
#         statement) must not make classes, evaluate its annotations or hand out typing's internals; NewType's
#         class must not become a base, make classes or hand out its annotations
# expect: load-error missing-functions
import typing

for fields in ({'__class__': int}, {'mro': int}, {'__init__': int}, {1: int}):
    try:
        typing.TypedDict('Bad', fields)
        print('BREACH a field of Python\'s own', fields)
    except TypeError as error:
        print('refused', type(error).__name__)
TD = typing.TypedDict('TD', {'format': 'int', 'note': "__import__('os')"})
Id = typing.NewType('Id', str)
for attempt in (lambda: type(TD)('Made', (), {}), lambda: type(Id)('Made', (), {})):
    try:
        if isinstance(attempt(), type):
            print('BREACH a class made by a metaclass')
    except Exception as error:
        print('refused', type(error).__name__)
if TD.__annotations__ != {'format': 'int', 'note': "__import__('os')"}:
    print('BREACH annotations evaluated', TD.__annotations__)
TD.__annotations__['extra'] = int
if TD.__required_keys__ != {'format', 'note'} or 'extra' in TD.__annotations__:
    print('BREACH the live annotations of a class')
if any(not isinstance(key, str) or key.startswith('__') and key not in ('__module__', '__qualname__', '__doc__',
       '__annotations__', '__new__', '__dict__', '__weakref__') for key in vars(TD)):
    print('BREACH internals in vars()', list(vars(TD)))
for read in (lambda: Id.__annotations__, lambda: vars(Id), lambda: getattr(Id, '__supertype__')):
    try:
        print('BREACH read', read())
    except Exception as error:
        print('refused', type(error).__name__)
try:
    class Sub(Id):
        extra: int
    print('BREACH a NewType as a base', Sub)
except TypeError as error:
    print('refused', error)
made = TD.fromkeys(['format'])
if type(made) is not dict or type(Id('x')) is not str or type(TD(format='x')) is not dict:
    print('BREACH objects of a class main.py did not make', type(made), type(Id('x')))
