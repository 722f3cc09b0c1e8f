# attack: validate returns a dict that contains itself; the grader's trusted copy must not loop or crash
# expect: graded FFF
# @correct-solution

_validate = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    result = _validate(proposal)
    result['arguments']['self'] = result
    return result
