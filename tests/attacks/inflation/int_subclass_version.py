# attack: dispatch reports a version that is an int subclass holding a wrong number but equal to everything,
#         and 'replayed' as an int subclass that claims to be True
# expect: graded PPF
# @correct-solution

_dispatch = dispatch_ticket


class Version(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return 0


class Flag(int):
    def __eq__(self, other):
        return True

    def __repr__(self):
        return 'True'


def dispatch_ticket(proposal, actor, approved, state, completed):
    result = _dispatch(proposal, actor, approved, state, completed)
    if 'version' in result:
        result['version'] = Version(result['version'] + 5)
    if 'replayed' in result:
        result['replayed'] = Flag(7)
    return result
