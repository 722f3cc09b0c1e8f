# attack: every function returns an object that claims to equal anything (__eq__ True, __ne__ False, constant hash)
# expect: graded FFF


class Anything:
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return 0

    def __repr__(self):
        return "{'status': 'ok', 'replayed': False}"


def validate_ticket_proposal(proposal):
    return Anything()


def proposal_fingerprint(proposal):
    return Anything()


def dispatch_ticket(proposal, actor, approved, state, completed):
    return Anything()
