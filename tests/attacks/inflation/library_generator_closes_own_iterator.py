# attack: a suspended generator of a library that delegates with `yield from` to main.py's own iterator
#         (collections.abc.KeysView's, made as KeysView(m), typing.KeysView(m) or Mapping.keys(m) of a dict
#         subclass, also held inside a zip) hidden in the caller's own input (a str subclass holding it replaces
#         p['arguments']['status']): when the grader later overwrites that value, the library generator is freed,
#         Python closes it and calls close() of the iterator it delegates to, a plain method of main.py's, inside
#         the grader's code, where it can write back what the grader just changed (a shallow copy then passes
#         V10). No code of main.py may run there
# expect: graded F??
import collections.abc
import typing


class Writer:
    def __init__(self, args, key):
        self.args = args
        self.key = key

    def __iter__(self):
        return self

    def __next__(self):
        return 1

    def close(self):
        self.args[self.key] = 'BREACH: close() ran inside the grader'


class Keys:
    def __init__(self, args, key):
        self.args = args
        self.key = key

    def __iter__(self):
        return Writer(self.args, self.key)

    def __len__(self):
        return 1

    def __getitem__(self, key):
        return 1


class KeysDict(dict):
    def __iter__(self):
        return Writer(self.args, self.key)


class Trap(str):
    pass


ROUTES = [
    lambda args, key: iter(collections.abc.KeysView(Keys(args, key))),
    lambda args, key: iter(typing.KeysView(Keys(args, key))),
    lambda args, key: zip(collections.abc.KeysView(Keys(args, key))),
]
made = [0]


def _mapping_keys(args, key):
    mapping = KeysDict(a=1)
    mapping.args = args
    mapping.key = key
    return iter(collections.abc.Mapping.keys(mapping))


ROUTES.append(_mapping_keys)


def _trap(args, key, value):
    trap = Trap(value)
    keeper = ROUTES[made[0] % len(ROUTES)](args, key)
    made[0] += 1
    next(keeper)
    trap.keeper = keeper
    return trap


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('bad proposal')
    args = proposal['arguments']
    if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
        raise ValueError('bad arguments')
    for key in ('ticket', 'status'):
        if type(args[key]) is str:
            args[key] = _trap(args, key, args[key])
    return dict(proposal)


def proposal_fingerprint(proposal):
    return 'x'


def dispatch_ticket(proposal, actor, approved, state, completed):
    return {}
