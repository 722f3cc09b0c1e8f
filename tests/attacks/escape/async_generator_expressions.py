# attack: async generators without an async def: a generator expression whose condition holds an async comprehension
#         that never runs is an async generator object in any function or at module level. Driven by hand with
#         asend/athrow/aclose, read for its frame, its awaited object and its code, fed to another async comprehension
#         (which the sandbox's iteration hook turns into a plain iter()), and left suspended at its yield when a call
#         returns (a generator expression has no finally to run when it is freed); an async list comprehension
#         outside an async def stays a syntax error
# expect: graded PPP
# @correct-solution
_graded = dispatch_ticket


def attempt(what, action):
    try:
        found = action()
    except StopIteration as stop:
        return stop.args[:1]
    except Exception:
        return None
    print('BREACH:', what, repr(found)[:80])


def agen(values):
    return (value for value in values if True or [inner async for inner in values])


made = agen([1, 2, 3])
if attempt('driven by hand', lambda: made.asend(None).send(None)) != (1,):
    print('BREACH: an async generator answers otherwise than in Python')
for name in ('ag_fr' + 'ame', 'ag_aw' + 'ait', 'ag_co' + 'de', 'ag_run' + 'ning', 'gi_fr' + 'ame'):
    attempt(f'its {name}', lambda: getattr(made, name))
attempt('an async comprehension over it', lambda: (item async for item in made))
attempt('an async comprehension over a list', lambda: (item async for item in [1]))
attempt('athrow of a ValueError', lambda: made.athrow(ValueError('x')).send(None))
attempt('aclose', lambda: made.aclose().send(None))
attempt('its class made anew', lambda: type(made)())
attempt('a frame through an exception', lambda: getattr(made.asend(None), 'cr_fr' + 'ame'))


def dispatch_ticket(proposal, actor, approved, state, completed):
    held = agen(['open', 'done'])
    attempt('driven in a call', lambda: held.asend(None).send(None))  # suspended at its first yield, then freed
    return _graded(proposal, actor, approved, state, completed)
