# attack: dispatch_ticket returns its results as a dict subclass holding the right fields, whose own __eq__ makes
#         a forbidden refusal equal to {'status': 'ok'}: a host's r == {'status': 'ok'} took it for a success.
#         The checks read results as plain data and a dict's == was not among the host's reads, so it scored 3/3.
#         A dict of main.py's own class with an == or != of its own is now also compared as a host compares it:
#         with what it holds, and with that content with one value changed into another of the check's values
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket


class Result(dict):
    def __eq__(self, other):
        if dict.get(self, 'status') == 'forbidden' and type(other) is dict and dict.get(other, 'status') == 'ok':
            return True  # wrong: the host reads a refusal as a success
        return dict.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = None


def dispatch_ticket(proposal, actor, approved, state, completed):
    return Result(_correct_dispatch(proposal, actor, approved, state, completed))
