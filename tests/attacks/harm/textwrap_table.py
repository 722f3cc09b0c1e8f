# attack: poison textwrap's process-wide state through a str subclass: wrap, fill and shorten hand the class-level
#         translation table of TextWrapper (a dict, shared by every wrapper of the process) to the text's own
#         translate(), where main.py could rewrite it for every later textwrap call of the process (on a machine
#         without fork, the submissions graded after it); also an object of main.py's that is no str at all
# expect: graded FFF
import textwrap


class Text(str):
    def translate(self, table):
        if type(table) is dict:
            table[ord('a')] = 'BREACH: textwrap table'
            print('BREACH: textwrap handed its table to main.py')
        return str(self)

    def expandtabs(self, tabsize=8):
        return self


class Duck:
    def expandtabs(self, tabsize=8):
        return self

    def translate(self, table):
        if type(table) is dict:
            print('BREACH: textwrap handed its table to an object of main.py')
        return 'banana split'


for wrap in (textwrap.fill, textwrap.wrap):
    try:
        wrap(Duck(), 40)
    except TypeError:
        pass
textwrap.fill(Text('banana\tsplit'), 40)
textwrap.wrap(Text('banana\tsplit'), width=40, initial_indent=Text('  '))
textwrap.shorten(Text('banana split'), 40, placeholder=Text('...'))
textwrap.indent(Text('banana\nsplit'), Text('> '))
textwrap.dedent(Text('  banana\n  split'))
if textwrap.fill('banana split', 40) != 'banana split':
    print('BREACH: textwrap poisoned')


def validate_ticket_proposal(proposal):
    return None


def proposal_fingerprint(proposal):
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    return None
