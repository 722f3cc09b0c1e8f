# attack: a class's __init__ read from the class and called on an object the submission did not
#         make (a grader function, a shared class, sys.stdout) writes attributes the write guard
#         never sees
# expect: load-error missing-functions
import collections
import dataclasses
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


@dataclasses.dataclass
class Redirect:
    write: object


def chain_on_input():
    collections.ChainMap.__init__(input, {'a': 1})
    return input.maps


def field_on_exit():
    dataclasses.field().__class__.__init__(exit, 1, None, True, True, None, True, {}, False)
    return exit.default


def own_init_on_stdout():
    Redirect.__init__(sys.stdout, print)
    return sys.stdout.write


def own_init_on_shared_class():
    Redirect.__init__(json.JSONDecodeError, 'x')
    return json.JSONDecodeError.write


attempt('ChainMap.__init__(input)', chain_on_input)
attempt('Field.__init__(exit)', field_on_exit)
attempt('own __init__ on sys.stdout', lambda: None if own_init_on_stdout() is not print else 'redirected')
attempt('own __init__ on a shared class', own_init_on_shared_class)
