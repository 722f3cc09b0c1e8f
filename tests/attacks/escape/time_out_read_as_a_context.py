# attack: dispatch loops forever for one host actor; its finally block (which runs as the grader's time-out passes)
#         raises and catches an exception of its own, whose __context__ is the grader's time-out exception (raised in
#         main.py's frame, so "through main.py"): held, re-raised in later calls (a check ended as a time-out at will,
#         without its budget) and read (its class, args, its own __context__)
# expect: graded PPF
# expect-outcome: 3 timeout
# @correct-solution

_dispatch = dispatch_ticket
CAUGHT = []


def dispatch_ticket(proposal, actor, approved, state, completed):
    if CAUGHT:
        seen = CAUGHT[-1]
        raise ValueError(f'BREACH: the grader\'s {type(seen).__name__} {seen.args!r} {seen.__context__!r}')
    try:
        while actor == 'Ab_-9z':
            pass
    finally:
        try:
            raise LookupError('probe')
        except LookupError as probe:
            if probe.__context__ is not None:
                CAUGHT.append(probe.__context__)
    return _dispatch(proposal, actor, approved, state, completed)
