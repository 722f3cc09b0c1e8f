# attack: dispatch_ticket uses up each approval it carries out (R5) without the checks seeing it: it swaps H(p) in
#         the host's approved for an equal str of its own class whose __hash__ is another number, so a host's
#         H(p) in approved is False after the call, while approved read as plain data (strs, compared by value and
#         exact type) is unchanged; before each call it swaps them back, so its own later calls still find them.
#         It scored 3/3. A str or int of main.py's own class with a __hash__ of its own is now also hashed as a
#         host's set or dict lookup hashes it, and must hash as what it holds
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket


class Spent(str):
    def __hash__(self):
        return str.__hash__(self) ^ 1  # wrong: a host's H(p) in approved no longer finds it


def dispatch_ticket(proposal, actor, approved, state, completed):
    spent = [member for member in approved if type(member) is Spent] if type(approved) is set else []
    for member in spent:  # the correct dispatcher sees them as they were
        approved.discard(member)
        approved.add(str(member))
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if result.get('status') == 'ok' and result.get('replayed') is False:
        spent.append(proposal_fingerprint(proposal))
    for member in spent:
        approved.discard(member)
        approved.add(Spent(member))
    return result
