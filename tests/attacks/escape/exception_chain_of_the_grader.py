# attack: the exception values now offered (__context__, __notes__, __suppress_context__, __traceback__,
#         with_traceback): at every call from the checks, an exception raised and caught at once whose __context__
#         would be whatever the grader's code is handling (its args hold expected values); the chain walked on;
#         notes of library exceptions planted with a str subclass; a real traceback or frame handed to
#         with_traceback; __traceback__ of a caught library error; the timeout-free chain of a json error
# expect: graded PPP
# expect-no-outcome: error
# @correct-solution
import json

_plain = (validate_ticket_proposal, proposal_fingerprint, dispatch_ticket)


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:200])
    return found


def context_of_the_caller():
    try:
        raise LookupError('probe')
    except LookupError as probe:
        seen = probe.__context__
        chain = []
        while seen is not None and len(chain) < 20:
            chain.append(seen)
            seen = seen.__context__ or seen.__cause__
        return chain or None


def probed(function):
    def call(*args):
        attempt(function.__name__ + ': the exception the caller handles', context_of_the_caller)
        return function(*args)
    call.__name__ = function.__name__
    return call


validate_ticket_proposal, proposal_fingerprint, dispatch_ticket = (probed(function) for function in _plain)


class Loud(str):
    def __str__(self):
        print('BREACH: a note of main.py read as it is')
        return 'loud'


try:
    json.loads('{"a": ')
except ValueError as error:
    attempt('context of a json error (the scanner\'s StopIteration)', lambda: error.__context__)
    attempt('traceback of a library error', lambda: error.__traceback__)
    attempt('notes of a library error', lambda: getattr(error, '__notes__', None))
    error.add_note(Loud('planted'))
    notes = error.__notes__
    if type(notes) is not list or type(notes[0]) is not str:
        print('BREACH: notes handed out as they were planted', type(notes[0]))
    notes.append('more')
    if len(error.__notes__) != 1:
        print('BREACH: the notes list handed out is the live one')
    attempt('with_traceback of a frame', lambda: error.with_traceback(context_of_the_caller))
    attempt('suppress_context not a bool', lambda: None if type(error.__suppress_context__) is bool else 'not bool')
try:
    try:
        {}['missing']
    except KeyError:
        raise ValueError('own')
except ValueError as own:
    if type(own.__context__) is not KeyError:
        print('BREACH? main.py\'s own chain was hidden (a false fail, not an escape)')
    attempt('traceback of the context', lambda: own.__context__.__traceback__)
