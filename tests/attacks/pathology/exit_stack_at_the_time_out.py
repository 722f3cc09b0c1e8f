# pathology: dispatch loops forever for one host actor inside a contextlib.ExitStack whose exit function would
#            swallow anything (returns True) and whose callback spins again: the grader's time-out is no Exception,
#            so neither runs and the check ends as a time-out
# expect: graded PPF
# expect-outcome: 3 timeout
# @correct-solution
from contextlib import ExitStack

_dispatch = dispatch_ticket


def _spin():
    while True:
        pass


def dispatch_ticket(proposal, actor, approved, state, completed):
    with ExitStack() as stack:
        stack.callback(_spin)
        stack.push(lambda kind, error, traceback: True)
        while actor == 'Ab_-9z':
            pass
        stack.pop_all()
    return _dispatch(proposal, actor, approved, state, completed)
