# attack: huge integer arithmetic and int/str conversions past the digit limit, in validate
# expect: graded FFF
# @correct-solution

_validate = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    result = _validate(proposal)
    result['version'] = int(str(10 ** 5000))
    return result
