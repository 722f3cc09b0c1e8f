# attack: argparse (not offered: Python's parser sets what it parses with the real setattr), used at import:
#         its internals and registries, an action class of main.py's
#         registered by name (its object would decide the names set with the real setattr), a dest or a default
#         named after internals, a namespace of the grader's or a library's, an @file read, help written to an
#         object of main.py's, the parser's exit and print methods replaced, a parser class for subcommands
# expect: load-error runtime
import argparse
import json
import sys


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


parser = argparse.ArgumentParser()
parser.add_argument('--ticket', default='lamp')
for name in ('_actions', '_registries', '_defaults', '_option_string_actions', '_print_message', '_get_formatter',
             '__dict__', '__init__'):
    attempt('parser.' + name, lambda: getattr(parser, name))
attempt('the parser class', lambda: type(parser)(prog='x'))
attempt('the parser class as a base', lambda: type('Sub', (type(parser),), {}))
attempt('argparse.ArgumentParser as a base', lambda: type('Sub', (argparse.ArgumentParser,), {}))
attempt('argparse.FileType', lambda: argparse.FileType('r'))
attempt('argparse._sys', lambda: getattr(argparse, '_s' + 'ys'))
attempt('an @file read', lambda: argparse.ArgumentParser(fromfile_prefix_chars='@').parse_args(['@/etc/passwd']))
SEEN = []


class Spy:
    def __init__(self, **options):
        SEEN.append(options)
        self.option_strings = options['option_strings']
        self.dest = options['dest']
        self.nargs = self.const = self.type = self.choices = self.help = self.metavar = None
        self.default, self.required = '__class__', False

    def __call__(self, parser, namespace, values, option_string=None):
        SEEN.append(namespace)


def registered_spy():
    spied = argparse.ArgumentParser()
    spied.register('action', 'spy', Spy)
    spied.add_argument('--spy', action='spy')
    return spied.parse_args(['--spy', 'x'])


attempt('an action of main.py registered by name', registered_spy)
attempt('an action of main.py', lambda: argparse.ArgumentParser().add_argument('--x', action=Spy).container.parse_args())
for dest in ('__class__', '__dict__', 'gi_frame', '_x_', 'mro'):
    attempt('dest ' + dest, lambda: argparse.ArgumentParser(argument_default=1).add_argument('--' + dest).container
            .parse_args())
    attempt('set_defaults ' + dest, lambda: (lambda p: p.set_defaults(**{dest: 1}) or p.parse_args())(
        argparse.ArgumentParser()))
for namespace in (json, sys.stdout, print, json.JSONEncoder(), argparse.Namespace, type(parser)):
    attempt('namespace ' + repr(namespace)[:40], lambda: parser.parse_args(namespace=namespace))


class Writer:
    def write(self, text):
        SEEN.append(text)


parser.print_help(Writer())
parser.print_usage(sys.stderr)


def replace_exit():
    parser.exit = print
    return 1


attempt('replace exit', replace_exit)
attempt('subparsers of another class', lambda: parser.add_subparsers(parser_class=json.JSONEncoder))
attempt('a formatter of another class', lambda: argparse.ArgumentParser(formatter_class=json.JSONEncoder))
attempt('a parent that is no parser', lambda: argparse.ArgumentParser(parents=[Spy(option_strings=[], dest='x')]))
if any(type(seen) is not dict for seen in SEEN):
    print('BREACH: main.py was handed', [type(seen) for seen in SEEN])
