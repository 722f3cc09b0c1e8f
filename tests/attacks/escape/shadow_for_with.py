# attack: a for-loop target and a with target named like guard hooks
# expect: policy _inplacevar_
for _inplacevar_ in [lambda op, x, y: x]:
    pass
