# attack: replace hashlib.sha256 (used by the checks for the expected fingerprint) so every digest is 64 zeros
# expect: graded PFF
# @correct-solution
import hashlib


class Zero:
    def __init__(self, *args, **kwargs):
        pass

    def update(self, data):
        pass

    def hexdigest(self):
        return '0' * 64


def attempt(what, action):
    try:
        action()
    except Exception:
        return
    print('BREACH:', what)


def assign():
    hashlib.sha256 = Zero


def assign_new():
    hashlib.new = lambda *args, **kwargs: Zero()


def item_write():
    hashlib.algorithms_available.add('zero')


attempt('hashlib.sha256 = ...', assign)
attempt('hashlib.new = ...', assign_new)
attempt('hashlib.algorithms_available', item_write)


def proposal_fingerprint(proposal):
    validate_ticket_proposal(proposal)
    return '0' * 64
