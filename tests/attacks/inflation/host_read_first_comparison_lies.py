# attack: dispatch_ticket returns each refusal's status as a str subclass whose own __eq__ answers True the first
#         time it is asked, and honestly after that: a host's one r['status'] == 'ok' took a refusal for a success.
#         The host's reads compared each status with itself first, where True is right, so it scored 3/3. Each
#         comparison is now first asked where the right answer is False
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket


class Status(str):
    def __eq__(self, other):
        if not self.asked:
            self.asked.append(other)
            return True  # wrong: the first comparison, a host's r['status'] == 'ok', is always True
        return str.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = str.__hash__


def dispatch_ticket(proposal, actor, approved, state, completed):
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if isinstance(result, dict) and 'status' in result and result['status'] != 'ok':
        status = Status(result['status'])
        status.asked = []
        result['status'] = status
    return result
