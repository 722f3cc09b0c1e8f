# attack: a match class pattern with keywords reads attributes without the attribute guard
# expect: policy class patterns with keywords
g = (i for i in [1])
match g:
    case object(gi_frame=frame):
        pass
