# attack: an exception class with a 40,000-character name, raised by every function: each failed check's
#         report quotes the exception's type, so a careless report would be 485 x 40 KB
# expect: policy too long


class @@LONGNAME@@(ValueError):
    pass


def validate_ticket_proposal(proposal):
    raise @@LONGNAME@@('no')


def proposal_fingerprint(proposal):
    raise @@LONGNAME@@('no')


def dispatch_ticket(proposal, actor, approved, state, completed):
    raise RuntimeError('no') from @@LONGNAME@@('no')
