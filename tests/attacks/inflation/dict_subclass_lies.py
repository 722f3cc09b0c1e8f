# attack: validate returns a dict subclass that is empty underneath and lies through every method it may override
# expect: graded F??
# note: fingerprint and dispatch really work (json.dumps reads a dict subclass through its items()),
#       so only checkpoint 1, whose returned value is the lie, must fail.
# @correct-solution

_validate = validate_ticket_proposal


class Looks(dict):
    """Nothing stored; every read answers from the proposal it was shown."""

    def __init__(self, shown):
        super().__init__()
        self.shown = shown

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    def __hash__(self):
        return 0

    def __len__(self):
        return len(self.shown)

    def __iter__(self):
        return iter(self.shown)

    def __contains__(self, key):
        return key in self.shown

    def __getitem__(self, key):
        return self.shown[key]

    def __repr__(self):
        return repr(self.shown)

    def keys(self):
        return self.shown.keys()

    def items(self):
        return self.shown.items()

    def values(self):
        return self.shown.values()

    def get(self, key, default=None):
        return self.shown.get(key, default)

    def copy(self):
        return self


def validate_ticket_proposal(proposal):
    return Looks(_validate(proposal))
