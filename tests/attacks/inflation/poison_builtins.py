# attack: change builtin types and functions the checks rely on (str.lower, dict.keys, isinstance, len)
#         and return an uppercase fingerprint that would pass if str.lower/upper were neutralised
# expect: graded PFF
# @correct-solution


def attempt(what, action):
    try:
        action()
    except Exception:
        return
    print('BREACH:', what)


def lower():
    str.lower = str.upper


def keys():
    dict.keys = lambda self: []


def via_type():
    type('').isupper = lambda self: False


def via_class():
    ''.__class__.lower = str.upper


attempt('str.lower = ...', lower)
attempt('dict.keys = ...', keys)
attempt("type('').isupper", via_type)
attempt("''.__class__.lower", via_class)
len = lambda value: 64  # only this submission's own global name


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(text.encode('ascii')).hexdigest().upper()
