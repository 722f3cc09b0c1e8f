# attack: str.format_map field access to a generator's frame
# expect: load-error runtime AttributeError
g = (i for i in [1])
text = '{g.gi_frame.f_globals}'.format_map({'g': g})
