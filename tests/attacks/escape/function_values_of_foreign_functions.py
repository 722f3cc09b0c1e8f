# attack: the function values now offered on main.py's own functions (__defaults__, __kwdefaults__, __wrapped__),
#         read on everything else: the grader's builtins (getattr, setattr, the type stand-in), module functions
#         (json.dumps's private copy, copy.deepcopy), bound methods of library and grader objects, lru_cache and
#         wraps around grader functions, the grader's functions made for main.py (a @contextmanager decorator's
#         wrapper, a partialmethod); then a __wrapped__ planted through wraps' recording with a grader function,
#         and __closure__ by every route
# expect: load-error missing-functions
import contextlib
import copy
import functools
import json


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:200])
    return found


@contextlib.contextmanager
def quiet():
    yield


@quiet()
def decorated(x=1):
    return x


def own(a, b=2, *, c=3):
    return a


targets = {'getattr': getattr, 'setattr': setattr, 'type': type, 'vars': vars, 'json.dumps': json.dumps,
           'copy.deepcopy': copy.deepcopy, 'encoder.default': json.JSONEncoder().default,
           'decoder.decode': json.JSONDecoder().decode,
           'lru_cache(json.dumps)': functools.lru_cache(json.dumps), 'partial': functools.partial(own, 1),
           'wraps(json.dumps)(own)': functools.wraps(json.dumps)(lambda: None),
           'a @contextmanager decorator': decorated, 'quiet()': quiet(), 'quiet': quiet, 'print': print,
           'len': len, 'functools.wraps': functools.wraps}
for label, target in targets.items():
    for name in ('__defaults__', '__kwdefaults__', '__wrapped__'):
        attempt(f'{name} of {label}', lambda: getattr(target, name))


def wrapper():
    pass


attempt('parse_object of a JSONDecoder', lambda: json.JSONDecoder().parse_object)


class OwnDecoder(json.JSONDecoder):
    pass


for name in ('parse_object', 'parse_array', 'parse_string', 'scan_once', 'object_hook'):
    found = getattr(OwnDecoder(), name)  # what JSONDecoder.__init__ stored on main.py's own object
    for dunder in ('__defaults__', '__kwdefaults__', '__wrapped__'):
        attempt(f'{dunder} of OwnDecoder().{name}', lambda: getattr(found, dunder))
functools.update_wrapper(wrapper, json.dumps)  # a grader function: nothing recorded
attempt('__wrapped__ planted with a grader function', lambda: wrapper.__wrapped__)
functools.wraps(own)(json.dumps)  # a grader function as the wrapper: nothing recorded on it
attempt('__wrapped__ recorded on a grader function', lambda: getattr(json.dumps, '__wrapped__'))
for route in (lambda: getattr(own, '__clo' + 'sure__'), lambda: getattr(decorated, '__clo' + 'sure__'),
              lambda: '{0.__closure__}'.format(own), lambda: getattr(own, '__glo' + 'bals__')):
    attempt('a closure or globals', route)
if own.__defaults__ != (2,) or own.__kwdefaults__ != {'c': 3}:
    print('BREACH? own defaults not as Python gives them (a false fail, not an escape)')
own.__kwdefaults__['c'] = 99
if own.__kwdefaults__ != {'c': 3}:
    print('BREACH: the live kwdefaults dict handed out')
