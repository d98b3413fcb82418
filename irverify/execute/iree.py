"""Concrete execution of MLIR functions on IREE llvm-cpu, isolated in a child process.

`run_functions` compiles a module once (generic x86 CPU, f64 kept as f64) and calls
functions in a child Python process that runs this file as a script, so a crash or hang
inside IREE only costs that call.  The parent never imports `iree.*`.

Argument and result conventions of the IREE VM, as used here:
* tensors are passed as contiguous numpy arrays of the exact element dtype; rank, static
  dims and dtype are checked here, because the compiled module does not check them;
* `index` and `i64` scalars are 64-bit VM integers; i1/i8/i16/i32 scalars are 32-bit VM
  integers (values are wrapped to their width on the way in and out); f16 scalars travel
  as their 16-bit pattern in a 32-bit integer (IREE 3.13 fails to compile host-side f16
  scalar arithmetic such as arith.negf: kind "compile"); f32/f64 as floats; bf16 is rejected;
* scalar results come back as 0-d numpy arrays of `numpy_dtype_for(type)`.
"""
from __future__ import annotations

import os
import pickle
import re
import signal
import subprocess
import sys
import tempfile

import numpy

COMPILE_FLAGS = ("--iree-llvmcpu-target-cpu=generic", "--iree-input-demote-f64-to-f32=false")

_DTYPES = {"i1": numpy.bool_, "i8": numpy.int8, "i16": numpy.int16, "i32": numpy.int32,
           "i64": numpy.int64, "index": numpy.int64, "f16": numpy.float16,
           "f32": numpy.float32, "f64": numpy.float64}
_INT_WIDTH = {"i1": 1, "i8": 8, "i16": 16, "i32": 32, "i64": 64, "index": 64}


class ExecutionError(Exception):
    """Compilation or run failed; .kind in {"compile", "run", "crash", "timeout"}; str() is a one-line message.

    `.message` is the one-line text without the kind prefix; `.detail` holds the full
    diagnostics (compiler output, child stderr tail) when available.
    """

    KINDS = ("compile", "run", "crash", "timeout")

    def __init__(self, kind: str, message: str, detail: str = ""):
        if kind not in self.KINDS:
            raise ValueError(f"unknown ExecutionError kind {kind!r}")
        self.kind = kind
        self.message = " ".join(str(message).split())
        self.detail = detail
        super().__init__(f"{kind}: {self.message}")

    def __reduce__(self):
        return (ExecutionError, (self.kind, self.message, self.detail))


def numpy_dtype_for(mlir_elem: str) -> numpy.dtype:
    """numpy dtype for an MLIR element type (signless ints as signed, index as int64).

    Raises ValueError for bf16 (no numpy equivalent) and for unknown types.
    """
    if mlir_elem not in _DTYPES:
        raise ValueError(f"unsupported element type {mlir_elem!r}")
    return numpy.dtype(_DTYPES[mlir_elem])


def _parse_type(text: str):
    """("tensor", dims with None for '?', elem) or ("scalar", None, elem) for an ABI type."""
    text = text.strip()
    m = re.fullmatch(r"tensor<([^,>]*)(,.*)?>", text)
    if not m:
        return ("scalar", None, text)
    parts = m.group(1).split("x")
    dims = tuple(None if p == "?" else int(p) for p in parts[:-1])
    return ("tensor", dims, parts[-1].strip())


def _parse_declaration(decl: str):
    """Argument and result types from an `iree.abi.declaration` string."""
    m = re.fullmatch(r".*?@[^(]*\((.*)\)\s*->\s*\((.*)\)\s*", decl, re.S)
    if not m:
        raise ValueError(f"cannot parse function declaration {decl!r}")

    def split(s):
        return [_parse_type(t) for t in re.split(r"(?:^|,\s*)%[\w$.]+:\s*", s.strip()) if t]

    return split(m.group(1)), split(m.group(2))


def _wrap_int(value: int, width: int) -> int:
    if width == 1:
        return value & 1
    half = 1 << (width - 1)
    return ((value + half) % (1 << width)) - half


def _to_vm_arg(pos: int, ty, x):
    kind, dims, elem = ty
    if elem == "bf16" or elem not in _DTYPES:
        raise ValueError(f"argument {pos}: unsupported element type {elem}")
    want = numpy_dtype_for(elem)
    if kind == "scalar":
        if elem in _INT_WIDTH:
            return _wrap_int(int(x), _INT_WIDTH[elem])
        if elem == "f16":
            return int(numpy.float16(x).view(numpy.uint16))
        return float(x)
    arr = x if isinstance(x, numpy.ndarray) else numpy.asarray(x, dtype=want)
    if arr.dtype != want:
        raise ValueError(f"argument {pos}: dtype {arr.dtype} does not match element type {elem}")
    if arr.ndim != len(dims) or any(d is not None and d != s for d, s in zip(dims, arr.shape)):
        shape = "x".join("?" if d is None else str(d) for d in dims)
        raise ValueError(f"argument {pos}: shape {arr.shape} does not match tensor<{shape}x{elem}>")
    return numpy.array(arr, order="C", copy=True)  # keeps rank 0 (ascontiguousarray would not)


