# attack: the traceback and frame through getattr with literal names and through format fields
# expect: load-error missing-functions


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:200])
    return found


try:
    1 / 0
except ZeroDivisionError as error:
    attempt('getattr(error, "__traceback__")', lambda: getattr(error, '__traceback__'))
    # with_traceback is offered (main.py holds no traceback to give it: __traceback__ reads as None)
    attempt('with_traceback(None) keeps the error', lambda: None if error.with_traceback(None) is error else 'other')
    attempt('with_traceback of a non-traceback', lambda: getattr(error, 'with_traceback')(object()))
    attempt('format field', lambda: '{0.__traceback__.tb_frame}'.format(error))
    attempt('f-string field via format()', lambda: format(error, '{0.__traceback__}'))
