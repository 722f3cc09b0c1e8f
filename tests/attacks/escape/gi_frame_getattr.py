# attack: the generator frame through getattr with a literal name
# expect: load-error runtime AttributeError
g = (i for i in [1])
frame = getattr(g, 'gi_frame')


def validate_ticket_proposal(proposal):
    return frame
