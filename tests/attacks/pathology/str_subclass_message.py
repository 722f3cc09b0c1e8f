# attack: an exception whose __str__ returns a str subclass with its own __getitem__, so that
#         cutting the message to its first characters hands back megabytes (results.json, cache)
# expect: graded FFF
class Text(str):
    def __getitem__(self, key):
        return "B" * 3_000_000

    def __len__(self):
        return 0


class Refused(ValueError):
    def __str__(self):
        return Text("short")


def validate_ticket_proposal(proposal):
    raise Refused("x")


def proposal_fingerprint(proposal):
    raise Refused("x")


def dispatch_ticket(proposal, actor, approved, state, completed):
    raise Refused("x")
