# attack: 'replayed' is 1/0 instead of True/False and 'version' a float: equal under ==, not the same type
# expect: graded PPF
# @correct-solution

_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    result = _dispatch(proposal, actor, approved, state, completed)
    if 'replayed' in result:
        result['replayed'] = 1 if result['replayed'] else 0
    if 'version' in result:
        result['version'] = float(result['version'])
    return result
