"""Wrong: V11: an approved key inside arguments is removed from the caller's arguments before the ValueError (so F5 and D20 too)."""
# Les 01.02: toestemming binden aan de exacte handeling.
import copy
import hashlib
import json
import re

ID_PATROON = r'[A-Za-z][A-Za-z0-9_-]{0,39}'
TICKET_PATROON = r'[a-z][a-z0-9-]{0,31}'
HASH_PATROON = r'[0-9a-f]{64}'
VELDEN = {'call_id', 'actor', 'name', 'version', 'arguments'}
GELDIGE_STATUSSEN = ['open', 'done']
MAX_REGELS = 64


def _is_identificatie(waarde):
    return isinstance(waarde, str) and re.fullmatch(ID_PATROON, waarde) is not None


def _is_ticketnaam(waarde):
    return isinstance(waarde, str) and re.fullmatch(TICKET_PATROON, waarde) is not None


def _is_status(waarde):
    # eerst het type: een lijst als status mag geen TypeError geven
    return isinstance(waarde, str) and waarde in GELDIGE_STATUSSEN


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError('Voorstel moet een dictionary zijn')
    if set(proposal) != VELDEN:
        raise ValueError('Voorstel moet precies vijf velden hebben')
    for veld in ('call_id', 'actor', 'name'):
        if not _is_identificatie(proposal[veld]):
            raise ValueError('Ongeldige identificatie in ' + veld)
    versie = proposal['version']
    if type(versie) is not int or not 0 <= versie <= 1000000:
        raise ValueError('Versie moet een gewone int 0..1000000 zijn')
    argumenten = proposal['arguments']
    if isinstance(argumenten, dict) and 'approved' in argumenten:
        argumenten.pop('approved')  # een zelfgoedkeuring eerst onschadelijk maken
        raise ValueError('Een voorstel mag zichzelf niet goedkeuren')
    if not isinstance(argumenten, dict) or set(argumenten) != {'ticket', 'status'}:
        raise ValueError('Argumenten moeten precies ticket en status bevatten')
    if not _is_ticketnaam(argumenten['ticket']):
        raise ValueError('Ongeldige ticketnaam')
    if not _is_status(argumenten['status']):
        raise ValueError('Status moet open of done zijn')
    schoon = dict(proposal)
    schoon['arguments'] = dict(argumenten)
    return schoon


def proposal_fingerprint(proposal):
    schoon = validate_ticket_proposal(proposal)
    tekst = json.dumps(schoon, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(tekst.encode('ascii')).hexdigest()


def _controleer_hostinvoer(actor, approved, state, completed):
    if not _is_identificatie(actor):
        raise ValueError('Ongeldige hostactor')
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError('Goedkeuringen moeten een set van hoogstens 64 zijn')
    for akkoord in approved:
        if not isinstance(akkoord, str) or not re.fullmatch(HASH_PATROON, akkoord):
            raise ValueError('Goedkeuring is geen SHA-256-hexstring')
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        raise ValueError('Toestand moet version en tickets hebben')
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        raise ValueError('Ongeldige toestandsversie')
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError('Toestand moet 1..16 tickets hebben')
    for naam, status in tickets.items():
        if not _is_ticketnaam(naam) or not _is_status(status):
            raise ValueError('Ongeldig ticket in de toestand')
    if not isinstance(completed, dict) or len(completed) > MAX_REGELS:
        raise ValueError('Ongeldig voltooid-log')


def dispatch_ticket(proposal, actor, approved, state, completed):
    voorstel = validate_ticket_proposal(proposal)
    _controleer_hostinvoer(actor, approved, state, completed)

    # 1. wie vraagt het, en is het gereedschap bekend?
    if voorstel['actor'] != actor:
        return {'status': 'forbidden'}
    if voorstel['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}

    # 2. herhaling of conflict
    vingerafdruk = proposal_fingerprint(voorstel)
    eerder = completed.get(voorstel['call_id'])
    if eerder is not None:
        if eerder['fingerprint'] != vingerafdruk:
            return {'status': 'call-id-conflict'}
        herhaling = copy.deepcopy(eerder['result'])
        herhaling['replayed'] = True
        return herhaling

    # 3. versie, toestemming, ticket, logruimte
    if voorstel['version'] != state['version']:
        return {'status': 'stale-version'}
    if vingerafdruk not in approved:
        return {'status': 'approval-required'}
    ticket = voorstel['arguments']['ticket']
    nieuwe_status = voorstel['arguments']['status']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= MAX_REGELS:
        return {'status': 'log-full'}

    # 4. precies één wijziging
    state['tickets'][ticket] = nieuwe_status
    state['version'] += 1
    resultaat = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
                 'value': nieuwe_status, 'replayed': False}
    completed[voorstel['call_id']] = {'fingerprint': vingerafdruk, 'result': dict(resultaat)}
    return resultaat
