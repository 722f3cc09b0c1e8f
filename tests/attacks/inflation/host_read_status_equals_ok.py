# attack: dispatch_ticket returns each status as a str subclass that holds the right word but whose own __eq__
#         also says it equals 'ok': the checks read the status as plain data, so a host's
#         r['status'] == 'ok' (true for every refusal) was never judged and the dispatcher scored 3/3
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket


class Status(str):
    def __eq__(self, other):
        return other == 'ok' or str.__eq__(self, other)  # wrong: every status says it is ok

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return str.__hash__(self)


def dispatch_ticket(proposal, actor, approved, state, completed):
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if isinstance(result, dict) and 'status' in result:
        result['status'] = Status(result['status'])
    return result
