# attack: main.py's own __setattr__/__delattr__ (allowed for immutable value types) record every write they are
#         handed: objects of such classes pass through the grader's copy/deepcopy, dataclasses.replace/asdict, its
#         cached_property, an enum's members, a raised and caught exception, a with block, a class pattern and a
#         unittest TestCase; only main.py's own writes may reach them (none from the grader's code, no frame, module
#         or class of the grader), and super().__setattr__ reaches only main.py's own or object's
# expect: load-error missing-functions
import copy
import dataclasses
import enum
import functools
import unittest

EXPECTED = {'a', 'b', 'label', 'count', 'tag'}


def spy(self, name, value):
    if name not in EXPECTED or type(value) not in (int, str, list):
        print('BREACH: __setattr__ received', repr(name)[:40], type(value).__name__)
    object.__setattr__(self, name, value)


def spy_delete(self, name):
    print('BREACH: __delattr__ received', repr(name)[:40])


class Spied:
    __slots__ = ('a', 'b')

    def __setattr__(self, name, value):
        spy(self, name, value)

    def __delattr__(self, name):
        spy_delete(self, name)

    def __init__(self):
        self.a, self.b = 1, [2]

    def __enter__(self):
        return self

    def __exit__(self, kind, value, trace):
        return False


class Plain:
    def __init__(self):
        self.a = 1

    def __setattr__(self, name, value):
        spy(self, name, value)

    def __delattr__(self, name):
        spy_delete(self, name)

    @functools.cached_property
    def b(self):
        return 3


@dataclasses.dataclass
class Data:
    a: int = 1
    b: list = dataclasses.field(default_factory=list)

    def __setattr__(self, name, value):
        spy(self, name, value)


class Label(enum.Enum):
    X = 'x'

    def __init__(self, value):
        self.label = value.upper()

    def __setattr__(self, name, value):
        spy(self, name, value)


class Failure(ValueError):
    def __setattr__(self, name, value):
        spy(self, name, value)

    def __delattr__(self, name):
        spy_delete(self, name)


class Case(unittest.TestCase):
    def __setattr__(self, name, value):
        spy(self, name, value)

    def test_x(self):
        self.assertEqual(1, 1)


class Base:
    def __setattr__(self, name, value):
        spy(self, name, value)


class Child(Base):
    def __setattr__(self, name, value):
        super().__setattr__(name, value)


for made in (Spied(), Plain(), Data(), Child()):
    copy.copy(made)
    copy.deepcopy([made, {'k': made}])
Plain().b
dataclasses.replace(Data(), a=2)
dataclasses.asdict(Data(b=[Data()]))
Label.X.label
with Spied() as inside:
    pass
try:
    raise Failure('x') from KeyError('y')
except Failure as caught:
    copy.deepcopy(caught)
match Data():
    case Data(a=1, b=[]):
        pass
case = Case()
case.test_x()
case.count = 1
Child().tag = 'x'
for name, value in (('__class__', Data), ('__dict__', {})):
    try:
        object.__setattr__(Plain(), name, value)
        print('BREACH: object.__setattr__ wrote', name)
    except Exception:
        pass
