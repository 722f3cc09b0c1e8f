# attack: every call prints 100 KB
# expect: graded PPP
# @correct-solution

_validate = validate_ticket_proposal
NOISE = 'x' * 100000


def validate_ticket_proposal(proposal):
    print(NOISE)
    return _validate(proposal)
