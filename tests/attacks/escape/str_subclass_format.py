# attack: the unbound str.format reached through a str subclass (S.format) and through super().format
# expect: load-error missing-functions


class S(str):
    def via_super(self, *args):
        return super().format(*args)


g = (i for i in [1])
try:
    print('BREACH: S.format', S.format('{0.gi_code.co_filename}', g))
except Exception:
    pass
try:
    print('BREACH: super().format', S('{0.gi_code.co_filename}').via_super(g))
except Exception:
    pass
try:
    raw = getattr(S, 'format')
    print('BREACH: getattr(S, "format")', raw('{0.gi_code}', g))
except Exception:
    pass
