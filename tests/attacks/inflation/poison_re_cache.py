# attack: fill re's compiled-pattern cache with look-alike keys and try to rewrite patterns, hoping the
#         next submission's re.fullmatch(ID_PATTERN, ...) accepts anything (its control must still score 3/3)
# expect: load-error missing-functions
import re

ID_PATTERN = r'[A-Za-z][A-Za-z0-9_-]{0,39}'


class Key(str):
    """Looks like the usual ID pattern to a dict lookup; compiles to '.*'."""

    def __hash__(self):
        return hash(r'[A-Za-z][A-Za-z0-9_-]{0,39}')

    def __eq__(self, other):
        return other == r'[A-Za-z][A-Za-z0-9_-]{0,39}' or str(self) == other


def attempt(what, action):
    try:
        action()
    except Exception:
        return
    print('BREACH:', what)


def cache():
    getattr(re, '_cache').clear()


def cache_direct():
    re._cache[(str, ID_PATTERN, 0)] = re.compile('.*')


def pattern_write():
    re.compile(ID_PATTERN).pattern = '.*'


def purge():
    re.purge()


for flags in (0, re.ASCII, re.IGNORECASE):
    try:
        re.compile(Key('.*'), flags)
    except Exception:
        pass
attempt("re._cache", cache)
attempt("re._cache[...]", cache_direct)
attempt("pattern.pattern = ...", pattern_write)
attempt("re.purge()", purge)
