# attack: refusals carry 10 MB messages (reports must stay small; the refusals are correct)
# expect: graded PPP
# @correct-solution

_validate = validate_ticket_proposal
HUGE = 'refused ' * 1250000


def validate_ticket_proposal(proposal):
    try:
        return _validate(proposal)
    except ValueError:
        raise ValueError(HUGE) from None
