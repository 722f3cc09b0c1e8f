# attack: validate_ticket_proposal returns a shallow copy that shares the caller's arguments during its first 30
#         calls (a call counter at module level): the battery's first 30 calls were all invalid proposals, so no
#         check saw the shared dict and checkpoint 1 passed. A check run on main.py loaded anew tries a valid one first
# expect: graded F??
# @correct-solution

_calls = []
_correct_validate = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    _calls.append(1)
    result = _correct_validate(proposal)
    return result if len(_calls) > 30 else dict(proposal)  # wrong at first: arguments is the caller's own
