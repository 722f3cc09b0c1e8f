import hashlib
import json
import re


def _is_ascii_id(text):
    if not isinstance(text, str) or not text.isascii():
        return False
    return re.fullmatch(r'[A-Za-z][A-Za-z0-9_-]{0,39}', text) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('Het voorstel moet een dictionary zijn')
    if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('Het voorstel moet precies vijf velden hebben')
    for key in ('call_id', 'actor', 'name'):
        if not _is_ascii_id(proposal[key]):
            raise ValueError(key + ' is ongeldig')
    version = proposal['version']
    if type(version) is not int or version < 0 or version > 1000000:
        raise ValueError('version is ongeldig')
    arguments = proposal['arguments']
    if not isinstance(arguments, dict) or set(arguments) != {'ticket', 'status'}:
        raise ValueError('arguments moet precies ticket en status bevatten')
    ticket = arguments['ticket']
    if not isinstance(ticket, str) or not re.fullmatch(r'[a-z][a-z0-9-]{0,31}', ticket):
        raise ValueError('ticket is ongeldig')
    status = arguments['status']
    if not isinstance(status, str) or status not in ('open', 'done'):
        raise ValueError('status is ongeldig')
    return {
        'call_id': proposal['call_id'],
        'actor': proposal['actor'],
        'name': proposal['name'],
        'version': version,
        'arguments': {'ticket': ticket, 'status': status},
    }


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    encoded = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(encoded.encode('ascii')).hexdigest()


if __name__ == '__main__':
    p = {'call_id': 'c1', 'actor': 'learner', 'name': 'set_ticket', 'version': 0,
         'arguments': {'ticket': 'lamp', 'status': 'done'}}
    clean = validate_ticket_proposal(p)
    p['arguments']['status'] = 'open'
    print(clean['arguments']['status'])
    p = clean
    print(len(proposal_fingerprint(p)))
    other = dict(reversed(list(p.items())))
    print(proposal_fingerprint(p) == proposal_fingerprint(other))
