# attack: a match class pattern with keywords reads attributes without the attribute guard
# expect: policy "gi_frame" is not an attribute
g = (i for i in [1])
match g:
    case object(gi_frame=frame):
        pass
