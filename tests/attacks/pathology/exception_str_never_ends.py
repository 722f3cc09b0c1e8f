# attack: an exception whose __str__ never returns, raised while loading: the grader turns it into the
#         load error's message in its own code, which must still be held to the module body's time limit
# expect: load-error timeout


class Refused(ValueError):
    def __str__(self):
        while True:
            pass


def validate_ticket_proposal(proposal):
    raise Refused()


raise Refused()
