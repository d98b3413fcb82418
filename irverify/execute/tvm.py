"""Concrete execution of Relax functions on TVM (``relax.build(mod, "llvm")`` + VirtualMachine).

Each module is built and run in a forked child of the calling process (which has already
imported tvm, so a fork costs ~0.1 s instead of a fresh interpreter's ~1 s). A crash (e.g. a
far out-of-bounds ``take`` in ``fast`` mode segfaults) or a hang only costs the call that caused
it: it is reported as an ``ExecutionError`` of kind ``crash``/``timeout`` and the remaining calls
run in a new child. Results are lists of numpy arrays, one per leaf of the returned value (a
returned tuple is flattened, as in irverify's IR).
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import struct
import tempfile
import time
from collections.abc import Sequence
from typing import Any

from irverify.execute.iree import ExecutionError

DEFAULT_TIMEOUT_S = 120.0
# A child's budget is CPU time (RLIMIT_CPU), as for solver queries, so a loaded machine does not
# turn a build into a timeout; the wall-clock deadline, this many times longer, only ends a child
# that waits without computing.
WALL_FACTOR = 4.0


def run_functions(module, calls: Sequence[tuple[str, Sequence[Any]]],
                  timeout_s: float = DEFAULT_TIMEOUT_S) -> list[list[Any] | ExecutionError]:
    """Build ``module`` (a tvm ``IRModule`` or TVMScript text) once and run each
    ``(function name, numpy args)`` call; one result (or ``ExecutionError``) per call. A list
    or tuple argument is passed as a Relax tuple (e.g. ``main_transform_params([w1, w2])``)."""
    import tvm  # noqa: F401  (imported before forking, so children start warm)

    if isinstance(module, str):
        from irverify.frontends.relax.parse import _blank_imports, _quiet_stderr

        text, _ = _blank_imports(module, "<tvmscript>")
        with _quiet_stderr():
            module = tvm.script.from_source(text)
    results: list[list[Any] | ExecutionError] = []
    pending = list(calls)
    while pending:
        got = _run_child(module, pending, timeout_s)
        results += got
        pending = pending[len(got):]
    return results


def _run_child(module, calls, timeout_s: float) -> list:
    """Run calls in one forked child until they are done or the child dies; returns at least
    one result (the failure of the call that killed the child)."""
    read_fd, write_fd = os.pipe()
    err = tempfile.TemporaryFile()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read_fd)
        code = 0
        try:
            os.dup2(err.fileno(), 2)
            import faulthandler

            faulthandler.disable()  # a crash in TVM is an expected outcome here, not a report
            _limit_cpu_time(timeout_s)
            _child_main(module, calls, write_fd)
        except BaseException:  # noqa: BLE001 - the child must always exit
            code = 1
        finally:
            os._exit(code)
    os.close(write_fd)
    results: list = []
    buf = b""
    deadline = time.monotonic() + WALL_FACTOR * timeout_s
    timed_out = False
    with os.fdopen(read_fd, "rb") as reader:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                timed_out = True
                break
            ready, _, _ = select.select([reader], [], [], left)
            if not ready:
                continue
            chunk = os.read(reader.fileno(), 1 << 20)
            if not chunk:
                break
            buf += chunk
            while len(buf) >= 8:
                (size,) = struct.unpack("<Q", buf[:8])
                if len(buf) < 8 + size:
                    break
                results.append(pickle.loads(buf[8:8 + size]))
                buf = buf[8 + size:]
    if timed_out:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    err.seek(0)
    stderr_tail = _filter_noise(err.read().decode(errors="replace"))[-2000:]
    err.close()
    if len(results) < len(calls):
        out_of_cpu = os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL)
        if timed_out:
            results.append(ExecutionError("timeout", f"no result within {WALL_FACTOR * timeout_s:.0f} s",
                                          stderr_tail))
        elif out_of_cpu:
            results.append(ExecutionError("timeout", f"no result within {timeout_s:.0f} s of CPU time",
                                          stderr_tail))
        elif os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            results.append(ExecutionError("crash", f"TVM process crashed (signal {sig}, "
                                          f"{signal.Signals(sig).name})", stderr_tail))
        else:
            results.append(ExecutionError("crash", f"TVM process exited with status {os.WEXITSTATUS(status)}",
                                          stderr_tail))
    return results


def _limit_cpu_time(timeout_s: float) -> None:
    """In the child: SIGXCPU after ``timeout_s`` seconds of CPU time (all threads), SIGKILL soon after."""
    import math
    import resource

    soft = max(1, math.ceil(timeout_s))
    resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 5))


def _filter_noise(text: str) -> str:
    return "\n".join(ln for ln in text.splitlines() if "Fast mode segfaults" not in ln)


def _send(fd: int, obj) -> None:
    data = pickle.dumps(obj)
    payload = struct.pack("<Q", len(data)) + data
    while payload:
        n = os.write(fd, payload)
        payload = payload[n:]


def _child_main(module, calls, fd: int) -> None:
    import tvm
    from tvm import relax

    try:
        ex = relax.build(module, "llvm")
        vm = relax.VirtualMachine(ex, tvm.cpu())
    except Exception as e:  # noqa: BLE001
        for _ in calls:
            _send(fd, ExecutionError("compile", _one_line(e)))
        return
    for name, args in calls:
        try:
            out = vm[name](*[_to_tvm(tvm, a) for a in args])
            _send(fd, _flatten(out))
        except Exception as e:  # noqa: BLE001
            _send(fd, ExecutionError("run", _one_line(e)))


class ShapeArg(tuple):
    """An argument for an ``R.Shape`` parameter: its integer values (passed as a TVM shape)."""


def _to_tvm(tvm, a):
    """A numpy argument as a TVM tensor; a ``ShapeArg`` as a TVM shape; a list/tuple (a Relax
    tuple parameter) element-wise; a Python scalar as itself."""
    import numpy as np

    if isinstance(a, ShapeArg):
        return tvm.runtime.ShapeTuple([int(v) for v in a])
    if isinstance(a, (list, tuple)):
        return [_to_tvm(tvm, x) for x in a]
    if type(a) in (bool, int, float):  # an R.Prim parameter takes a Python scalar (numpy
        return a                        # scalars, even np.float64, stay tensors)
    # np.ascontiguousarray would make a rank-0 array rank 1
    return tvm.runtime.tensor(np.array(a, order="C", copy=True), tvm.cpu())


def _flatten(out) -> list:
    import numpy as np

    if hasattr(out, "numpy"):
        return [np.array(out.numpy(), copy=True)]
    if isinstance(out, (int, float, bool)):
        return [np.array(out)]
    flat: list = []
    for x in out:
        flat += _flatten(x)
    return flat


def _one_line(e: Exception) -> str:
    lines = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
    msg = next((ln for ln in reversed(lines) if "Error" in ln or "error" in ln), lines[-1] if lines else repr(e))
    return f"{type(e).__name__}: {msg}"
