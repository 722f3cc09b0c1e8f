# attack: @dataclass applied to a base after a str subclass of it was made: the base's new
#         __match_args__ ('format',) is inherited by the subclass, which was checked when it had no
#         fields, so `case Text(fmt)` reads the raw str.format and its {0.__globals__} fields read the
#         grader's modules, frames and the other students of a class run
# expect: load-error runtime cannot be a field
import dataclasses


class Base:
    format: int


class Text(str, Base):
    pass


dataclasses.dataclass(Base, init=False)

match Text("{0.__globals__[__name__]}"):
    case Text(fmt):
        print(fmt(exit))


def validate_ticket_proposal(proposal):
    return proposal


def proposal_fingerprint(proposal):
    return "0" * 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    return {"status": "ok"}
