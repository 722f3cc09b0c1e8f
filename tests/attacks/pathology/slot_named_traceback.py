# attack: an exception class whose __slots__ names __traceback__: the slot's empty descriptor hides
#         Python's traceback, so the grader's own read of error.__traceback__ (the line to quote) raises
#         AttributeError, and the load ends as a crash instead of as the submission's error
# expect: load-error runtime cannot be a slot
# @correct-solution


class Refused(ValueError):
    __slots__ = ('__traceback__', '__class__')


_validate = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    try:
        return _validate(proposal)
    except ValueError:
        raise Refused('invalid proposal') from None


raise Refused('raised while loading')
