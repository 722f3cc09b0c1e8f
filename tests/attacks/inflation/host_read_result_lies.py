# attack: dispatch_ticket returns its results as a dict subclass holding the right fields, whose own __getitem__
#         gives the host version 900: the checks read results as plain data (through dict itself), so a host's
#         r['version'] was never what they judged and the result scored 3/3. A dict of main.py's own class is now
#         also read as a host reads it, and must show what it holds
# expect: graded PPF
# @correct-solution

_correct_dispatch = dispatch_ticket


class Result(dict):
    def __getitem__(self, key):
        if key == 'version':
            return 900  # wrong: the host reads another version than the result holds
        return dict.get(self, key)


def dispatch_ticket(proposal, actor, approved, state, completed):
    return Result(_correct_dispatch(proposal, actor, approved, state, completed))
