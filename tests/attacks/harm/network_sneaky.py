# attack: reach the network through any module that can (urllib, http.client, ssl, smtplib, ftplib)
# expect: load-error missing-functions

for attempt in range(1):
    try:
        import urllib.request
        print('BREACH: urllib')
    except Exception:
        pass
    try:
        import http.client
        print('BREACH: http.client')
    except Exception:
        pass
    try:
        import ssl
        print('BREACH: ssl')
    except Exception:
        pass
    try:
        import smtplib
        print('BREACH: smtplib')
    except Exception:
        pass
    try:
        import select
        print('BREACH: select')
    except Exception:
        pass
