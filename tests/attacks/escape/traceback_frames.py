# attack: a caught exception's traceback, then the frames of whoever called us
# expect: policy not an attribute a submission may use
try:
    1 / 0
except ZeroDivisionError as error:
    frame = error.__traceback__.tb_frame.f_back
