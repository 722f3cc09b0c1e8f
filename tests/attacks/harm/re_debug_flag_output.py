# attack: re's DEBUG flag (128: not in the re view, but a plain int) makes re.compile, re.match... print the
#         pattern's parse tree with Python's own print to the process's real standard output, past the captured
#         output and its cap (a long pattern writes megabytes; where the grader runs main.py in its own process, as
#         on Windows, on the grader's terminal); so does a string.Template subclass's flags. The flag must be refused
# expect: graded PPP
# @correct-solution
import re
import string


class Flags(int):
    pass


def attempt(what, action):
    try:
        action()
    except ValueError:
        return
    print('BREACH: re.DEBUG accepted by', what)


attempt('re.compile', lambda: re.compile('BREACH-' + 'a|' * 50, 128))
attempt('re.match with flags=', lambda: re.match('a', 'a', flags=re.IGNORECASE | 128))
attempt('re.sub positional', lambda: re.sub('a', 'b', 'a', 0, 128))
attempt('re.split positional', lambda: re.split('a', 'a', 0, 128))
attempt('re.findall with an int subclass', lambda: re.findall('a', 'a', Flags(128)))


def debug_template():
    class Dumped(string.Template):
        flags = Flags(128)  # Python's class hook compiles the pattern with re.VERBOSE and these flags
    return Dumped


attempt('a string.Template subclass', debug_template)
