import copy
import hashlib
import json
import re

REQUIRED = ['call_id', 'actor', 'name', 'version', 'arguments']


def check_id(value, what):
    if type(value) is not str or not re.fullmatch('[A-Za-z][A-Za-z0-9_-]{0,39}', value):
        raise ValueError(what + ' is geen geldige id')


def check_ticket(value):
    if type(value) is not str or not re.fullmatch('[a-z][a-z0-9-]{0,31}', value):
        raise ValueError('ongeldig ticket')


def check_status(value):
    if type(value) is not str or value not in ['open', 'done']:
        raise ValueError('status moet open of done zijn')


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError('voorstel is geen dictionary')
    for key in REQUIRED:
        if key not in proposal:
            raise ValueError('veld ontbreekt: ' + key)
    check_id(proposal['call_id'], 'call_id')
    check_id(proposal['actor'], 'actor')
    check_id(proposal['name'], 'name')
    if type(proposal['version']) is not int or not 0 <= proposal['version'] <= 1000000:
        raise ValueError('ongeldige versie')
    args = proposal['arguments']
    if type(args) is not dict:
        raise ValueError('arguments is geen dictionary')
    for key in ['ticket', 'status']:
        if key not in args:
            raise ValueError('argument ontbreekt: ' + key)
    check_ticket(args['ticket'])
    check_status(args['status'])
    nieuw = copy.copy(proposal)
    nieuw['arguments'] = copy.copy(args)
    return nieuw


def proposal_fingerprint(proposal):
    schoon = validate_ticket_proposal(proposal)
    data = json.dumps(schoon, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(data.encode('ascii')).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    voorstel = validate_ticket_proposal(proposal)
    check_id(actor, 'actor')
    if type(approved) is not set or len(approved) > 64:
        raise ValueError('approved moet een set van max 64 zijn')
    for h in approved:
        if type(h) is not str or not re.fullmatch('[0-9a-f]{64}', h):
            raise ValueError('ongeldige goedkeuring')
    if type(state) is not dict or set(state) != {'tickets', 'version'}:
        raise ValueError('ongeldige state')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('ongeldige state-versie')
    tickets = state['tickets']
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError('ongeldige tickets')
    for naam in tickets:
        check_ticket(naam)
        check_status(tickets[naam])
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError('ongeldig log')

    if voorstel['actor'] != actor:
        return {'status': 'forbidden'}
    if voorstel['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}
    vingerafdruk = proposal_fingerprint(voorstel)
    if voorstel['call_id'] in completed:
        regel = completed[voorstel['call_id']]
        if regel['fingerprint'] != vingerafdruk:
            return {'status': 'call-id-conflict'}
        antwoord = copy.deepcopy(regel['result'])
        antwoord['replayed'] = True
        return antwoord
    if voorstel['version'] != state['version']:
        return {'status': 'stale-version'}
    if vingerafdruk not in approved:
        return {'status': 'approval-required'}
    ticket = voorstel['arguments']['ticket']
    if ticket not in tickets:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}
    tickets[ticket] = voorstel['arguments']['status']
    state['version'] += 1
    resultaat = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
                 'value': voorstel['arguments']['status'], 'replayed': False}
    completed[voorstel['call_id']] = {'fingerprint': vingerafdruk, 'result': copy.deepcopy(resultaat)}
    return resultaat
