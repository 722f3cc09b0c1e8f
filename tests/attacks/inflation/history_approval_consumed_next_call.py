# attack: dispatch_ticket uses up the approval of a successful call (CONTRACT.md R5), but only at its next call
#         with another register: every check read approved right after the success, so the register looked
#         untouched and consuming approvals scored 3/3
# expect: graded PPF
# @correct-solution

_pending = []
_correct_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    while _pending:
        register, digest = _pending.pop()
        if register is not approved:
            register.discard(digest)  # wrong: the host's approval is used up, one call later
    result = _correct_dispatch(proposal, actor, approved, state, completed)
    if isinstance(result, dict) and result.get('status') == 'ok' and not result.get('replayed'):
        _pending.append((approved, proposal_fingerprint(proposal)))
    return result
