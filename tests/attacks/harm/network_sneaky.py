# attack: reach the network through any module that can (urllib, http.client, ssl, smtplib, ftplib)
# expect: load-error missing-functions

for attempt in range(1):
    try:
        import urllib.request
        urllib.__name__  # a breach only when the module can be used
        print('BREACH: urllib')
    except Exception:
        pass
    try:
        import http.client
        http.__name__  # a breach only when the module can be used
        print('BREACH: http.client')
    except Exception:
        pass
    try:
        import ssl
        ssl.__name__  # a breach only when the module can be used
        print('BREACH: ssl')
    except Exception:
        pass
    try:
        import smtplib
        smtplib.__name__  # a breach only when the module can be used
        print('BREACH: smtplib')
    except Exception:
        pass
    try:
        import select
        select.__name__  # a breach only when the module can be used
        print('BREACH: select')
    except Exception:
        pass
