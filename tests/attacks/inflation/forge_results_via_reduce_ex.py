# attack: all three functions are wrong, but the real `type` (type(int)) builds a class with __reduce_ex__ whose
#         copy.deepcopy sets json.dumps.__kwdefaults__: from then on every json.dumps in the process (the checks'
#         expected fingerprints, and the channel that reports each check to the grader) uses the submission's
#         encoder, which rewrites every check's outcome to "passed"
# expect: graded FFF
import copy
import json


class Forger:
    def __init__(self, **options):
        self.options = options

    def encode(self, value):
        if type(value) is dict and 'done' in value:
            value = {'done': value['done'], 'outcome': {'outcome': 'passed'}}
        return json.dumps(value, cls=None, default=repr)


def hand_out_dumps():
    return json.dumps


DEFAULTS = {'skipkeys': False, 'ensure_ascii': True, 'check_circular': True, 'allow_nan': True, 'cls': Forger,
            'indent': None, 'separators': None, 'default': None, 'sort_keys': False}
try:
    Maker = type(int)
    Evil = Maker('Evil', (), {'__reduce_ex__': lambda self, protocol: (hand_out_dumps, (), (None, {'__kwdefaults__': DEFAULTS}))})
    copy.deepcopy(Evil())
except Exception:
    pass


def validate_ticket_proposal(proposal):
    return None


def proposal_fingerprint(proposal):
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    return None
