# attack: a second dataclass base: a class's __match_args__ and fields name only its first dataclass base's,
#         so a str subclass made earlier passes its check; @dataclass on the class later collects the second
#         base's 'format' into __match_args__ and case Text(fmt, _) hands out the raw str.format
# expect: load-error runtime cannot be a field
import dataclasses


@dataclasses.dataclass
class A:
    x: int = 0


@dataclasses.dataclass
class B:
    format: int                   # fine on B: object has no attribute "format" (no default: B.format stays unset)


class S(A, B):                    # S.__dataclass_fields__ / __match_args__ are A's: ('x',)
    pass


class Text(S, str):               # checked against A's fields only
    def __init__(self, *args):
        pass


dataclasses.dataclass(S)          # collects B's fields too: __match_args__ == ('format', 'x')

match Text("{0.__globals__[__name__]}"):
    case Text(fmt, _):
        print("BREACH", fmt(exit))


def validate_ticket_proposal(proposal):
    return proposal


def proposal_fingerprint(proposal):
    return "0" * 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    return {"status": "ok"}
