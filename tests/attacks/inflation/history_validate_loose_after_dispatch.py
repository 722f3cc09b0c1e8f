# attack: validate_ticket_proposal lets anything with arguments through once dispatch_ticket has run, while the
#         fingerprint and the dispatcher validate strictly on their own: every check of checkpoint 1 ran before the
#         first check of checkpoint 3, so a validation that turns loose later scored 3/3. A check of checkpoint 1
#         now also runs after every other check
# expect: graded F??
# @correct-solution

_used = []
_strict_validate = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    if _used:  # wrong once the dispatcher has run
        result = dict(proposal)
        result['arguments'] = dict(proposal['arguments'])
        return result
    return _strict_validate(proposal)


def proposal_fingerprint(proposal):
    clean = _strict_validate(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest()


_correct_dispatch = dispatch_ticket


def dispatch_ticket(proposal, actor, approved, state, completed):
    _used.append(1)
    _strict_validate(proposal)
    return _correct_dispatch(proposal, actor, approved, state, completed)
