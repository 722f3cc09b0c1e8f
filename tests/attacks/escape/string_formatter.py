# attack: string.Formatter resolves fields with the real getattr
# expect: load-error runtime AttributeError
import string

g = (i for i in [1])
text = string.Formatter().vformat('{0.gi_frame.f_globals}', (g,), {})
