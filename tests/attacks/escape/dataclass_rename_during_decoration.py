# attack: a field renamed to 'format' while @dataclass runs: the decorator's docstring calls repr() of a
#         default, main.py's __repr__ decorates a class that inherits the same field() object as a class
#         attribute, and dataclasses renames that Field; the class being decorated ends with __match_args__
#         ('format',), inherited by a str subclass made before: case Text(fmt) would read the raw str.format
# expect: load-error runtime
# attack: @dataclass computes __match_args__ from Field.name AFTER it builds the class docstring with
#         str(inspect.signature(cls)), which calls repr() of each field default: main.py's __repr__ runs in
#         the middle of the decorator, after the wrapper checked the fields to come. There a nested
#         @dataclass renames the Field object (found through an inherited class attribute, not an own one)
#         to 'format'; Base.__match_args__ becomes ('format',), inherited by a str subclass made earlier.
import dataclasses

state = []


class Hook:
    def __repr__(self):
        if not state:
            state.append(1)
            dataclasses.dataclass(Renamer)   # _get_field: getattr(Renamer, 'format') is shared -> shared.name = 'format'
        return "Hook()"


shared = dataclasses.field(default=Hook())


class Holder:
    format = shared                         # a class attribute, not an annotation: no check looks at it


class Renamer(Holder):
    format: int                             # own annotation, value inherited: vars(Renamer) has no Field


class Base:
    x: int = shared


class Text(Base, str):                      # checked now: Base has no fields yet
    pass


dataclasses.dataclass(Base)                 # checked with fields ('x',) ... then renamed mid-way

match Text("{0.__globals__[__name__]}"):
    case Text(fmt):
        print("read", type(fmt), fmt(exit))


def validate_ticket_proposal(proposal):
    return proposal


def proposal_fingerprint(proposal):
    return "0" * 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    return {"status": "ok"}
