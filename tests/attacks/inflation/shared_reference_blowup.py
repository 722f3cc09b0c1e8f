# attack: for one proposal, validate returns a list holding itself 2000 times (a naive deep copy of it
#         never ends): the check must end as a time-out or a failure, never a pass
# expect: graded F??
# @correct-solution

_validate = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    result = _validate(proposal)
    if result['call_id'] != 'C-9_x':
        return result
    bomb = []
    bomb.extend([bomb] * 2000)
    return bomb
