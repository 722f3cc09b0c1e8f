# attack: a datetime subclass of main.py's whose replace() receives what ZoneInfo.fromutc hands it: the grader's
#         zone asked Python's zone (kept in an underscore attribute) by dt.replace(tzinfo=<Python's zone>), so main.py
#         held Python's zoneinfo.ZoneInfo, whose no_cache reads the machine's time-zone files, from_file parses what
#         main.py gives it and clear_cache empties the process's cache (also through astimezone)
# expect: load-error missing-functions
import datetime
import zoneinfo

RECEIVED = []


class Moment(datetime.datetime):
    def replace(self, *args, **changes):
        RECEIVED.append(changes.get('tzinfo'))
        return datetime.datetime.replace(self, *args, **changes)

    def __add__(self, other):
        RECEIVED.append(other)
        return datetime.datetime.__add__(self, other)


def attempt(what, action):
    try:
        action()
    except Exception:
        pass


zone = zoneinfo.ZoneInfo('Europe/Amsterdam')
moment = Moment(2024, 6, 1, 12, tzinfo=zone)
attempt('fromutc', lambda: zone.fromutc(moment))
attempt('astimezone', lambda: moment.astimezone(datetime.timezone.utc).astimezone(zone))
attempt('astimezone of a plain moment', lambda: Moment(2024, 11, 3, 1, 30, tzinfo=datetime.timezone.utc).astimezone(zone))
for found in RECEIVED:
    if found is not None and type(found).__name__ == 'ZoneInfo' and found is not zoneinfo.ZoneInfo(found.key):
        print('BREACH: Python\'s zone', repr(found))
        attempt('no_cache', lambda: print('BREACH: no_cache read', found.no_cache('Europe/Paris')))
        break
