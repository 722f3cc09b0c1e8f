# attack: every function raises SystemExit (to end the check run early and be counted as passed)
# expect: graded FFF


def validate_ticket_proposal(proposal):
    raise SystemExit(0)


def proposal_fingerprint(proposal):
    raise SystemExit(0)


def dispatch_ticket(proposal, actor, approved, state, completed):
    raise SystemExit(0)
