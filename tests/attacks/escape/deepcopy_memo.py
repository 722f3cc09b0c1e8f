# attack: copy.deepcopy with the caller's own memo keeps every original it walked through in
#         memo[id(memo)]: through the bound method getattr, the sandbox's own guard object; then
#         its registry of own classes makes typing.ForwardRef "own", whose _evaluate runs eval
# expect: load-error missing-functions
import copy
import dataclasses
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


def memo_originals(value):
    memo = {}
    copy.deepcopy(value, memo)
    return [type(x).__name__ for x in memo.get(id(memo), []) if type(x).__name__ in ('Guards', 'OutputBuffer')] or None


def guard_copy():
    copied = copy.deepcopy(getattr)
    return None if copied is getattr else copied


@dataclasses.dataclass
class Box:
    item: object


attempt('deepcopy(getattr, memo)', lambda: memo_originals(getattr))
attempt('deepcopy([hasattr], memo)', lambda: memo_originals([hasattr]))
attempt('deepcopy(typing.List[str], memo)', lambda: memo_originals(typing.List['x']))
attempt('a copy of the guard object', guard_copy)
attempt('dataclasses.asdict around getattr', lambda: None if dataclasses.asdict(Box(getattr))['item'] is getattr
        else 'copied')
