# attack: a default parameter named like the attribute guard, so attribute reads in the body go unguarded
# expect: policy _getattr_
def validate_ticket_proposal(proposal, _getattr_=lambda obj, name: obj):
    return proposal.gi_frame
