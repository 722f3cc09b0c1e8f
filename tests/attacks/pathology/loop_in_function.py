# pathology: dispatch loops forever for one host actor (a while loop whose condition never changes)
# expect: graded PPF
# expect-outcome: 3 timeout
# @correct-solution

_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    while actor == 'Ab_-9z':
        pass
    return _dispatch(proposal, actor, approved, state, completed)
