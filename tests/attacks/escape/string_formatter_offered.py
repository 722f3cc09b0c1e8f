# attack: string.Formatter as offered: fields naming frames and function internals, a subclass whose parse hands
#         get_field such names, super() past the class to Python's get_field, the class's own methods read for
#         their internals, and type() of an instance
# expect: load-error missing-functions
import string


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def helper():
    return 1


g = (i for i in [1])
F = string.Formatter
attempt('frame field', lambda: F().format('{0.gi_frame}', g))
attempt('frame globals by vformat', lambda: F().vformat('{0.gi_frame.f_globals}', (g,), {}))
attempt('function globals', lambda: F().format('{0.__globals__}', helper))
attempt('globals past __init__', lambda: F().format('{0.__init__.__globals__}', F()))
attempt('method globals', lambda: F().format('{0.format.__globals__}', F()))
attempt('closure of get_field', lambda: F().format('{0.get_field.__closure__}', F()))
attempt('private method', lambda: F().format('{0._vformat}', F()))
attempt('builtins by item', lambda: F().format('{0.__dict__[format]}', F()))


class Sneaky(F):
    def parse(self, text):
        yield ('', '0.gi_frame', '', None)
        yield ('', '0.__globals__', '', None)


attempt('parse-injected field', lambda: Sneaky().format('x', g))
attempt('parse-injected field of a function', lambda: Sneaky().vformat('x', (helper,), {}))
attempt("super() to Python's get_field", lambda: super(F, F()).get_field('0.gi_frame', (g,), {}))
attempt("super() of a subclass to Python's get_field",
        lambda: super(F, Sneaky()).get_field('0.__globals__', (helper,), {}))

shown = type(F())
if shown is not F or not isinstance(Sneaky(), F) or type(Sneaky()) is not Sneaky:
    print('BREACH: type() shows', shown)
text = F().format('{0.__class__.__name__}|{0!r:>3}', 7)
if text != 'int|  7':
    print('BREACH: formatted', text)
