# pathology: a recursive helper without a base case in dispatch
# expect: graded PPF
# @correct-solution


def _count(tickets, n=0):
    return _count(tickets, n + 1)


_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    _count(state)
    return _dispatch(proposal, actor, approved, state, completed)
