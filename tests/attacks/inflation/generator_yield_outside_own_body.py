# attack: a generator whose only yield sits where its nested code is made, not in that code's own body (a lambda's
#         default, a nested def's decorator or annotation, a class's base): the function is still a generator, but
#         one the policy did not see as one, so it was not kept; hidden in the caller's own input (a str subclass
#         replacing p['arguments']['status']), it is freed when the grader overwrites that value and its finally
#         block writes back what the grader just changed (a shallow copy then passes V10)
# expect: graded F??


def _by_default(args, key, value):
    try:
        hold = lambda a=(yield 1): a
    finally:
        args[key] = 'BREACH: finally block ran inside the grader (lambda default)'


def _by_decorator(args, key, value):
    try:
        @(yield 1)
        def hold():
            pass
    finally:
        args[key] = 'BREACH: finally block ran inside the grader (decorator)'


def _by_base(args, key, value):
    try:
        class Hold((yield 1)):
            pass
    finally:
        args[key] = 'BREACH: finally block ran inside the grader (class base)'


class Trap(str):
    pass


KEEPERS = {'ticket': _by_default, 'status': _by_base}
KEEPERS_ALSO = [_by_decorator]


def _trap(args, key, value):
    trap = Trap(value)
    keepers = [KEEPERS[key](args, key, value)] + [keeper(args, key, value) for keeper in KEEPERS_ALSO]
    for keeper in keepers:
        next(keeper)
    trap.keepers = keepers
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
