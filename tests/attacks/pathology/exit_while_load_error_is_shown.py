# attack: the module body raises an exception whose text calls exit() when the grader words the load error (an
#         exit() is no load error: it ends the body with a note, and the functions defined before it would count)
# expect: load-error runtime
class Refusal(Exception):
    def __str__(self):
        exit()


def validate_ticket_proposal(proposal):
    return dict(proposal)


raise Refusal('at load')
