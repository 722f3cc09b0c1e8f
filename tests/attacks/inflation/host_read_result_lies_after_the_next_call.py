# attack: dispatch_ticket returns its results as a dict subclass that reads honestly until the next call of
#         dispatch_ticket is made, then gives the host version 900: a host that keeps r while it dispatches the next
#         proposal reads another version than r holds. A call's values were read as a host reads them only right
#         after that call, so it scored 3/3. The values of the check's last eight calls are now read again after
#         each call
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket
_calls = [0]


class Result(dict):
    def __getitem__(self, key):
        if key == 'version' and _calls[0] > self.born:
            return 900  # wrong: read after a later call, another version
        return dict.__getitem__(self, key)


def dispatch_ticket(proposal, actor, approved, state, completed):
    _calls[0] += 1
    result = Result(_correct_dispatch(proposal, actor, approved, state, completed))
    result.born = _calls[0]
    return result
