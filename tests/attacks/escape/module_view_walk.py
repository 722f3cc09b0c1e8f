# attack: walk the module view objects themselves: their class, its base, a subclass of it, super()
# expect: load-error missing-functions
import json


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is not None and hasattr(found, 'modules'):
        print('BREACH:', what)
    return found


View = type(json)
attempt('type(json).sys', lambda: View.sys)
attempt('json.__class__.__init__', lambda: json.__class__.__init__)
attempt('super(View, json).dumps', lambda: super(View, json).dumps)


def subclass_view():
    class Mine(View):
        pass

    return Mine().dumps


attempt('Mine().dumps', subclass_view)
try:
    json.dumps = None
    print('BREACH: wrote json.dumps')
except Exception:
    pass
try:
    View.dumps = None
    print('BREACH: wrote the view class')
except Exception:
    pass
