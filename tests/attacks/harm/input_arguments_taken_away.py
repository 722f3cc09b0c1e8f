# attack: validate_ticket_proposal takes 'arguments' out of every proposal it is given (after copying it), so that a
#         check that changes p['arguments'] in place between two calls found no arguments there: a KeyError in the
#         check's own code ended it as an error of the grader instead of a verdict on main.py
# expect: graded F??
# expect-no-outcome: error
# @correct-solution

_correct_validate = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    result = _correct_validate(proposal)
    if type(proposal) == dict and 'arguments' in proposal:
        del proposal['arguments']
    return result
