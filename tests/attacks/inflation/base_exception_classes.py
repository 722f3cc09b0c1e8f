# attack: reach KeyboardInterrupt / GeneratorExit / BaseException through attributes and raise one from dispatch
# expect: graded PPF
# @correct-solution


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, found)
    return found


attempt('ValueError.__base__', lambda: getattr(ValueError, '__base__'))
attempt('Exception.__bases__', lambda: getattr(Exception, '__bases__'))
attempt('Exception.mro()', lambda: getattr(Exception, 'mro')())
attempt('KeyboardInterrupt', lambda: KeyboardInterrupt)
attempt('GeneratorExit', lambda: GeneratorExit)


def dispatch_ticket(proposal, actor, approved, state, completed):
    raise KeyboardInterrupt('stop grading')
