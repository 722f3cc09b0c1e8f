# pathology: dispatch loops forever for one host actor holding objects of an io.StringIO subclass whose close() is
#            main.py's, in a with block, in an ExitStack and in a plain variable: io's __exit__ calls close() as the
#            grader's time-out passes, and io's finalizer calls it when the grader frees the looping frame, so
#            main.py's code would run after the time-out, inside the grader's (a later call says BREACH when it did)
# expect: graded PPF
# expect-outcome: 3 timeout
# @correct-solution
import io
from contextlib import ExitStack

_dispatch = dispatch_ticket
LOOPING, RAN = [], []


class Log(io.StringIO):
    def close(self):
        if LOOPING:
            RAN.append(1)


def dispatch_ticket(proposal, actor, approved, state, completed):
    if RAN:
        raise ValueError('BREACH: close() of main.py ran after the time-out')
    LOOPING.clear()  # a call that loops ends only by the time-out
    kept = Log()
    with Log():
        with ExitStack() as stack:
            stack.enter_context(Log())
            if actor == 'Ab_-9z':
                LOOPING.append(kept.getvalue())
            while actor == 'Ab_-9z':
                pass
    return _dispatch(proposal, actor, approved, state, completed)
