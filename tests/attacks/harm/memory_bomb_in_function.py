# attack: dispatch keeps allocating until memory runs out (for one host actor, so it costs one check)
# expect: graded PPF
# expect-outcome: 3 memory
# @correct-solution

_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    hoard = []
    while actor == 'Ab_-9z':
        hoard.append(bytearray(2 ** 36))
    return _dispatch(proposal, actor, approved, state, completed)
