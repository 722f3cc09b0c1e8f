# attack: after a success dispatch_ticket puts the tickets back into state as a dict subclass (CONTRACT.md A9 lets
#         it replace the dict) that holds every ticket but whose keys() and values() leave out the one just set:
#         a host listing state['tickets'].keys() misses it, while the checks read the content underneath
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket
_hidden = []


class Tickets(dict):
    def keys(self):
        return [ticket for ticket in self if ticket not in _hidden]  # wrong: the host does not see the ticket

    def values(self):
        return [self[ticket] for ticket in self.keys()]


def dispatch_ticket(proposal, actor, approved, state, completed):
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if result.get('status') == 'ok' and not result.get('replayed'):
        _hidden.append(result['ticket'])
        state['tickets'] = Tickets(state['tickets'])
    return result
