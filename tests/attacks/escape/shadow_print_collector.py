# attack: the transformer's own names: the print collector and temporaries
# expect: policy _print
_print = None
_tmp0 = None
