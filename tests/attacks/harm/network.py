# attack: open a network connection
# expect: load-error runtime AttributeError
import socket

socket.create_connection(('example.org', 80))
