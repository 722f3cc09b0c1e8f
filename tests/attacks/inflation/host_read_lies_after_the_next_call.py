# attack: after a success dispatch_ticket puts the tickets back into state as a dict subclass (A9) that answers
#         honestly until the next call of dispatch_ticket is made, then reads every ticket as 'open': an object was
#         read as a host reads it only when what it held had changed since its last reading, so a lie that starts
#         later was never seen and it scored 3/3. Each object of main.py's own class is now read after every call
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket
_calls = [0]


class Tickets(dict):
    def __getitem__(self, key):
        if _calls[0] > self.born and dict.__contains__(self, key):
            return 'open'  # wrong: read after a later call, every ticket is open
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        return self[key] if dict.__contains__(self, key) else default


def dispatch_ticket(proposal, actor, approved, state, completed):
    _calls[0] += 1
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if isinstance(result, dict) and result.get('status') == 'ok' and result.get('replayed') is False:
        tickets = Tickets(dict.items(state['tickets']))
        tickets.born = _calls[0]
        state['tickets'] = tickets
    return result
