"""Drive the pytest battery over each submission, each in its own limited child process."""

from __future__ import annotations

import copy
import gc
import selectors
import signal
import time
import warnings
from pathlib import Path
from typing import Callable, Sequence

import pytest

from grader import execution, isolation, loading, signing
from grader.battery import Student, place
from grader.execution import STRIKES
from grader.jobs import MAX_TIMEOUTS, Job
from grader.results import base_id
from grader.discover import Submission
from grader.sandbox import clock, filesystem

CHECKS_DIR = Path(__file__).resolve().parent.parent / "checks"

# After a submission's first time-out, each further check gets this share of --timeout (at least REDUCED_TIMEOUT_FLOOR
# seconds: the heaviest check of a correct solution takes well under it); after grader.jobs.MAX_TIMEOUTS
# strikes the rest of its checks are not run.
REDUCED_TIMEOUT_SHARE = 0.1
REDUCED_TIMEOUT_FLOOR = 1.0
# The wall clock is the last resort, for a child that sleeps or waits (its CPU limits end one that
# computes): a child past its deadline that still got at least STARVED_SHARE of the wall time as CPU
# time, as on a machine busy with other work, gets another budget, at most MAX_GRACES times a step.
STARVED_SHARE = 0.05
MAX_GRACES = 20
# A submission's CPU time for the whole battery, in all its children: this many times --timeout,
# at least SUBMISSION_CPU_FLOOR seconds. Past it, the checks left are not run (a correct solution
# needs well under a second; without it, one submission could hold a worker for checks x --timeout).
SUBMISSION_CPU_SHARE = 30
SUBMISSION_CPU_FLOOR = 60


