# attack: poison the re module's process-wide state through str subclasses: re.escape hands its own
#         translation table (a dict) to the argument's translate(), and re's template cache finds a
#         str subclass with its own __eq__/__hash__ for the grader's later r"\1" (the texts of findings)
# expect: graded FFF
import re


class Table(str):
    def translate(self, table):
        if type(table) is dict:
            table[ord('a')] = 'BREACH: re.escape table'
            print('BREACH: re.escape handed its table to main.py')
        return str(self)


class One(str):
    def __eq__(self, other):
        return other == '\\1'

    def __hash__(self):
        return hash('\\1')


class Two(str):
    def __eq__(self, other):
        return other == '\\2'

    def __hash__(self):
        return hash('\\2')


NOTE = re.compile(r'⟪([^|⟫]*)\|([^⟫]*)⟫')
re.escape(Table('a'))
re.sub(NOTE, One('BREACH: template \\1'), '⟪a|b⟫')
re.sub(NOTE, Two('BREACH: template \\2'), '⟪a|b⟫')
NOTE.sub(One('BREACH: template \\1'), '⟪a|b⟫')
if re.escape('a') != 'a':
    print('BREACH: re.escape poisoned')


def validate_ticket_proposal(proposal):
    return None


def proposal_fingerprint(proposal):
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    return None
