# attack: replace json.dumps for everyone (the checks compute the expected fingerprint with it), then hash a constant
# expect: graded PFF
# @correct-solution
import json


def fake_dumps(*args, **kwargs):
    return 'x'


def attempt(what, action):
    try:
        action()
    except Exception:
        return
    print('BREACH:', what)


def exec_assign():
    json.dumps = fake_dumps


attempt('json.dumps = ...', exec_assign)


def via_class():
    type(json).dumps = fake_dumps


attempt('type(json).dumps = ...', via_class)


def via_getattr():
    getattr(json, 'dumps').x = 1


attempt('json.dumps.x = ...', via_getattr)


def via_kwdefaults():
    getattr(json.dumps, '__kwdefaults__')['cls'] = None


attempt('json.dumps.__kwdefaults__', via_kwdefaults)


def proposal_fingerprint(proposal):
    validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(proposal).encode('ascii')).hexdigest()
