# attack: a million nested iterators: next() recurses in C until the interpreter crashes, inside dispatch
#         (each check that calls dispatch crashes its process; grading goes on in a fresh one)
# expect: graded PPF
# expect-outcome: 3 crashed
# @correct-solution

_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    if actor == 'Ab_-9z':
        chain = iter([1])
        for i in range(10 ** 6):
            chain = filter(None, chain)
        next(chain)
    return _dispatch(proposal, actor, approved, state, completed)
