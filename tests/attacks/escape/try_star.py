# attack: try/except* (RestrictedPython advisory: exception groups escaped the guards)
# expect: policy
try:
    pass
except* ValueError as group:
    pass
