"""A fork server for suites that run ``irverify`` (and ``filecheck``) hundreds of times.

Each ``irverify check`` process spends about 0.5 s importing Python, numpy, z3 and the MLIR
bindings before it reads its input, and 1.7 s when TVM is imported too; a lit suite of 500 RUN
lines pays that 500 times. The server imports everything once, then forks one process per command
line: the forked process takes the client's standard streams, working directory, environment and
arguments, runs ``python -m TOOL``'s main as a fresh process would, and exits. Nothing passes from
one command line to the next (each is forked from the server's unchanged state), and nothing in
the server holds an MLIR context, a solver or a thread pool when it forks.

Use it from a lit configuration::

    from irverify import forkserver
    run = forkserver.lit_commands(sys.executable)   # {"irverify": ..., "filecheck": ...}

``lit_commands`` starts the server (stopped when lit exits, or when its parent process dies) and
returns the command prefixes that reach it through ``irverify/forkclient.py``. A client that
cannot reach the server runs the tool itself.

The server::

    python -m irverify.forkserver SOCKET [--preload MODULE ...] [--parent PID]
"""

from __future__ import annotations

import argparse
import atexit
import importlib
import io
import json
import os
import runpy
import select
import shlex
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import traceback

TOOLS = ("irverify", "filecheck")
"""The modules a client may run (``python -m TOOL``)."""

PRELOAD = ("irverify.cli", "irverify.verify.check", "irverify.frontends.mlir.parse", "iree.compiler.ir",
           "z3", "numpy", "filecheck.main")
"""Imported before the server listens; ``--preload`` adds more (``tvm.relax``)."""

SERVERS: list[subprocess.Popen] = []
"""The servers ``lit_commands`` started in this process."""

CLIENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "forkclient.py")


def _exit_code(exc: BaseException | None) -> int:
    """The exit code Python gives a program that ended with ``exc`` (``None``: returned)."""
    if exc is None:
        return 0
    if isinstance(exc, SystemExit):
        if exc.code is None:
            return 0
        if isinstance(exc.code, int):
            return exc.code
        print(exc.code, file=sys.stderr)
        return 1
    traceback.print_exception(exc)
    return 1


def _reopen_standard_streams() -> None:
    """Standard streams on the client's descriptors 0-2, as a new interpreter would open them."""
    sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8",
                                  line_buffering=os.isatty(1))
    sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                  errors="backslashreplace", line_buffering=True)


def _run_tool(request: dict, fds: list[int]) -> None:
    """In the forked process: become the client's ``python -m TOOL ARGV`` and exit."""
    os.setpgid(0, 0)  # one group, killed together if the client goes away
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    _reopen_standard_streams()
    sys.argv = [request["tool"], *request["argv"]]
    outcome = None
    try:
        runpy.run_module(request["tool"], run_name="__main__", alter_sys=True)
    except BaseException as exc:  # noqa: BLE001 - every ending becomes an exit code, as in Python
        outcome = exc
    code = _exit_code(outcome)
    try:
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(code & 0xFF)


def _serve_connection(conn: socket.socket) -> None:
    """In a process forked per connection: fork the tool, wait for it, send its exit status
    (negative: the signal that killed it); kill it if the client disconnects first."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    message, fds, _flags, _addr = socket.recv_fds(conn, 1 << 16, 3)
    while len(message) < 4 or len(message) < 4 + struct.unpack("!I", message[:4])[0]:
        more = conn.recv(1 << 16)  # the request may be longer than one read
        if not more:
            return
        message += more
    request = json.loads(message[4:])
    if request.get("tool") not in TOOLS or len(fds) != 3:
        conn.sendall(struct.pack("!i", 2))
        return
    pid = os.fork()
    if pid == 0:
        conn.close()
        _run_tool(request, fds)
    for fd in fds:
        os.close(fd)
    exited = os.pidfd_open(pid)
    readable, _, _ = select.select([conn, exited], [], [])
    if exited not in readable:  # the client went away (killed by a timeout): stop its tool
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    os.close(exited)
    _, status = os.waitpid(pid, 0)
    try:
        conn.sendall(struct.pack("!i", os.waitstatus_to_exitcode(status)))
    except OSError:
        pass


def serve(path: str, preload: list[str], parent: int | None = None) -> None:
    """Imports ``preload``, listens on the Unix socket ``path`` and serves until its parent
    process (``parent``, by default the one it has when it starts) ends."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # no BLAS threads to lose across fork
    for name in (*PRELOAD, *preload):
        try:
            importlib.import_module(name)
        except ImportError:
            pass
    parent = parent or os.getppid()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # connection processes reap themselves
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    listener.settimeout(1.0)
    sys.stdout.flush()
    sys.stderr.flush()
    while os.getppid() == parent:
        try:
            conn, _ = listener.accept()
        except socket.timeout:
            continue
        conn.settimeout(None)
        if os.fork() == 0:
            listener.close()
            code = 0
            try:
                _serve_connection(conn)
            except BaseException:  # noqa: BLE001 - the client reports a missing status
                code = 1
            os._exit(code)
        conn.close()
    listener.close()


def lit_commands(python: str, preload: tuple[str, ...] = ("tvm.relax",),
                 env: dict[str, str] | None = None) -> dict[str, str]:
    """Starts a server for this lit run (with ``env``, the environment whose ``PYTHONPATH`` the
    tools' imports follow) and returns the shell command prefix for each tool."""
    directory = tempfile.mkdtemp(prefix="irverify-forkserver-")
    path = os.path.join(directory, "socket")
    command = [python, "-m", "irverify.forkserver", path, "--parent", str(os.getpid())]
    for name in preload:
        command += ["--preload", name]
    server = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, env=env)

    def stop() -> None:
        server.kill()
        server.wait()
        for name in os.listdir(directory):
            os.unlink(os.path.join(directory, name))
        os.rmdir(directory)

    atexit.register(stop)
    SERVERS.append(server)
    client = f"{shlex.quote(python)} -I -S {shlex.quote(CLIENT)} {shlex.quote(path)}"
    return {tool: f"{client} {tool}" for tool in TOOLS}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m irverify.forkserver", description=__doc__.split("\n\n")[0])
    parser.add_argument("socket", help="the Unix socket to listen on")
    parser.add_argument("--preload", action="append", default=[], help="a module to import before listening")
    parser.add_argument("--parent", type=int, help="serve while this process is the parent (default: the parent "
                        "at start)")
    args = parser.parse_args(argv)
    serve(args.socket, args.preload, args.parent)


if __name__ == "__main__":
    main()
