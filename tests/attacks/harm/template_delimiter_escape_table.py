# attack: poison re's process-wide table through string.Template: a subclass's class hook hands its delimiter to
#         re.escape itself (not to the view's re.escape, which takes exact strs only), and re.escape hands its
#         translation table (a dict, shared by every re.escape of the process) to the delimiter's own translate();
#         the delimiter also comes from a base of main.py's own, from a Template subclass made before, and from a
#         descriptor of main.py's (its __get__ gives the str subclass only when the class hook reads it)
# expect: graded FFF
import re
import string


class Delimiter(str):
    def translate(self, table):
        if type(table) is dict:
            table[ord('a')] = 'BREACH: re.escape table'
            print('BREACH: string.Template handed re.escape\'s table to main.py')
        return str.translate(self, table)


class Hash(string.Template):
    delimiter = Delimiter('#')


class Settings:
    delimiter = Delimiter('%')
    idpattern = Delimiter('[a-z]+')


class Percent(Settings, string.Template):
    pass


class Further(Hash):
    pass


class Late:
    def __get__(self, obj, owner=None):
        return Delimiter('@')


class Described(string.Template):
    delimiter = Late()


if Hash('#who').substitute(who='x') != 'x' or Percent('%who').substitute(who='y') != 'y':
    print('BREACH: the subclasses do not substitute as in Python')
if re.escape('a') != 'a':
    print('BREACH: re.escape poisoned')


def validate_ticket_proposal(proposal):
    return None


def proposal_fingerprint(proposal):
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    return None
