# -*- coding: utf-8 -*-
# Oefening "Bind toestemming aan de exacte handeling" — één beoordeelde wijziging.
# Opgeslagen in Kladblok, vandaar het BOM-teken vóór de eerste regel.
import copy
import hashlib
import json
import re

# Identificaties: één ASCII-letter, daarna letters, cijfers, '_' of '-' (max. 40 tekens).
IDENTIFICATIE = re.compile(r'[A-Za-z][A-Za-z0-9_-]{0,39}')
# Ticketnamen: kleine letters, cijfers en '-' (max. 32 tekens).
TICKETNAAM = re.compile(r'[a-z][a-z0-9-]{0,31}')
VINGERAFDRUK = re.compile(r'[0-9a-f]{64}')
STATUSSEN = ('open', 'done')


def _tekst_volgens(patroon, waarde):
    return isinstance(waarde, str) and patroon.fullmatch(waarde) is not None


def _geldige_status(waarde):
    return isinstance(waarde, str) and waarde in STATUSSEN


def validate_ticket_proposal(proposal):
    """Controleer het voorstel en geef een kopie terug (ValueError bij afwijking)."""
    if not isinstance(proposal, dict):
        raise ValueError('Het voorstel is geen dictionary')
    if set(proposal) != {'call_id', 'actor', 'name', 'version', 'arguments'}:
        raise ValueError('Het voorstel heeft niet precies vijf velden')
    for sleutel in ('call_id', 'actor', 'name'):
        if not _tekst_volgens(IDENTIFICATIE, proposal[sleutel]):
            raise ValueError('Ongeldige waarde voor ' + sleutel)
    versie = proposal['version']
    if type(versie) is not int or versie < 0 or versie > 1000000:
        raise ValueError('De versie moet een gewone int tussen 0 en 1000000 zijn')
    argumenten = proposal['arguments']
    if not isinstance(argumenten, dict) or set(argumenten) != {'ticket', 'status'}:
        raise ValueError('De argumenten moeten precies ticket en status zijn')
    if not _tekst_volgens(TICKETNAAM, argumenten['ticket']):
        raise ValueError('Ongeldige ticketnaam')
    if not _geldige_status(argumenten['status']):
        raise ValueError('Status is niet open of done')
    kopie = copy.copy(proposal)
    kopie['arguments'] = copy.copy(argumenten)
    return kopie


def proposal_fingerprint(proposal):
    """SHA-256 over de vaste JSON-weergave C(p)."""
    gecontroleerd = validate_ticket_proposal(proposal)
    weergave = json.dumps(gecontroleerd, sort_keys=True, ensure_ascii=True, separators=(',', ':'))
    return hashlib.sha256(weergave.encode('ascii')).hexdigest()


def _hostinvoer_in_orde(actor, approved, state, completed):
    if not _tekst_volgens(IDENTIFICATIE, actor):
        return False
    if not isinstance(approved, set) or len(approved) > 64:
        return False
    if not all(_tekst_volgens(VINGERAFDRUK, akkoord) for akkoord in approved):
        return False
    if not isinstance(state, dict) or set(state) != {'version', 'tickets'}:
        return False
    if type(state['version']) is not int or not 0 <= state['version'] <= 1000001:
        return False
    tickets = state['tickets']
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        return False
    for naam, status in tickets.items():
        if not _tekst_volgens(TICKETNAAM, naam) or not _geldige_status(status):
            return False
    return isinstance(completed, dict) and len(completed) <= 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    voorstel = validate_ticket_proposal(proposal)
    if not _hostinvoer_in_orde(actor, approved, state, completed):
        raise ValueError('Ongeldige hostinvoer')

    if voorstel['actor'] != actor:
        return {'status': 'forbidden'}
    if voorstel['name'] != 'set_ticket':
        return {'status': 'unknown-tool'}

    afdruk = proposal_fingerprint(voorstel)
    if voorstel['call_id'] in completed:
        regel = completed[voorstel['call_id']]
        if regel['fingerprint'] != afdruk:
            return {'status': 'call-id-conflict'}
        herhaald = copy.deepcopy(regel['result'])
        herhaald['replayed'] = True
        return herhaald

    if voorstel['version'] != state['version']:
        return {'status': 'stale-version'}
    if afdruk not in approved:
        return {'status': 'approval-required'}
    ticket = voorstel['arguments']['ticket']
    if ticket not in state['tickets']:
        return {'status': 'missing-ticket'}
    if len(completed) >= 64:
        return {'status': 'log-full'}

    state['tickets'][ticket] = voorstel['arguments']['status']
    state['version'] += 1
    uitkomst = {'status': 'ok', 'version': state['version'], 'ticket': ticket,
                'value': voorstel['arguments']['status'], 'replayed': False}
    completed[voorstel['call_id']] = {'fingerprint': afdruk, 'result': copy.deepcopy(uitkomst)}
    return uitkomst
