# attack: vars(obj) is the real __dict__ of main.py's own object: fill it under Python's own names
#         (__class__, __dataclass_fields__ with the Field objects of another dataclass, __traceback__ on an
#         exception, __match_args__) and see whether isinstance, dataclasses.fields/asdict/replace, a class
#         pattern or the grader's own reads take them instead of what the class says
# expect: load-error missing-functions
import dataclasses


@dataclasses.dataclass
class Card:
    title: str = 'x'


class Fake:
    pass


fake = Fake()
names = vars(fake)
names['__class__'] = ValueError
names['__dataclass_fields__'] = {field.name: field for field in dataclasses.fields(Card)}
names['__match_args__'] = ('format',)
names['title'] = 'own'
if isinstance(fake, ValueError):
    print('BREACH isinstance took __class__ from the instance dict')
for helper in (dataclasses.fields, dataclasses.asdict, dataclasses.astuple, dataclasses.replace):
    try:
        print('helper', helper(fake))
    except Exception as error:
        print('refused', type(error).__name__)
try:
    match fake:
        case Fake(found):
            print('BREACH class pattern read', found)
except TypeError as error:
    print('refused', error)


class Refused(ValueError):
    pass


error = Refused('x')
try:
    vars(error)['__traceback__'] = 'not a traceback'
    vars(error)['args'] = ('changed',)
    print('args', error.args, type(error).__name__)
except Exception as refused:
    print('refused', type(refused).__name__)
