# attack: the grader's enum stand-in: its metaclass (type(Status), __class__, a class built on it), the members'
#         store, vars()/__dict__ of the class beyond its public names, the name/value properties off the class, reassigning a member,
#         writing to the grader's own Enum base, extending an enum, a foreign mixin, __match_args__ naming the
#         base's properties, unique() and __init__ on foreign classes, comparisons that receive the lookup's objects,
#         the functional form with names of internals or a name of one, and on an enum that has members
# expect: load-error missing-functions
import enum
import json
from enum import Enum, IntEnum, StrEnum, auto, unique


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Status(str, Enum):
    OPEN = 'open'
    DONE = 'done'


class Level(IntEnum):
    LOW = 1


SEEN = []


class Probe:
    def __eq__(self, other):
        SEEN.append(other)
        return False

    __hash__ = None


class Holder(Enum):
    PROBE = Probe()


meta = type(Status)
attempt('type(Status) makes classes', lambda: meta('X', (), {}))
attempt('Status.__class__ makes classes', lambda: Status.__class__('X', (), {}))
attempt('type(type(Status.OPEN)) makes classes', lambda: type(type(Status.OPEN))('X', (), {}))
attempt('members store', lambda: getattr(Status, '_mem' + 'bers_'))
attempt('value store', lambda: getattr(Status.OPEN, '_val' + 'ue_'))
for namespace in (vars(Status), Status.__dict__):  # a class's vars(): its public names only, not the members' store
    if set(namespace) != {'OPEN', 'DONE'}:
        print('BREACH: vars(Status) beyond its members', sorted(namespace)[:5])
attempt('vars(Enum)', lambda: vars(Enum))
attempt('Enum.value property', lambda: Enum.value)
attempt('Status.name property', lambda: Status.name)
attempt('Enum.__members__', lambda: Enum.__members__)
attempt('enum.EnumMeta', lambda: enum.EnumMeta)
attempt('enum.EnumType', lambda: enum.EnumType)
attempt('Enum.register', lambda: Enum.register)
attempt('Status.mro', lambda: getattr(Status, 'm' + 'ro'))
attempt('auto class made', lambda: type(auto())())


def reassign():
    Status.OPEN = 'closed'
    return Status.OPEN if Status.OPEN == 'closed' else None


def write_base():
    Enum.extra = 1
    return Enum.extra


def write_members_view():
    Status.__members__['OPEN'] = 'x'
    return Status.OPEN if Status.OPEN == 'x' else None


attempt('reassign a member', reassign)
attempt('write the grader Enum base', write_base)
attempt('write the members view', write_members_view)


def extend():
    class More(Status):
        LATER = 'later'
    return More


def foreign_mixin():
    class Encoded(json.JSONEncoder, Enum):
        A = 1
    return Encoded


def metaclass_from_enum():
    class Meta(type(Status)):
        pass
    return Meta


def match_args_of_base():
    class Named(str, Enum):
        __match_args__ = ('value', 'upper')
        A = 'a'
    return Named


attempt('extend an enum with members', extend)
attempt('an enum on a foreign class', foreign_mixin)
attempt('a metaclass from an enum', metaclass_from_enum)
attempt('__match_args__ naming the base', match_args_of_base)
attempt('unique() on a foreign class', lambda: unique(json.JSONEncoder))
attempt('Status.__init__ on a foreign object', lambda: Status.__init__(json.JSONEncoder()) or 1)
attempt('Enum.__init__ on a foreign object', lambda: Enum.__init__(json.JSONEncoder()) or 1)

attempt('lookup', lambda: Holder('x'))
attempt('containment', lambda: 'x' in Holder or None)
for other in SEEN:
    if isinstance(other, type) and other not in (str, int, Status, Holder, Probe):
        print('BREACH: a comparison received a class', other)
    if not isinstance(other, (str, int, Probe)):
        print('BREACH: a comparison received', type(other))

for args in (('__class__', ['A']), ('X', ['__init__']), ('X', [('_members_', 1)]), ('gi_frame', ['A']),
             (1, ['A']), ('X', {'mro': 1, '_value_': 2}), ('x' * 101, 'A')):
    attempt('functional enum ' + repr(args)[:40], lambda: Enum(*args))
attempt('functional form on an enum with members', lambda: Status('X', 'A B'))
