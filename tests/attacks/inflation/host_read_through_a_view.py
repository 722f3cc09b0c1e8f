# attack: dispatch_ticket stores each completed row's result as a read-only view (types.MappingProxyType) over a
#         dict subclass whose own __getitem__ gives the host version 900 outside its own calls: the checks read a
#         view as plain data (its dict through dict itself), and neither the host's reading of completed's rows nor
#         the reading of a call's values again looked under a view, so the result scored 3/3. A host's
#         completed['c1']['result']['version'] runs that __getitem__ through the view, and is now read so
# expect: graded PPF
# @correct-solution
import types

_correct_dispatch = dispatch_ticket
_inside = [False]
_wrapped = {}  # id of a view this module stored -> (the view, the plain result under it)


class Result(dict):
    def __getitem__(self, key):
        if key == 'version' and not _inside[0]:
            return 900  # wrong: the host reads another version than the row holds
        return dict.__getitem__(self, key)


def _rows(completed):
    return [row for row in completed.values() if type(row) is dict] if type(completed) is dict else []


def dispatch_ticket(proposal, actor, approved, state, completed):
    for row in _rows(completed):  # the plain results back, for the correct dispatcher's replay
        held = _wrapped.get(id(row.get('result')))
        if held is not None and held[0] is row['result']:
            row['result'] = held[1]
    _inside[0] = True
    try:
        return _correct_dispatch(proposal, actor, approved, state, completed)
    finally:
        _inside[0] = False
        for row in _rows(completed):
            if type(row.get('result')) is dict:
                view = types.MappingProxyType(Result(row['result']))
                _wrapped[id(view)] = (view, row['result'])
                row['result'] = view
