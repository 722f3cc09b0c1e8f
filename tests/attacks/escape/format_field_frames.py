# attack: str.format field access to a generator's frame
# expect: load-error runtime AttributeError
g = (i for i in [1])
text = '{0.gi_frame.f_globals}'.format(g)
