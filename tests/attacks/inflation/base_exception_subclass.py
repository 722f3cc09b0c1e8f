# attack: define a BaseException subclass to raise past the checks' `except Exception`
# expect: load-error runtime NameError
# @correct-solution


class Stop(BaseException):
    pass


def dispatch_ticket(proposal, actor, approved, state, completed):
    raise Stop()
