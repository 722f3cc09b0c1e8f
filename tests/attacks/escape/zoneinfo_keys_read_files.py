# attack: zoneinfo.ZoneInfo of IANA keys (tzdata's rules) used to read another file: a key with '../', an absolute
#         key, a key that names a file of tzdata's folder that is no zone, a str subclass that lies about its text,
#         ZoneInfo.from_file, no_cache and clear_cache, the real zone behind the stand-in, a class built on it
# expect: graded PPP
# @correct-solution
import datetime
import io
import zoneinfo

SECRET = '@@MARKER@@/secret.txt'


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Lying(str):
    def __str__(self):
        return '../../../../etc/passwd'

    def __eq__(self, other):
        return True

    def __hash__(self):
        return hash('Europe/Amsterdam')


for key in (SECRET, '../../../../etc/passwd', '/etc/localtime', 'Europe/../../../../etc/passwd', 'localtime',
            'zone.tab', 'tzdata.zi', '__init__.py', 'iso3166.tab', 'leapseconds', 'Europe/Amsterdam/..', 'Europe\x00',
            'Europe/Amsterdam\x00/x', Lying('x'), b'Europe/Amsterdam', 'zoneinfo/../../tzdata/zones'):
    attempt(f'zoneinfo.ZoneInfo({key!r})', lambda key=key: zoneinfo.ZoneInfo(key))
    attempt(f'ZoneInfo.no_cache({key!r})', lambda key=key: zoneinfo.ZoneInfo.no_cache(key))
attempt('a lying str subclass gets a zone of another key',
        lambda: zoneinfo.ZoneInfo(Lying('Europe/Amsterdam')).key != 'Europe/Amsterdam' or None)
attempt('ZoneInfo.from_file of a file', lambda: zoneinfo.ZoneInfo.from_file(open(SECRET, 'rb')))
attempt('ZoneInfo.from_file of bytes', lambda: zoneinfo.ZoneInfo.from_file(io.BytesIO(b'TZif2' + bytes(60))))
attempt('ZoneInfo.from_file of a key', lambda: zoneinfo.ZoneInfo.from_file('/etc/localtime'))
attempt('ZoneInfo.clear_cache', lambda: zoneinfo.ZoneInfo.clear_cache() or 'ran')
zone = zoneinfo.ZoneInfo('Europe/Amsterdam')
for name in ('_zone', '_file_path', '_tz_after', '_ttinfos', '__dict__', '__slots__', '__reduce_ex__', '__self__'):
    attempt(f'zone.{name}', lambda name=name: getattr(zone, name))
attempt('the real zone through its repr', lambda: 'zoneinfo.ZoneInfo' not in repr(zone) or None)
attempt('the real class', lambda: [c for c in getattr(type(zone), '__mro__') if c.__module__ == 'zoneinfo'] or None)
attempt('the real class by its methods', lambda: getattr(getattr(zone.utcoffset, '__self__'), '_zone'))
attempt('the real class by its methods', lambda: getattr(getattr(zone.utcoffset, '__func__'), '__globals__'))
attempt('a class built on ZoneInfo', lambda: type('Z', (zoneinfo.ZoneInfo,), {}))
attempt('a zone of one load is cached for the next', lambda: zone is not zoneinfo.ZoneInfo('Europe/Amsterdam') or None)


class Stamp:
    def toordinal(self):
        print('BREACH: the zone called a method of main.py past the guard')
        return 1

    hour = minute = second = fold = 0


for method in (zone.utcoffset, zone.dst, zone.tzname, zone.fromutc):
    attempt(f'{method.__name__} of an own object', lambda method=method: method(Stamp()))
attempt('fromutc of a datetime of another zone', lambda: zone.fromutc(datetime.datetime(2024, 1, 1)))
attempt('a zone of no key', lambda: zoneinfo.ZoneInfo())
attempt('zoneinfo.available_timezones', lambda: zoneinfo.available_timezones())
attempt('zoneinfo.TZPATH', lambda: list(zoneinfo.TZPATH))
