# attack: the real `type` without functools: typing.Literal's cache (typing._tp_cache(typed=True)) keys
#         Literal[int] as (Literal, int, _LiteralSpecialForm, type), the types of its arguments included.
#         Literal[p0, p1, p2] has the key (Literal, p0, p1, p2, _LiteralSpecialForm, Probe, Probe, Probe); with
#         a matching hash the cache compares the keys item by item and p2's __eq__ receives the real `type`
#         (and p1's the class _LiteralSpecialForm). All the hashes are computed from what main.py may read:
#         hash(Type[int]) is hash((type, (int,))), hash(Literal[Literal]) is the hash of the frozenset
#         {(Literal, _LiteralSpecialForm)}; CPython's tuple and frozenset hashes can be inverted. Clearing
#         typing's caches before the module body runs does not help: main.py fills them itself.
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
# hash(Literal[Literal]) is hash(frozenset({(Literal, _LiteralSpecialForm)}))
pair = single_frozenset_member(hash(typing.Literal[typing.Literal]) & M64)
form_lane = lane_between(step(P5, hash(typing.Literal) & M64), unfinish(pair, 2))

captured = []


class Probe:
    def __init__(self, h):
        self.h = h

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        captured.append(other)
        return True


lit = hash(typing.Literal) & M64
stored = tuple_hash([lit, hash(int) & M64, form_lane, type_lane])  # key of Literal[int]: (Literal, int, _LSF, type)
probe = hash(Probe) & M64
h0, h1 = 1, 2
# probe key (Literal, p0, p1, p2, _LSF, Probe, Probe, Probe): solve p2's lane
prefix = tuple_hash_prefix([lit, h0, h1])
after = unfinish(stored, 8)
for lane in (probe, probe, probe, form_lane):
    after = unstep(after, lane)
h2 = signed(lane_between(prefix, after))
typing.Literal[int]
try:
    typing.Literal[Probe(h0), Probe(h1), Probe(h2)]
except Exception:
    pass
for found in captured:
    try:
        made = found('Made', (), {'__del__': lambda self: None})
        print('BREACH: real type via typing.Literal cache', made)
        break
    except Exception:
        pass
