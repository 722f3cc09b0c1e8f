# attack: after a success dispatch_ticket leaves state['tickets'] as a dict subclass holding the right tickets
#         (A9 lets it replace that dict), whose own __contains__ says every ticket is there: a host's
#         'pump' in state['tickets'] is True for a ticket it does not hold. The host's reads of a dict took only
#         the keys it holds, so it scored 3/3. `in` and get() are now also read with strs of the check it does
#         not hold, and must answer as the dict does
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket


class Tickets(dict):
    def __contains__(self, key):
        return True  # wrong: every ticket a host asks about exists


def dispatch_ticket(proposal, actor, approved, state, completed):
    wrapped = type(state) is dict and type(state.get('tickets')) is Tickets
    if wrapped:
        state['tickets'] = dict(dict.items(state['tickets']))
    result = None
    try:
        result = _correct_dispatch(proposal, actor, approved, state, completed)
        return result
    finally:
        ok = type(result) is dict and result.get('status') == 'ok' and result.get('replayed') is False
        if (wrapped or ok) and type(state.get('tickets')) is dict:
            state['tickets'] = Tickets(state['tickets'])
