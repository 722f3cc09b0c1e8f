# attack: proposal_fingerprint hashes whatever it gets, without validating, during its first 30 calls (a call
#         counter at module level): the battery's first fingerprint calls all hashed valid proposals, so checkpoint 2
#         passed. A check run on main.py loaded anew tries an invalid proposal first
# expect: graded PF?
# @correct-solution

_calls = []
_correct_fingerprint = proposal_fingerprint


def proposal_fingerprint(proposal):
    _calls.append(1)
    if len(_calls) > 30:
        return _correct_fingerprint(proposal)
    text = json.dumps(proposal, sort_keys=True, ensure_ascii=True, separators=(',', ':'))  # wrong: not validated
    return hashlib.sha256(text.encode('ascii')).hexdigest()
