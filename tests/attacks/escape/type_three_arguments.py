# attack: build a class with any dunder method through type(name, bases, namespace)
# expect: load-error runtime TypeError
Evil = type('Evil', (), {'__del__': lambda self: None})


def validate_ticket_proposal(proposal):
    return Evil()
