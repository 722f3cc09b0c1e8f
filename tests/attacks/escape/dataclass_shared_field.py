# attack: one dataclasses.field() object in two dataclasses: the second @dataclass renames it to 'format'
#         inside the first class's fields too, so a later @dataclass on a subclass collects 'format' into
#         __match_args__, inherited by a str subclass made earlier: case Text(fmt) hands out the raw str.format
# expect: load-error runtime reuses the field()
import dataclasses

shared = dataclasses.field(default=0)


@dataclasses.dataclass
class A:
    x: int = shared


class S(A):
    pass


class Text(S, str):
    def __init__(self, *args):
        pass


@dataclasses.dataclass
class Renamer:
    format: int = shared      # dataclass sets shared.name = 'format' (A's field object too)


dataclasses.dataclass(S)        # S's fields come from A's Field objects: __match_args__ == ('format',)

match Text("{0.__globals__[__name__]}"):
    case Text(fmt):
        print("BREACH", fmt(exit))


def validate_ticket_proposal(proposal):
    return proposal


def proposal_fingerprint(proposal):
    return "0" * 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    return {"status": "ok"}