def _from_vm(ty, value) -> numpy.ndarray:
    kind, _, elem = ty
    if kind == "tensor":
        return numpy.array(value.to_host(), copy=True)
    if elem in _INT_WIDTH:
        return numpy.array(_wrap_int(int(value), _INT_WIDTH[elem])).astype(numpy_dtype_for(elem))
    if elem == "f16":
        return numpy.array(int(value) & 0xFFFF, dtype=numpy.uint16).view(numpy.float16)
    return numpy.array(value, dtype=numpy_dtype_for(elem))


def _invoke(module, name: str, inputs: list) -> list:
    """Call exported function `name` of a loaded runtime module with converted inputs."""
    try:
        fn = module[name]
    except (KeyError, AttributeError):
        raise ValueError(f"no exported function @{name}") from None
    arg_types, res_types = _parse_declaration(fn.vm_function.reflection.get("iree.abi.declaration", ""))
    if len(inputs) != len(arg_types):
        raise ValueError(f"@{name} takes {len(arg_types)} arguments, got {len(inputs)}")
    for ty in res_types:
        if ty[2] not in _DTYPES:
            raise ValueError(f"@{name}: unsupported result element type {ty[2]}")
    raw = fn(*[_to_vm_arg(i, t, x) for i, (t, x) in enumerate(zip(arg_types, inputs))])
    if not res_types:
        return []
    if len(res_types) == 1:
        raw = (raw,)
    return [_from_vm(t, r) for t, r in zip(res_types, raw)]


def _dump(path: str, obj) -> None:
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        pickle.dump(obj, f, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)


def _first_error_line(text: str, last: bool = False) -> str:
    """The first line containing "error:", else the first (or last) non-empty line."""
    for line in text.splitlines():
        if "error:" in line:
            return line.strip()
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return (lines[-1] if last else lines[0]) if lines else "unknown error"


def _child_main(workdir: str, start: int) -> int:
    """Child entry: compile (or reuse) the module, run calls[start:], write one result file per call."""
    with open(os.path.join(workdir, "request.pkl"), "rb") as f:
        req = pickle.load(f)
    vmfb_path = os.path.join(workdir, "module.vmfb")
    if not os.path.exists(vmfb_path):
        try:
            import iree.compiler.tools as ireec
            vmfb = ireec.compile_str(req["module"], target_backends=["llvm-cpu"],
                                     extra_args=list(COMPILE_FLAGS))
        except Exception as e:  # CompilerToolError, or a missing/broken compiler install
            _dump(os.path.join(workdir, "compile_error.pkl"), (_first_error_line(str(e)), str(e)))
            return 0
        with open(vmfb_path + ".tmp", "wb") as f:
            f.write(vmfb)
        os.replace(vmfb_path + ".tmp", vmfb_path)
    import iree.runtime as rt
    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    with open(vmfb_path, "rb") as f:
        vm_module = rt.VmModule.copy_buffer(ctx.instance, f.read())
    ctx.add_vm_module(vm_module)
    module = ctx.modules[vm_module.name]
    for i in range(start, len(req["calls"])):
        name, inputs = req["calls"][i]
        try:
            out = ("ok", _invoke(module, name, list(inputs)))
        except Exception as e:
            out = ("run", f"@{name}: {_first_error_line(str(e))}", str(e))
        _dump(os.path.join(workdir, f"result_{i}.pkl"), out)
    return 0


def _child_command(workdir: str, start: int) -> list[str]:
    """Command line of the child process (runs this file as a script, not as a package module)."""
    return [sys.executable, os.path.abspath(__file__), workdir, str(start)]


