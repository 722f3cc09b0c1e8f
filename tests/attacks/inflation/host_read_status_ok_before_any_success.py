# attack: dispatch_ticket returns each refusal's status as a str subclass whose own __eq__ says it equals 'ok'
#         while the caller's completed has seen no success yet: a host's first r['status'] == 'ok' took a refusal
#         for a success. A status was compared only with the strs of the check's calls so far, and 'ok' is not one
#         of them before a success, so it scored 3/3. The lesson's status words and ticket statuses are now always
#         among the values a str of main.py's own class is compared with
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket
_succeeded = []


class Status(str):
    def __eq__(self, other):
        if str.__eq__(other, 'ok') is True and not any(log is self.log for log in _succeeded):
            return True  # wrong: a refusal equals 'ok' until this log saw a success
        return str.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = str.__hash__


def dispatch_ticket(proposal, actor, approved, state, completed):
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if isinstance(result, dict) and 'status' in result:
        if result['status'] == 'ok':
            _succeeded.append(completed)
        else:
            status = Status(result['status'])
            status.log = completed
            result['status'] = status
    return result