class Battery:
    """The pytest plugin that grades: collects the checks once, then runs them per submission.

    In: the submissions, the per-check timeout (seconds) and ``on_result(job, checks)``,
    called in the parent as each submission finishes; ``meanwhile``, called once in the
    parent after the first children have started (work that then costs no wall time, such as
    compiling the report templates on the other core). ``child_cpu``: one child's CPU-time limit,
    ``submission_cpu``: the CPU time of all of a submission's children (seconds; by default derived
    from ``timeout``). In the child, each check runs as grader.execution decides (directly, or through
    pytest's protocol and its report hooks); outcomes go to the parent one check at a time.
    """

    def __init__(self, submissions: Sequence[Submission], timeout: float, jobs: int,
                 on_result: Callable[[Job, list[dict]], None], child_cpu: int | None = None,
                 meanwhile: Callable[[], None] | None = None, submission_cpu: int | None = None) -> None:
        self.submissions = submissions
        self.timeout = timeout
        # A child's CPU-time limit (seconds, RLIMIT_CPU): a backstop for a check whose own budget cannot fire (a long
        # C call). A child that has used most of it hands over to a fresh one between checks (a slow solution goes on).
        self.child_cpu = child_cpu or int(timeout * 3 + 30)
        self.submission_cpu = submission_cpu or int(max(SUBMISSION_CPU_FLOOR, timeout * SUBMISSION_CPU_SHARE))
        self.jobs = max(1, jobs)
        self.on_result = on_result
        self.meanwhile = meanwhile
        self.checks: list[dict] = []  # in the order they run (grader.battery.place)
        self.checkpoints: list[int] = []  # each check's checkpoint, in that order
        self.listing, self.listed_checks = [], []  # indices and checks in the order results list them
        self.items: list[pytest.Item] = []
        self.direct: list[bool] = []  # per item: run without pytest's protocol (grader.execution)
        self.fresh: list[bool] = []  # per item: run with main.py loaded anew (grader.battery.check)
        # The index of the first check that runs whatever came before (marked last or fresh, at the end; None: none).
        self.first_last: int | None = None
        self.later: list[bool] = []  # per item: marked last, so run with the clocks a year on
        self.readable: list[str] = []  # what a child may read (grader/sandbox/filesystem.py)
        self.current: Student | None = None
        self.reports: list[pytest.TestReport] = []
        # Why the battery could not be collected: (the module's path, the reason in English, in Dutch).
        self.collection_errors: list[tuple[str, str, str]] = []
        self.finished = 0  # submissions whose result was handed to on_result
        self.output_error: OSError | None = None  # why writing a submission's outputs failed, if it did

    # Collection ---------------------------------------------------------------------------
    def pytest_configure(self, config: pytest.Config) -> None:
        config.addinivalue_line("markers", "check(checkpoint, clause, message, hint): a check of the battery")

    @pytest.hookimpl(wrapper=True)
    def pytest_make_collect_report(self, collector: pytest.Collector):
        report = yield
        if report.failed:  # the module's real path; the error's last line (pytest marks it "E"): exception, message
            text = report.longreprtext.strip()
            marked = [line[1:].strip() for line in text.splitlines() if line.startswith("E ")]
            reason = (marked or text.splitlines() or ["?"])[-1][:500]
            self.collection_errors.append((str(collector.path), reason, reason))
        return report

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        markers = {}
        for item in items:
            marker = item.get_closest_marker("check")
            if marker is None:  # said by the grader once, after pytest (not as pytest's own usage error)
                self.collection_errors.append((str(item.path), f"{item.name} has no @check marker (see grader.battery)",
                                               f"{item.name} heeft geen @check-markering (zie grader.battery)"))
                items[:] = []
                return
            markers[item] = marker.kwargs
        written = {item: n for n, item in enumerate(items)}  # the battery's own order, as pytest collected it
        items.sort(key=lambda item: place(markers[item]))
        owners: dict[str, tuple] = {}  # check id without its case label -> the function it belongs to
        for item in items:
            meta = dict(markers[item])
            self.fresh.append(bool(meta.pop("fresh", False)))
            meta.pop("last", None)  # its place in the order says it
            meta["id"] = item.name.removeprefix("test_")
            owner = (item.path, getattr(item, "originalname", item.name))
            if owners.setdefault(base_id(meta["id"]), owner) != owner:  # a check of --checks named like one of the
                # battery (parametrized or not), or twice: said of the instructor's module, not the battery's
                path = max(owner[0], owners[base_id(meta["id"])][0], key=lambda found: found.parent != CHECKS_DIR)
                name = base_id(meta["id"])
                self.collection_errors.append((str(path), f"a second check named {name}",
                                               f"een tweede controle met de naam {name}"))
                items[:] = []
                return
            self.checks.append(meta)
        self.items = list(items)
        self.first_last = sum(place(markers[item])[0] == 0 for item in items)
        self.later = [bool(markers[item].get("last")) for item in items]
        # Results list the checks by checkpoint in the battery's own order, whatever order they run in.
        self.listing = sorted(range(len(items)), key=lambda n: (bool(markers[items[n]].get("last")),
                                                                markers[items[n]]["checkpoint"], written[items[n]]))
        self.listed_checks = [self.checks[n] for n in self.listing]
        self.checkpoints = [meta["checkpoint"] for meta in self.checks]
        self.direct = [execution.direct(item) for item in items]
        # What a child may read (Landlock): Python's files, the grader's and the check modules' folders.
        self.readable = filesystem.readable_paths({str(item.path.parent) for item in items})

    @pytest.fixture
    def student(self) -> Student:
        """The submission under test (its functions, called safely)."""
        self.current.begin()
        return self.current

    # Reports (in the child) ----------------------------------------------------------------------
    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item, call: pytest.CallInfo):
        report = yield
        if call.excinfo is not None:
            report.grading = execution.failure(call.excinfo.value)
        return report

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.reports.append(report)

    # The loop (in the parent) --------------------------------------------------------------------
    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        if session.testsfailed or self.collection_errors:
            return True  # nothing is graded; grader.grading says why
        # The battery's objects, collected once, are shared by every child (copy-on-write): frozen, no garbage
        # collection in a child walks them again (the gc.freeze advice in Python's documentation).
        gc.freeze()
        # One at a time: a submission (and its Job) is made when it starts, so few exist at once.
        pending = iter(self.submissions)
        waiting = len(self.submissions)
        running: dict[int, Job] = {}
        selector = selectors.DefaultSelector()
        try:
            while waiting or running:
                while waiting and len(running) < self.jobs:
                    waiting -= 1
                    self._start(Job(next(pending), len(self.items)), selector, running)
                if self.meanwhile is not None:
                    self.meanwhile, meanwhile = None, self.meanwhile
                    meanwhile()
                for key, _ in selector.select(timeout=0.2):
                    self._receive(key.data, selector, running)
                now = time.monotonic()
                for job in list(running.values()):
                    if job.deadline and now > job.deadline and not job.child.killed and not self._starved(job, now):
                        job.child.kill()
                        job.external = True
        finally:
            gc.unfreeze()
            for job in running.values():
                job.child.kill()
                job.child.reap()
        return True

    def _start(self, job: Job, selector: selectors.BaseSelector, running: dict[int, Job]) -> None:
        # Read here: the child closes every file it inherits, the source spill's too.
        source = job.submission.source
        while not isolation.ISOLATED and not job.finished:  # no fork here: grade in this process, without limits
            recorder, started = isolation.Recorder(), job.next
            before = time.process_time()
            self._child(copy.copy(job), source, recorder)  # its own copy of the job, as a forked child has
            job.cpu_used += time.process_time() - before
            for message in recorder.messages:
                self._handle(job, message)
            job.stop_early(self.submission_cpu, self.first_last, self.checkpoints)
            if job.next == started:  # nothing more ran (a child stops only for the reasons stop_early knows)
                job.next = job.total
        if job.finished:
            self._finish(job)
            return
        job.spawned_at, job.reload_problem = job.next, None
        job.child = isolation.spawn(lambda channel: self._child(job, source, channel), self.child_cpu, self.readable)
        # Loading (again, after a strike or a hand-over) may take the module body's full limit.
        job.deadline, job.grace, job.graces = time.monotonic() + self.timeout * 2 + 1.0, None, 0
        running[job.child.fd] = job
        selector.register(job.child.fd, selectors.EVENT_READ, job)

    def _finish(self, job: Job) -> None:
        """Hand a graded submission to ``on_result``; Ctrl-C or SIGTERM wait until its outputs are complete."""
        masking = hasattr(signal, "pthread_sigmask")
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM}) if masking else None
        try:
            job.outcomes = {at: job.outcomes[n] for at, n in enumerate(self.listing) if n in job.outcomes}
            job.code = None  # no later child needs it
            self.on_result(job, self.listed_checks)
            self.finished += 1
        except OSError as error:  # an output could not be written (a full disk): not a defect of the battery
            self.output_error = error
            raise
        finally:
            if masking:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    def _starved(self, job: Job, now: float) -> bool:
        """Whether ``job``'s child, past its wall-clock deadline, is computing on a busy machine: then its
        deadline moves on by one more budget (at most MAX_GRACES times a step) and its CPU limits decide.

        A child whose CPU time grew by at least STARVED_SHARE of the wall time since the last look
        (at the first look of a step: since the child started) is computing; one that sleeps or
        waits is not. A computing child's kernel CPU limit then drops to about two checks' worth
        (isolation.Child.cap_cpu; see below). Where the CPU time of a running child is unknown or cannot
        be capped (no /proc, no prlimit), False: the wall clock decides, as it always did there.
        """
        cpu = job.child.cpu_now()
        since, used = job.grace or (job.child.started, 0.0)
        if cpu is None or job.graces >= MAX_GRACES or (cpu - used) < STARVED_SHARE * (now - since):
            return False
        # What the step in flight may still use (one check's worth; the kernel's limit ends a C call of minutes,
        # which holds off the child's own timer) and one check's worth for a step begun before this loop reads
        # the message and restores the limit (the child's seccomp filter refuses to set limits).
        limit = self._step_limit(job) if job.child.loaded else self.timeout  # a module body: its full limit
        if job.grace is None and not job.child.cap_cpu(cpu + 2 * limit + 1):
            return False
        job.grace, job.graces = (now, cpu), job.graces + 1
        job.deadline = now + self._budget(job)
        return True

    def _next_step(self, job: Job) -> None:
        """A step of ``job``'s child ended: the next one gets a fresh wall-clock deadline and its full CPU limit."""
        if job.graces:
            job.child.cap_cpu(None)
        job.deadline, job.grace, job.graces = time.monotonic() + self._budget(job), None, 0

    def _budget(self, job: Job) -> float:
        """Outside wall-clock budget for the step in flight (seconds)."""
        return self._step_limit(job) * 2 + 1.0

    def _step_limit(self, job: Job) -> float:
        """CPU seconds the check in flight may use: its own limit, and the module body's full one for a ``fresh``
        check, which loads main.py again first (as a fresh child does)."""
        fresh = job.next < len(self.fresh) and self.fresh[job.next]
        return self._check_timeout(job) + (self.timeout if fresh else 0)

    def _check_timeout(self, job: Job) -> float:
        return min(self.timeout, max(REDUCED_TIMEOUT_FLOOR, self.timeout * REDUCED_TIMEOUT_SHARE)) if job.timeouts else self.timeout

    def _receive(self, job: Job, selector: selectors.BaseSelector, running: dict[int, Job]) -> None:
        messages, closed = job.child.read_messages()
        for message in messages:
            self._handle(job, message)
        if not closed:
            return
        selector.unregister(job.child.fd)
        del running[job.child.fd]
        status = job.child.reap()
        job.cpu_used += job.child.cpu_seconds
        job.after_exit(status)
        job.stop_early(self.submission_cpu, self.first_last, self.checkpoints)
        self._start(job, selector, running)

    def _handle(self, job: Job, message: dict) -> None:
        """One message from a child: main.py's compiled code (grader.loading), the load result, or the outcome of
        the check in flight.

        The check in flight is always ``job.next`` (checks run in order); each message resets
        the wall-clock deadline for the next step. Messages of another shape are ignored.
        """
        if not isinstance(message, dict):
            return
        if "compiled" in message:
            # Kept only from a submission's first child, once, before its load message: that child runs no code of it.
            if job.child is not None and job.load is None and not job.compiled_sent:
                job.compiled_sent, job.code = True, loading.received_code(message)
        elif "load" in message:
            # One load message per child: a child repeating it (code that escaped the sandbox) must not push its
            # wall-clock deadline back for ever while it sleeps (no CPU time, no RLIMIT_CPU).
            if execution.valid_load(message) and not (job.child is not None and job.child.loaded):
                if job.child is not None:
                    job.child.loaded = True
                if job.load is None:  # a fresh child after a strike or a hand-over loads again: same result
                    job.load = execution.clipped_load(message)
                elif message["status"] == "failed":  # loading again failed (the body's time limit, on a busy machine,
                    job.reload_problem = execution.clipped_load(message)["problem"]  # or a body failing a year on)
                self._next_step(job)
        elif message.get("done") == job.next and job.load is not None and execution.valid_outcome(message.get("outcome")):
            job.outcomes[job.next] = execution.clipped_outcome(message["outcome"])
            job.timeouts += message["outcome"]["outcome"] in STRIKES
            job.advance()
            self._next_step(job)

    # The child -------------------------------------------------------------------------------------
    def _child(self, job: Job, source: bytes, channel: isolation.Channel) -> None:
        if isolation.ISOLATED:
            self.submissions = []  # the other students' sources have no business in this process
            signing.forget_key()  # nor has the key that signs the result cache
        started = time.process_time()
        # Python's libraries warn of what main.py hands them (re's "Possible nested set"): without fork that would
        # reach the instructor's terminal, past the captured output. The loader records main.py's SyntaxWarnings itself.
        with warnings.catch_warnings(action="ignore"):
            try:
                # A child that starts among the checks marked last loads main.py with the clocks already a year on.
                clock.move_on(clock.LATER if job.next < job.total and self.later[job.next] else 0)
                if isolation.ISOLATED and job.load is None and job.code is None:
                    # The first child compiles main.py and sends the code on without running it: every load, a fresh
                    # check's too, then starts in a process that compiled nothing (grader.loading).
                    compiled, failed = loading.compile_limited(source, self.timeout, job.cells)
                    channel.send(failed or loading.compiled_message(compiled))
                    if failed is not None or len(compiled) <= loading.MAX_COMPILED:
                        return
                    job.code = compiled  # too long to send: loaded here, and compiled again in each later child
                loaded, message = loading.load_limited(source, self.timeout, job.code, job.cells)
                channel.send(message)
                if loaded is None:
                    return
                self.current = Student(loaded.functions, loaded.source_lines, loaded.own_classes)
                handover = self.child_cpu - self.timeout - 1  # CPU seconds after which no further check starts here
                for index in range(job.next, job.total):
                    if index in job.outcomes:
                        continue  # marked as not run by the parent (grader.jobs.Job.stop_early) before this child began
                    stoppable = index < self.first_last  # those marked last or fresh run anyway
                    if job.timeouts >= MAX_TIMEOUTS and stoppable:
                        return  # the parent marks the rest as not run, up to the checks marked last or fresh
                    used = time.process_time() - started  # CPU seconds of this child (in-process: of this submission)
                    if index > job.next and isolation.ISOLATED and (used >= handover or self.fresh[index]):
                        # The parent starts a fresh child at this check: a new CPU allowance, or for each case of a
                        # fresh check a process whose load of main.py no cache or timing tells from the first (a second
                        # load in one process finds what the first left: OpenSSL's algorithms, for one).
                        return
                    if index > job.next and stoppable and job.cpu_used + used >= self.submission_cpu:
                        return  # the submission's CPU budget is used up: as after the last strike
                    # The checks marked last run a year on: a submission that behaves only while it is young fails them.
                    clock.move_on(clock.LATER if self.later[index] else 0)
                    outcome = self._run_check(index, job, source, just_loaded=index == job.next)
                    job.timeouts += outcome["outcome"] in STRIKES  # this child's copy of the job
                    channel.send({"done": index, "outcome": outcome})
            finally:  # in-process (no fork): the next submission and the grader itself read the real clocks
                clock.move_on(0)

    def _run_check(self, index: int, job: Job, source: bytes, just_loaded: bool) -> dict:
        """Run check ``index`` on the loaded submission (in the child), a ``fresh`` check on ``source`` loaded anew
        (grader.battery.check), or on the child's own first load if it is the child's first (``just_loaded``: a forked
        child starts at every case of a fresh check); its outcome. The checks after it go on with the first load."""
        if not self.fresh[index] or (just_loaded and isolation.ISOLATED):
            return self._run_loaded(index, job)
        # The body's full limit, as in a fresh child.
        loaded, message = loading.load_limited(source, self.timeout, job.code, cells=job.cells)
        if loaded is None:
            return execution.reload_failed(message["problem"])
        kept, self.current = self.current, Student(loaded.functions, loaded.source_lines, loaded.own_classes)
        try:
            return self._run_loaded(index, job)
        finally:
            self.current = kept

    def _run_loaded(self, index: int, job: Job) -> dict:
        item = self.items[index]
        seconds = self._check_timeout(job)
        if self.direct[index]:
            return execution.run_direct(item, self.current, seconds)
        item.add_marker(pytest.mark.timeout(seconds))
        self.reports = []
        # The next item keeps module-level set-up alive between checks (much faster).
        following = self.items[index + 1] if index + 1 < job.total else None
        item.ihook.pytest_runtest_protocol(item=item, nextitem=following)
        return execution.summarize(self.reports, seconds)
