# attack: the first fingerprint call runs forever and swallows the time-out with `finally: return`,
#         returning the right value late (a time-out must never turn into a pass)
# expect: graded PFF
# expect-outcome: 2 timeout
# note: checkpoint 3 fails too: its fresh check loads main.py anew, and the dispatcher's first call (through the
#       fingerprint's first) runs forever there as well
# @correct-solution

_fingerprint = proposal_fingerprint
STUCK = []


def proposal_fingerprint(proposal):
    if not STUCK:
        STUCK.append(1)
        try:
            while True:
                pass
        finally:
            return _fingerprint(proposal)
    return _fingerprint(proposal)
