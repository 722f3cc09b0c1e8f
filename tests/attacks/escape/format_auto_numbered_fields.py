# attack: str.format's automatically numbered fields that read into their argument ({.attr}, {[key]}), in every
#         form: a frame, a function's globals, a class's subclasses, through an item, nested in a format spec,
#         after a plain {} and with format_map
# expect: load-error missing-functions


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def helper():
    return 1


g = (i for i in [1])
attempt('{.gi_frame}', lambda: '{.gi_frame.f_globals}'.format(g))
attempt('{.__globals__}', lambda: '{.__globals__}'.format(helper))
attempt('{[0].__globals__}', lambda: '{[0].__globals__}'.format([helper]))
attempt('{} then {.__globals__}', lambda: '{}{.__globals__}'.format(1, helper))
attempt('{.__class__.__subclasses__}', lambda: '{.__class__.__subclasses__}'.format(object()))
attempt('{.__init__.__globals__}', lambda: '{.__init__.__globals__}'.format(attempt))
attempt('a nested spec', lambda: '{:{.__globals__}}'.format('x', helper))
attempt('format_map', lambda: '{x.__globals__}'.format_map({'x': helper}))
attempt('{.__dict__} of a function', lambda: '{.__dict__}'.format(len))
