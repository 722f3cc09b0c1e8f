# attack: a generator's frame, then its globals and builtins
# expect: policy not an attribute a submission may use
g = (i for i in [1])
found = g.gi_frame.f_builtins
