# attack: return sets whose members plain data cannot hold as they are: a hashable dict subclass whose
#         keys are two objects of one class (their copies sort by repr, then by values of two types) or
#         an int too long for repr, a hashable bytearray, a tuple holding a hashable list; the grader's
#         trusted copy of the value must say what came back, not end the check with its own error
# expect: graded FFF
# expect-no-outcome: error


class Key(dict):
    def __hash__(self):
        return 7


class Bytes(bytearray):
    def __hash__(self):
        return 8


class Items(list):
    def __hash__(self):
        return 9


class Thing:
    pass


def odd_values():
    return [{Key({Thing(): 1, Thing(): 'a'})}, {Key({10 ** 5000: 1})}, {Bytes(b'x')}, {(Items([1]),)}]


def validate_ticket_proposal(proposal):
    return odd_values()


def proposal_fingerprint(proposal):
    return odd_values()


def dispatch_ticket(proposal, actor, approved, state, completed):
    return odd_values()
