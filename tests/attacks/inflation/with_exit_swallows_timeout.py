# attack: the first fingerprint call runs forever inside a with block whose __exit__ swallows everything, the
#         first dispatch call inside a contextmanager generator that catches and ends (a time-out must never
#         turn into a pass, nor be handed to main.py's __exit__ or generator)
# expect: graded PFF
# expect-outcome: 2 timeout
# expect-outcome: 3 timeout
# @correct-solution
from contextlib import contextmanager

_fingerprint = proposal_fingerprint
_dispatch = dispatch_ticket
STUCK = []


class Swallow:
    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        return True


@contextmanager
def swallowing():
    try:
        yield
    except:
        pass
    finally:
        return


def proposal_fingerprint(proposal):
    if 'f' not in STUCK:
        STUCK.append('f')
        with Swallow():
            while True:
                pass
    return _fingerprint(proposal)


def dispatch_ticket(proposal, actor, approved, state, completed):
    if 'd' not in STUCK:
        STUCK.append('d')
        with swallowing():
            while True:
                pass
    return _dispatch(proposal, actor, approved, state, completed)
