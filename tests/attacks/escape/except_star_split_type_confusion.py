# attack: Python 3.11 takes what an exception group's own split() returns for a 2-tuple when except* matches
#         (CPython gh-128049): a str read as a tuple crashes the child or steers its memory
# expect: policy except*
# @correct-solution


class Evil(ExceptionGroup, ValueError):
    def split(self, *args):
        return "BREACH: not a tuple"


try:
    raise Evil("wow", [ValueError("x")])
except* ValueError:
    pass
