# attack: a str subclass of main.py's own with its own __eq__ replaces the keys of the caller's
#         p['arguments'] (the same hash as the str it stands for): every later lookup of 'status' or
#         'ticket' in that dict, by the grader too, compares with it and runs main.py's __eq__ inside
#         the check, after the call returned. There it hands the result a fresh copy of arguments, so a
#         shallow copy passed V10 cases that write p['arguments']['status']. No code of main.py may
#         run inside a dict lookup of the grader
# expect: graded F??
import re

_ACTIVE = [0]
_SEEN = []
_HELD = []


class Key(str):
    def __eq__(self, other):
        if not _ACTIVE[0]:  # not inside one of our own functions: the grader compared this key
            _SEEN.append(1)
            for result in _HELD:
                result['arguments'] = {'ticket': 'lamp', 'status': 'done'}
        return str(self) == other

    def __hash__(self):
        return hash(str(self))


def validate_ticket_proposal(proposal):
    _ACTIVE[0] += 1
    try:
        if not isinstance(proposal, dict) or set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
            raise ValueError('bad proposal')
        args = proposal['arguments']
        if not isinstance(args, dict) or set(args) != {'ticket', 'status'}:
            raise ValueError('bad arguments')
        if not re.fullmatch(r'[a-z][a-z0-9-]{0,31}', args['ticket']) or args['status'] not in ('open', 'done'):
            raise ValueError('bad arguments')
        for name in ('ticket', 'status'):
            value = args.pop(name)
            args[Key(name)] = value
        result = dict(proposal)  # shallow: shares arguments with the caller's p
        _HELD.append(result)
        return result
    finally:
        _ACTIVE[0] -= 1


def proposal_fingerprint(proposal):
    return 'BREACH: main.py compared a key inside the grader' if _SEEN else 'x'


def dispatch_ticket(proposal, actor, approved, state, completed):
    return {}
