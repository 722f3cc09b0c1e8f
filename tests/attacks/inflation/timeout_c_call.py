# attack: one fingerprint call spends minutes inside a single C call (no signal handler runs until it returns)
# expect: graded PFP
# expect-outcome: 2 timeout
# @correct-solution

_fingerprint = proposal_fingerprint


def proposal_fingerprint(proposal):
    if isinstance(proposal, dict) and proposal.get('actor') == 'A-b_9':
        sum(range(10 ** 11))
    return _fingerprint(proposal)