def _run_child(workdir: str, start: int, timeout_s: float) -> ExecutionError | None:
    """Run one child; None on a clean exit, else a crash/timeout error describing the death."""
    err_path = os.path.join(workdir, f"child_{start}.stderr")
    with open(err_path, "wb") as err:
        proc = subprocess.Popen(_child_command(workdir, start), stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
        try:
            rc = proc.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            rc = None
        finally:
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                proc.wait()
    with open(err_path, "rb") as f:
        tail = f.read()[-4000:].decode("utf-8", "replace")
    if rc is None:
        return ExecutionError("timeout", f"IREE child killed after {timeout_s:g} s", tail)
    if rc < 0:
        try:
            sig = signal.Signals(-rc).name
        except ValueError:
            sig = f"signal {-rc}"
        return ExecutionError("crash", f"IREE child died with {sig}", tail)
    if rc != 0:
        return ExecutionError("crash", f"IREE child exited with status {rc}: {_first_error_line(tail, last=True)}", tail)
    return None


def run_functions(module_text: str, calls: list[tuple[str, list]],
                  timeout_s: float = 120.0) -> list[list[numpy.ndarray] | ExecutionError]:
    """Compile `module_text` (an MLIR module with plain func.func functions on tensors/scalars) once for llvm-cpu,
    then call each (function_name, inputs) in `calls` in a CHILD PROCESS (so a crash/hang of IREE never kills or hangs the caller),
    returning, per call, the list of outputs as numpy arrays (0-d arrays for scalar results) or an ExecutionError for that call.
    A compile failure makes every entry an ExecutionError(kind="compile"). The child is killed after timeout_s (kind="timeout");
    a signal death is kind="crash" naming the signal.

    One child compiles (`COMPILE_FLAGS`) and runs all calls in order.  If it dies or is killed
    during call k, entry k gets the crash/timeout error and calls k+1.. run in a fresh child
    that reuses the compiled module; each child gets its own `timeout_s`.  A death during
    compilation is reported on every entry.
    """
    return _compile_and_run("irverify-iree-", module_text, calls, timeout_s, compile_first=None)


HOST_COMPILE_FLAGS = ("--iree-llvmcpu-disable-distribution", "--iree-input-demote-f64-to-f32=false")


def _iree_compile_command() -> list[str]:
    """The `iree-compile` console script installed next to this Python, else on PATH."""
    import shutil
    here = os.path.join(os.path.dirname(sys.executable), "iree-compile")
    return [here if os.path.exists(here) else (shutil.which("iree-compile") or "iree-compile")]


def run_host_module(host_text: str, calls: list[tuple[str, list]],
                    timeout_s: float = 120.0) -> list[list[numpy.ndarray] | ExecutionError]:
    """Like `run_functions`, for a host module that carries its own `hal.device.targets` and
    hand-written `hal.executable`s (dispatch wrappers): compiled once with `iree-compile
    --iree-llvmcpu-disable-distribution` in a subprocess, then every call runs in a child
    process, with the same per-call results and errors as `run_functions`."""
    return _compile_and_run("irverify-iree-host-", host_text, calls, timeout_s, compile_first=_compile_host)


def _compile_host(wd: str, host_text: str, timeout_s: float) -> ExecutionError | None:
    """Compile a host module with `iree-compile` into `wd/module.vmfb`; the error, or None."""
    src = os.path.join(wd, "host.mlir")
    with open(src, "w", encoding="utf-8") as f:
        f.write(host_text)
    cmd = _iree_compile_command() + list(HOST_COMPILE_FLAGS) + [src, "-o", os.path.join(wd, "module.vmfb")]
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return ExecutionError("timeout", f"iree-compile killed after {timeout_s:g} s")
    except OSError as e:
        return ExecutionError("compile", f"cannot run iree-compile: {e}")
    if proc.returncode != 0:
        text = proc.stderr.decode("utf-8", "replace")
        return ExecutionError("compile", _first_error_line(text), text)
    return None


def _compile_and_run(prefix: str, module_text: str, calls: list, timeout_s: float, compile_first) -> list:
    """Run every call in child processes, restarting after a death; one result or error per call.

    `compile_first(workdir, module_text, timeout_s)` writes `module.vmfb` before any child runs
    and returns an ExecutionError on failure; without it the first child compiles `module_text`.
    """
    calls = [(str(name), list(inputs)) for name, inputs in calls]
    if not calls:
        return []
    with tempfile.TemporaryDirectory(prefix=prefix) as wd:
        if compile_first is not None and (err := compile_first(wd, module_text, timeout_s)) is not None:
            return [ExecutionError(err.kind, err.message, err.detail) for _ in calls]
        _dump(os.path.join(wd, "request.pkl"), {"module": module_text, "calls": calls})
        results: list = [None] * len(calls)
        start = 0
        while start < len(calls):
            death = _run_child(wd, start, timeout_s)
            if (failed := _compile_failure(wd, death)) is not None:
                return [ExecutionError(failed.kind, failed.message, failed.detail) for _ in calls]
            k = start
            while k < len(calls) and os.path.exists(os.path.join(wd, f"result_{k}.pkl")):
                with open(os.path.join(wd, f"result_{k}.pkl"), "rb") as f:
                    out = pickle.load(f)
                results[k] = out[1] if out[0] == "ok" else ExecutionError(*out)
                k += 1
            if k < len(calls):
                results[k] = death or ExecutionError("crash", f"IREE child returned no result for call {k}")
                k += 1
            start = k
    return results


def _compile_failure(wd: str, death: ExecutionError | None) -> ExecutionError | None:
    """The error of a child that failed to compile the module (or died compiling it), else None."""
    compile_err = os.path.join(wd, "compile_error.pkl")
    if os.path.exists(compile_err):
        with open(compile_err, "rb") as f:
            line, detail = pickle.load(f)
        return ExecutionError("compile", line, detail)
    if not os.path.exists(os.path.join(wd, "module.vmfb")):
        death = death or ExecutionError("crash", "IREE child produced no module")
        return ExecutionError(death.kind, death.message + " during compilation", death.detail)
    return None


if __name__ == "__main__":
    _here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]  # this file is not `iree`
    sys.exit(_child_main(sys.argv[1], int(sys.argv[2])))
