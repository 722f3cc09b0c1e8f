# attack: the real `type` (reached as type(int)) builds a class with __reduce_ex__; copy.deepcopy of it calls
#         setattr(json.dumps, '__kwdefaults__', ...) so the checks' json.dumps uses the submission's encoder,
#         which makes the submission's wrong fingerprint (default separators) the expected one
# expect: graded PFF
# @correct-solution
import copy
import json


class Encoder:
    def __init__(self, **options):
        self.options = options

    def encode(self, value):
        return repr(sorted(value.items()))


def hand_out_dumps():
    return json.dumps


DEFAULTS = {'skipkeys': False, 'ensure_ascii': True, 'check_circular': True, 'allow_nan': True, 'cls': Encoder,
            'indent': None, 'separators': None, 'default': None, 'sort_keys': False}

try:
    Maker = type(int)
    Evil = Maker('Evil', (), {'__reduce_ex__': lambda self, protocol: (hand_out_dumps, (), (None, {'__kwdefaults__': DEFAULTS}))})
    copy.deepcopy(Evil())
    print('BREACH: json.dumps.__kwdefaults__ replaced through type(int) and __reduce_ex__')
except Exception:
    pass


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True).encode('ascii')).hexdigest()
