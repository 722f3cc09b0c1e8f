# attack: ExceptionGroup (a builtin of the grader's, try/except* refused): a group of main.py's whose own split()
#         or derive() returns no tuple or no group, called directly or by the group's C code, and what a group
#         offers (exceptions, message, split, subgroup, derive) used to reach a foreign exception's attributes
# expect: graded PPP
# @correct-solution


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Liar(ExceptionGroup):
    def split(self, *args):
        return "not a tuple"

    def derive(self, excs):
        return "not a group"


liar = Liar("liar", [ValueError("v"), KeyError("k")])
attempt('own split() is plain Python', lambda: liar.split(ValueError) != "not a tuple" or None)
attempt('derive() that gives no group, via subgroup()', lambda: liar.subgroup(ValueError))
attempt('derive() that gives no group, via ExceptionGroup.split()', lambda: ExceptionGroup.split(liar, ValueError))
try:
    {}.missing
except AttributeError as error:
    caught = error
group = ExceptionGroup("g", [caught])
attempt('obj of a foreign exception held in a group', lambda: group.exceptions[0].obj)
attempt('name of a foreign exception held in a derived group', lambda: group.derive([caught]).exceptions[0].name)
attempt('a split part read past the guard', lambda: getattr(group.split(AttributeError)[0].exceptions[0], 'obj'))
attempt('message of an exception that is no group', lambda: getattr(caught, 'message'))
attempt('exceptions of an exception that is no group', lambda: getattr(KeyError('k'), 'exceptions'))
