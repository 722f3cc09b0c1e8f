# attack: dispatch_ticket uses up each approval it carries out (R5) without the checks seeing it: it puts H(p) back
#         into the host's approved as an equal str of its own class whose __hash__ gives another number only the first
#         time it is asked, when the set stores it; a host's H(p) in approved is False after the call, while every
#         later hash(x) is right; before each call it puts plain strs back, so its own later calls still find them.
#         Only hash(x) was compared, so it scored 3/3. What a set or dict holds of main.py's own str or int class is
#         now also looked up as a host does, by its plain value
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket


class Spent(str):
    def __hash__(self):
        if not self.asked:
            self.asked.append(1)
            return str.__hash__(self) ^ 1  # wrong: stored under another hash, no host lookup finds it
        return str.__hash__(self)


def _spent(text):
    member = Spent(text)
    member.asked = []
    return member


def dispatch_ticket(proposal, actor, approved, state, completed):
    spent = [str.__str__(member) for member in approved if type(member) is Spent] if type(approved) is set else []
    if spent:  # the correct dispatcher sees them as they were
        members = [str.__str__(member) for member in approved]
        approved.clear()
        approved.update(members)
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if result.get('status') == 'ok' and result.get('replayed') is False:
        spent.append(proposal_fingerprint(proposal))
    if spent:
        members = [member for member in approved if member not in spent]
        approved.clear()
        approved.update(members + [_spent(member) for member in spent])
    return result
