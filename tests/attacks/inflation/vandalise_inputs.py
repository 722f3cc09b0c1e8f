# attack: every function returns the right answer, then vandalises the objects it was given (empties
#         lists and sets, adds a key to every dict): if a check reused one of them to compute an
#         expected value, a later check would compare against garbage. Changing the inputs breaks the
#         contract (V10, F5, D-effects): every checkpoint must fail, none may pass on corrupted expectations
# expect: graded FFF
# @correct-solution

_validate, _fingerprint, _dispatch = validate_ticket_proposal, proposal_fingerprint, dispatch_ticket


def _vandalise(value):
    if isinstance(value, dict):
        for item in list(value.values()):
            _vandalise(item)
        value['vandal'] = True
    elif isinstance(value, (list, set)):
        value.clear()


def validate_ticket_proposal(proposal):
    result = _validate(proposal)
    result = {**result, 'arguments': dict(result['arguments'])}
    if isinstance(proposal, dict):
        _vandalise(proposal.get('arguments'))
    return result


def proposal_fingerprint(proposal):
    result = _fingerprint(proposal)
    _vandalise(proposal)
    return result


def dispatch_ticket(proposal, actor, approved, state, completed):
    result = _dispatch(proposal, actor, approved, state, completed)
    for value in (proposal, approved, state, completed):
        _vandalise(value)
    return result
