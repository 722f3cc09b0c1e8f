# pathology: prints in every function, including objects and f-strings with format specs
# expect: graded PPP
# @correct-solution

_validate = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    print(f'validating {proposal!r:.80} type={type(proposal).__name__}')
    print('{0} {1!r}'.format(len(str(proposal)), proposal))
    return _validate(proposal)
