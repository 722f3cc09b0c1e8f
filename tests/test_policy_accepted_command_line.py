"""A command line parsed with argparse at import, outside the main guard (grader/sandbox/arguments.py): main.py runs
as ``main.py`` with no arguments, so ``parse_args()`` gives the defaults; help, usage and errors are printed where
main.py prints, and ``exit`` ends the module body as ``sys.exit`` does. What Python's parser would do past the guards
(read an ``@file``, call an action of main.py's, set a name ``obj.name = value`` could not) is refused."""

import pytest

from grader.sandbox.loader import LoadFailure, load

END = "\ndef validate_ticket_proposal(p):\n    return p\n"

ACCEPTED = {
    "options at module level: the defaults, on a Namespace main.py may write to": (
        "import argparse, sys\np = argparse.ArgumentParser(description='demo')\np.add_argument('--verbose', action='store_true')\n"
        "p.add_argument('-n', '--count', type=int, default=3)\nargs = p.parse_args()\nassert sys.argv == ('main.py',)\n"
        "assert args.verbose is False and args.count == 3 and p.parse_args(sys.argv[1:]).count == 3\n"
        "args.extra = 1\nassert vars(args) == {'verbose': False, 'count': 3, 'extra': 1}\n"
        "assert p.parse_known_args() == (args.__class__(verbose=False, count=3), [])"
    ),
    "a list of arguments, choices, groups, counts, subcommands": (
        "import argparse\np = argparse.ArgumentParser(prog='tool')\np.add_argument('ticket')\n"
        "p.add_argument('--status', choices=['open', 'done'], default='open')\ng = p.add_mutually_exclusive_group()\n"
        "g.add_argument('--a', action='store_true')\ng.add_argument('--b', action='count', default=0)\n"
        "a = p.parse_args(['lamp', '--status', 'done', '--b', '--b'])\nassert (a.ticket, a.status, a.b) == ('lamp', 'done', 2)\n"
        "q = argparse.ArgumentParser()\nsub = q.add_subparsers(dest='cmd')\nsub.add_parser('demo').add_argument('--x', default='1')\n"
        "assert q.parse_args(['demo', '--x', '2']).x == '2' and q.parse_args().cmd is None"
    ),
    "help into a buffer or through redirect_stdout, with prog main.py": (
        "import argparse, io, contextlib\np = argparse.ArgumentParser(description='d')\n"
        "p.add_argument('--n', help='number (default %(default)s)', default=2)\nb = io.StringIO()\np.print_help(b)\n"
        "assert 'usage: main.py' in b.getvalue() and '(default 2)' in b.getvalue()\n"
        "with contextlib.redirect_stdout(io.StringIO()) as c:\n    p.print_usage()\nassert c.getvalue() == 'usage: main.py [-h] [--n N]\\n'"
    ),
    "an error raised instead of exiting; Namespace, BooleanOptionalAction, set_defaults": (
        "import argparse\np = argparse.ArgumentParser(exit_on_error=False)\np.add_argument('--n', type=int)\n"
        "try:\n    p.parse_args(['--n', 'x'])\nexcept argparse.ArgumentError:\n    pass\nelse:\n    raise AssertionError\n"
        "ns = argparse.Namespace(verbose=True)\nq = argparse.ArgumentParser()\n"
        "q.add_argument('--v', action=argparse.BooleanOptionalAction, default=False)\nq.set_defaults(mode='x')\n"
        "assert q.parse_args(['--no-v'], namespace=ns) is ns and ns.v is False and ns.mode == 'x' and ns.verbose"
    ),
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted(source):
    assert "validate_ticket_proposal" in load((source + END).encode()).functions


REFUSED = {
    "an @file of arguments": ("argparse.ArgumentParser(fromfile_prefix_chars='@')", TypeError),
    "a formatter of another class": ("argparse.ArgumentParser(formatter_class=dict)", TypeError),
    "another parser class for subcommands": ("argparse.ArgumentParser().add_subparsers(parser_class=dict)", TypeError),
    "a name of internals": ("p = argparse.ArgumentParser()\np.add_argument('--__class__')\np.parse_args()", ValueError),
    "a default of a name of internals": ("p = argparse.ArgumentParser()\np.set_defaults(gi_frame=1)\np.parse_args()",
                                         ValueError),
    "an action of main.py's": ("class A:\n    def __init__(self, **options):\n        self.dest = 'x'\n"
                               "p = argparse.ArgumentParser()\np.add_argument('--x', action=A)\np.parse_args()", Exception),
    "a namespace main.py did not make": ("argparse.ArgumentParser().parse_args(namespace=json.JSONEncoder())", TypeError),
}


@pytest.mark.parametrize("source, error", REFUSED.values(), ids=REFUSED.keys())
def test_refused(source, error):
    guarded = f"import argparse, json\ntry:\n    {source.replace(chr(10), chr(10) + '    ')}\nexcept {error.__name__}:\n" \
              "    pass\nelse:\n    raise AssertionError"
    assert "validate_ticket_proposal" in load((guarded + END).encode()).functions


@pytest.mark.parametrize("arguments, printed", [
    ("", "usage: main.py [-h] [--version] must\nmain.py: error: the following arguments are required: must\n"),
    ("['--version']", "main.py 1.0\n"),
])
def test_exit_ends_the_module_body_after_printing_as_python_does(arguments, printed):
    source = ("import argparse\np = argparse.ArgumentParser()\np.add_argument('must')\n"
              "p.add_argument('--version', action='version', version='%(prog)s 1.0')\n"
              f"p.parse_args({arguments})\nprint('not reached')\n" + END)
    with pytest.raises(LoadFailure) as failure:
        load(source.encode())
    assert failure.value.problem.kind == "missing-functions" and failure.value.output == printed
