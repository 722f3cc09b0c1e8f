# attack: the helpers offered lately: contextlib.redirect_stdout/redirect_stderr (its held target and output, a
#         redirect to a module view, to the grader's own stream, to an object of main.py's (a str only), an exit
#         without an enter), hmac.new (its internals, its class, a digestmod of the grader's objects), types'
#         function classes (called to make a function or method, built on, their real class reached)
# expect: load-error missing-functions
import contextlib
import hmac
import io
import json
import sys
import types


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


redirect = contextlib.redirect_stdout(io.StringIO())
for name in ('_target', '_output', '_stream', '__dict__'):
    attempt('redirect.' + name, lambda: getattr(redirect, name))
attempt('the stream of sys.stdout', lambda: sys.stdout._output)
attempt('the stream name of sys.stderr', lambda: sys.stderr._stream)


def write_stream():
    sys.stdout.write = print
    return 1


attempt('write sys.stdout.write', write_stream)
CALLED = []


class Writer:
    def write(self, text):
        CALLED.append(text)
        return len(text)


with contextlib.redirect_stdout(Writer()):
    print('to Writer, by its write, as Python does')
    sys.stdout.write('to Writer too')


def to_a_view():
    with contextlib.redirect_stdout(json):
        print('a module view has no write')
    return 1


attempt('a redirect to a module view', to_a_view)
if any(type(text) is not str for text in CALLED) or len(CALLED) != 2:
    print('BREACH: main.py\'s write was handed', [type(text) for text in CALLED])
attempt('exit without enter', lambda: getattr(contextlib.redirect_stderr(None), '__ex' + 'it__')(None, None, None) or 1)

sealed = hmac.new(b'key', b'message', 'sha256')
for name in ('_hmac', '_inner', '_outer', '_digest_cons', '__dict__'):
    attempt('hmac ' + name, lambda: getattr(sealed, name))
attempt('hmac __class__.__init__ on it', lambda: getattr(sealed.__class__, '__in' + 'it__')(sealed, b'k', None, 'sha1') or 1)
attempt('hmac.HMAC', lambda: hmac.HMAC)
attempt('hmac class makes one', lambda: type(sealed)(b'k', digestmod='sha1'))
attempt('hmac with a view as digestmod', lambda: hmac.new(b'k', b'm', json).hexdigest())
attempt('hmac with print as digestmod', lambda: hmac.new(b'k', b'm', print).hexdigest())

for name in ('FunctionType', 'LambdaType', 'MethodType', 'CodeType', 'FrameType', 'ModuleType', 'CellType',
             'TracebackType'):
    kind = getattr(types, name, None)
    attempt(name + '(...) makes one', lambda: kind(None, {}) if kind is not None else None)
attempt('MethodType binds a foreign function', lambda: types.MethodType(json.dumps, 1))
attempt('FunctionType.__call__', lambda: getattr(types.FunctionType, '__ca' + 'll__'))
attempt('FunctionType.__subclasses__', lambda: getattr(types.FunctionType, '__subcl' + 'asses__')())
attempt('FunctionType mro', lambda: getattr(types.FunctionType, 'm' + 'ro')())
attempt('type of FunctionType', lambda: type(types.FunctionType)('X', (), {}))


def build_on_function():
    class Sub(types.FunctionType):
        pass
    return Sub


attempt('a class built on FunctionType', build_on_function)
