# attack: re's DEBUG flag (128: not in the re view, but a plain int) makes re.compile, re.match... print the
#         pattern's parse tree with Python's own print to the process's real standard output, past the captured
#         output and its cap (a long pattern writes megabytes; where the grader runs main.py in its own process, as
#         on Windows, on the grader's terminal); so does a string.Template subclass's flags, and flags of main.py's
#         own class whose & claims that they hold it. The flag must be refused
# expect: graded PPP
# @correct-solution
import re
import string


class Flags(int):
    pass


class Claims:
    """Flags that are no int: re reads them with & and | only, so they claim to hold DEBUG."""

    def __and__(self, other):
        return other == 128

    def __or__(self, other):
        return self

    def __ror__(self, other):
        return self


def attempt(what, action):
    try:
        action()
    except (ValueError, TypeError):
        return
    print('BREACH: re.DEBUG accepted by', what)


attempt('re.compile', lambda: re.compile('BREACH-' + 'a|' * 50, 128))
attempt('re.match with flags=', lambda: re.match('a', 'a', flags=re.IGNORECASE | 128))
attempt('re.sub positional', lambda: re.sub('a', 'b', 'a', 0, 128))
attempt('re.split positional', lambda: re.split('a', 'a', 0, 128))
attempt('re.findall with an int subclass', lambda: re.findall('a', 'a', Flags(128)))
attempt('re.compile with flags that claim DEBUG', lambda: re.compile('BREACH-claimed', Claims()))


def debug_template():
    class Dumped(string.Template):
        flags = Flags(128)  # Python's class hook compiles the pattern with re.VERBOSE and these flags
    return Dumped


def claimed_template():
    class Claimed(string.Template):
        flags = Claims()
    return Claimed


attempt('a string.Template subclass', debug_template)
attempt('a string.Template subclass with flags that claim DEBUG', claimed_template)
