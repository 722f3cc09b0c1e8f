# attack: dispatch_ticket returns the right version as an int subclass whose own __eq__ says it equals any
#         number: the checks read it as plain data, so a host's r['version'] == state['version'] (true whatever
#         either holds) was never judged and the dispatcher scored 3/3
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket


class Version(int):
    def __eq__(self, other):
        return True  # wrong: equal to any version a host compares it with

    def __ne__(self, other):
        return False

    def __hash__(self):
        return int.__hash__(self)


def dispatch_ticket(proposal, actor, approved, state, completed):
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if isinstance(result, dict) and 'version' in result:
        result['version'] = Version(result['version'])
    return result
