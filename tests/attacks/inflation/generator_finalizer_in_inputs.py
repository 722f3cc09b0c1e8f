# attack: a suspended generator hidden in the caller's own input (a str subclass holding it replaces
#         p['arguments']['status']): when the grader later overwrites that value, the generator is freed
#         and its finally block runs inside the grader's code, where it can write back what the grader
#         just changed (a shallow copy then passes V10). Its clean-up code must never run there
# expect: graded F??
import copy, hashlib, json, re


def _keeper(args, key, value):
    try:
        yield 1
    finally:
        args[key] = 'BREACH: finally block ran inside the grader'


class Trap(str):
    pass


def _trap(args, key, value):
    trap = Trap(value)
    keeper = _keeper(args, key, value)
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
