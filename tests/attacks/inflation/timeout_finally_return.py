# attack: the first fingerprint call runs forever and swallows the time-out with `finally: return`,
#         returning the right value late (a time-out must never turn into a pass)
# expect: graded PFP
# expect-outcome: 2 timeout
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
