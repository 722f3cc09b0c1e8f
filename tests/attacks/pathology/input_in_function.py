# pathology: dispatch asks for confirmation with input()
# expect: graded PPF
# @correct-solution

_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    answer = input('Doorgaan? (j/n) ')
    return _dispatch(proposal, actor, approved, state, completed)
