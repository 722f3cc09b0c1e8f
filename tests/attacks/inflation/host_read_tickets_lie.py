# attack: after a success dispatch_ticket puts the tickets back into state as a dict subclass (CONTRACT.md A9 lets
#         it replace the dict) that holds the new statuses but whose __getitem__ always answers 'open':
#         the checks read state as plain data, so the host's state['tickets']['lamp'] (the lesson's Ex 3 prints
#         it) was never judged and the dispatcher scored 3/3
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket


class Tickets(dict):
    def __getitem__(self, key):
        return 'open'  # wrong: every ticket reads as open


def dispatch_ticket(proposal, actor, approved, state, completed):
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if result.get('status') == 'ok' and not result.get('replayed'):
        state['tickets'] = Tickets(state['tickets'])
    return result
