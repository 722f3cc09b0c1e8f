# attack: a datetime subclass of main.py's handed to the zoneinfo stand-in's utcoffset, dst, tzname and fromutc: its
#         own replace, toordinal, hour, __new__ and __add__ see the tzinfo the stand-in hands Python's zone, which
#         must never be Python's real zone (its no_cache and from_file read the machine's files)
# expect: graded PPP
# @correct-solution
import datetime
import zoneinfo

zone = zoneinfo.ZoneInfo('Europe/Amsterdam')
seen = []


def look(value):
    if value is not zone and hasattr(value, 'no_cache'):
        seen.append(value)


class Moment(datetime.datetime):
    def __new__(cls, *args, **kwargs):
        for value in (*args, *kwargs.values()):
            look(value)
        return datetime.datetime.__new__(cls, *args, **kwargs)

    def replace(self, *args, **kwargs):
        for value in (*args, *kwargs.values()):
            look(value)
        return datetime.datetime.replace(self, *args, **kwargs)

    def toordinal(self):
        look(self.tzinfo)
        return datetime.datetime.toordinal(self)

    def __add__(self, other):
        look(self.tzinfo)
        return datetime.datetime.__add__(self, other)

    @property
    def hour(self):
        look(self.tzinfo)
        return super().hour


for fold in (0, 1):
    moment = Moment(2024, 10, 27, 2, 30, tzinfo=zone, fold=fold)
    for method in (zone.utcoffset, zone.dst, zone.tzname, zone.fromutc):
        try:
            method(moment)
        except Exception:
            pass
    try:
        moment.astimezone(datetime.timezone.utc).astimezone(zone)
    except Exception:
        pass
for found in seen:
    print('BREACH: the zone handed main.py', repr(found)[:80])
    try:
        print('BREACH: no_cache of the real zone', repr(found.no_cache('Europe/Paris'))[:80])
    except Exception:
        pass
