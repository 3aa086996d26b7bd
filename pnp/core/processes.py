"""Processes: the cores this process may use, whether it can fork, and worker processes that stop
with their parent and leave Ctrl-C to it. The pools that use them: resolving a large deck's faces
(pnp.resolve.workers), a game's languages side by side (pnp.pipeline.languages), font conversion."""
from __future__ import annotations

import multiprocessing
import os



def cores() -> int:
    """The cores this process may use (the default for --jobs)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_jobs() -> int:
    """The default for --jobs: every core this process may use (as make -j and cargo do). On a machine
    other work keeps busy the workers only add the cost of handing faces over; `-j 1` is for that."""
    return cores()


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def quiet_worker():
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the writer's to handle
    die_with_parent()


def stop_now(pool) -> None:
    """Shut a ProcessPoolExecutor down without waiting for its running tasks: after an error or Ctrl-C
    its workers are terminated, not left to finish their chunk, game or font."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


def die_with_parent() -> None:
    """In a worker process: end when the process that started it ends, even killed by SIGKILL (which
    leaves it no time to stop its workers; they would wait on their task queue for ever, each holding
    its memory). On Linux the kernel kills the worker (prctl PR_SET_PDEATHSIG); elsewhere a thread
    looks at the parent every second."""
    import signal
    parent = os.getppid()
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(1, signal.SIGKILL, 0, 0, 0) == 0:   # 1: PR_SET_PDEATHSIG
            if os.getppid() != parent:                    # the parent ended before that took effect
                os._exit(1)
            return
    except (OSError, AttributeError, TypeError):
        pass
    import threading
    import time

    def watch():
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)
    threading.Thread(target=watch, name="pnp-parent-watch", daemon=True).start()
