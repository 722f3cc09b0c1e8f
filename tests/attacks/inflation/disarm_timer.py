# attack: try to disarm the time-out (signal, faulthandler, pytest_timeout, threading...), then loop in
#         dispatch inside a bare `except:` that would swallow a signal-raised time-out
# expect: graded PPF
# expect-outcome: 3 timeout
# @correct-solution

try:
    import signal
    signal.signal(signal.SIGALRM, signal.SIG_IGN)
    signal.setitimer(signal.ITIMER_REAL, 0)
    print('BREACH: signal')
except Exception:
    pass
try:
    import _signal
    _signal.__name__  # a breach only when the module can be used
    print('BREACH: _signal')
except Exception:
    pass
try:
    import pytest_timeout
    pytest_timeout.__name__  # a breach only when the module can be used
    print('BREACH: pytest_timeout')
except Exception:
    pass
try:
    import faulthandler
    faulthandler.__name__  # a breach only when the module can be used
    print('BREACH: faulthandler')
except Exception:
    pass
try:
    import threading  # a view with Lock and RLock only: a thread of its own would run past the timer
    threading.Thread(target=print, daemon=True).start()
    print('BREACH: threading')
except Exception:
    pass
try:
    import resource
    resource.__name__  # a breach only when the module can be used
    print('BREACH: resource')
except Exception:
    pass

_dispatch = dispatch_ticket
STUCK = []


def dispatch_ticket(proposal, actor, approved, state, completed):
    if not STUCK:
        STUCK.append(1)
        while True:
            try:
                sum(range(10 ** 5))
            except:
                pass
    return _dispatch(proposal, actor, approved, state, completed)
