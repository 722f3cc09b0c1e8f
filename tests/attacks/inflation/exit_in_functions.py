# attack: dispatch calls exit() (hoping to end the run as a success)
# expect: graded PPF
# @correct-solution


def dispatch_ticket(proposal, actor, approved, state, completed):
    exit(0)
