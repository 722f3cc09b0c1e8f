# attack: the functional forms of typing's class makers, TypedDict('TD', {...}) and NewType, build classes
#         with typing's own metaclass and names of Python's own as fields; the class they make must not
#         become a base, make classes, answer isinstance, or hand out its annotations or typing's internals
# expect: load-error missing-functions
import typing

TD = typing.TypedDict('TD', {'__class__': int, 'format': 'int', 'mro': "__import__('os')"})
Id = typing.NewType('Id', str)
for attempt in (lambda: type(TD)('Made', (), {}), lambda: type(Id)('Made', (), {})):
    try:
        if isinstance(attempt(), type):
            print('BREACH a class made by a metaclass of typing')
    except Exception as error:
        print('refused', type(error).__name__)
try:
    class Sub(TD):
        extra: int
    print('BREACH a TypedDict class of typing as a base', Sub)
except TypeError as error:
    print('refused', error)
for read in (lambda: TD.__annotations__, lambda: Id.__annotations__, lambda: vars(TD), lambda: vars(Id),
             lambda: isinstance({}, TD), lambda: TD.__init__({}, format=1)):
    try:
        print('BREACH read', read())
    except Exception as error:
        print('refused', type(error).__name__)
made = TD.fromkeys(['format'])
if type(made) is not dict or type(Id('x')) is not str:
    print('BREACH objects of a class main.py did not make', type(made), type(Id('x')))
