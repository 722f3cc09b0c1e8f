# pathology: an attribute-style dict whose __getattr__ answers a missing name with a KeyError (not AttributeError),
#            held as an attribute of another object: reading holder.settings, as Python does, never asks it for a
#            name, so the read must not fail (the clocks' check of datetime.now asked every value read for __self__)
# expect: graded PPP
# @correct-solution
class Settings(dict):
    def __getattr__(self, key):
        return self[key]


class Config:
    def __init__(self):
        self.settings = Settings(strict=True, levels=('open', 'done'))


CONFIG = Config()
if CONFIG.settings.strict and CONFIG.settings.levels != ('open', 'done'):
    raise ValueError('settings')
_graded = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    if not CONFIG.settings.strict:
        raise ValueError('not strict')
    return _graded(proposal)
