# attack: a class statement asks a typing alias among the bases for its real bases
#         (__mro_entries__), and typing's answer compares the alias's origin, the real type, with
#         every base: a base object whose __eq__ keeps what it is compared with receives it;
#         also super(Own, Own).__init__ writing on a grader function
# expect: load-error missing-functions
import re
import typing


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def origin_through_mro_entries():
    found = []

    class Probe:
        def __eq__(self, other):
            found.append(other)
            return False

        def __hash__(self):
            return 1

    try:
        class Trap(Probe(), typing.Type):
            pass
    except TypeError:
        pass
    return [item for item in found if item is not None] or None


def super_init_on_a_grader_function():
    class Own(re.error):
        pass

    super(Own, Own).__init__(exit, 'poisoned')
    return exit.msg


attempt('an object compared by typing.__mro_entries__', origin_through_mro_entries)
attempt('super(Own, Own).__init__ on exit', super_init_on_a_grader_function)
