# attack: what a with statement hands over: an own class's __exit__ receiving the traceback (its frames) and the
#         raw class of a library's or the grader's exception, contextlib.contextmanager on foreign functions and around a library's generator, the
#         generator held by the grader's context object, a decorated __exit__ that would skip the wrapper
# expect: load-error missing-functions
import contextlib
import functools
import json
from contextlib import contextmanager


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


SEEN = []


class Spy:
    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        SEEN.append((kind, error, traceback))
        return True


with Spy():
    json.loads('{')
with Spy():
    exit()
with Spy():
    {}['x']
for kind, error, traceback in SEEN:
    if traceback is not None:
        print('BREACH: __exit__ received a traceback')
    attempt('traceback of the error', lambda: getattr(error, '__trace' + 'back__'))
    attempt('context of the error', lambda: getattr(error, '__con' + 'text__'))
    attempt('class made from kind', lambda: getattr(kind, '__subcl' + 'asses__')())
    if kind is not None and type(kind) is not type(ValueError) and type(kind) is not type(Spy):
        print('BREACH: __exit__ received a class as', type(kind))

attempt('contextmanager(json.dumps)', lambda: contextmanager(json.dumps))
attempt('contextmanager(len)', lambda: contextmanager(len))
attempt('contextmanager(partial)', lambda: contextmanager(functools.partial(iter, [1])))
attempt('contextlib.AbstractContextManager', lambda: contextlib.AbstractContextManager)


@contextmanager
def borrowed():
    return json.JSONEncoder().iterencode({'a': [1]})


def throw_into_a_library_generator():
    with borrowed():
        raise ValueError('thrown into json')
    return 1


attempt('a library generator behind contextmanager', throw_into_a_library_generator)


@contextmanager
def stepping():
    yield 1


cm = stepping()
attempt('the held generator', lambda: cm._generator)
attempt('its __exit__', lambda: getattr(cm, '__ex' + 'it__'))
attempt('its class made', lambda: type(cm)(iter([1])))


def write_generator():
    cm._generator = iter([1])
    return 1


attempt('write the held generator', write_generator)


def decorated_exit():
    class Decorated:
        def __enter__(self):
            return self

        @staticmethod
        def __exit__(kind, error, traceback):
            return True
    return Decorated


attempt('a decorated __exit__', decorated_exit)
