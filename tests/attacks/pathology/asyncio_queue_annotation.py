# pathology: asyncio's queue and lock as typed code names them: a module-level annotation asyncio.Queue[dict] (which
#            Python evaluates, Queue being generic), a dataclass field of that type, and isinstance(x, asyncio.Lock)
#            in a helper; the inert stand-ins must answer as Python's classes do, and stay inert
# expect: graded PPP
# @correct-solution
import asyncio
from dataclasses import dataclass, field

_jobs: asyncio.Queue[dict] = asyncio.Queue(maxsize=8)
_lock: asyncio.Lock = asyncio.Lock()


@dataclass
class ToolServer:
    name: str
    inbox: asyncio.Queue[str] = field(default_factory=asyncio.Queue)


def is_lock(candidate):
    return isinstance(candidate, asyncio.Lock)


SERVER = ToolServer('tickets')
if not is_lock(_lock) or is_lock(_jobs) or is_lock('lock') or isinstance(SERVER.inbox, asyncio.Lock) \
        or not isinstance(SERVER.inbox, asyncio.Queue):
    raise TypeError('asyncio classes')
if 'inert' not in repr(_jobs) or 'inert' not in repr(SERVER.inbox):
    print('BREACH: an asyncio queue is not the inert stand-in')
