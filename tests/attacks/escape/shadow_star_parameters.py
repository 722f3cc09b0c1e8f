# attack: *args / **kwargs / keyword-only parameters named like guard hooks
# expect: policy _apply_
def call(*_apply_, **_unpack_sequence_):
    pass
