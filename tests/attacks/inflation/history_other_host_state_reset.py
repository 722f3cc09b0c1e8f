# attack: dispatch_ticket keeps every state it was handed and, at each later call with another state, sets the
#         earlier ones back to version 0: each check read its host's state right after its own calls, before the
#         next check's first call, so a dispatcher that damages other hosts' states scored 3/3
# expect: graded PPF
# @correct-solution

_seen = []
_correct_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    for old in _seen:
        if old is not state and isinstance(old, dict):
            old['version'] = 0  # wrong: another host's state changes
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if isinstance(state, dict) and all(old is not state for old in _seen):
        _seen.append(state)
    return result
