"""The client of irverify's fork server (``irverify/forkserver.py``): runs one command line of
``irverify`` or ``filecheck`` in a process forked from a server that has imported them already.

Run as a script, with the standard library only, so that it starts in a few milliseconds::

    python -I -S irverify/forkclient.py SOCKET TOOL [ARG...]

It passes its standard input, output and error, its working directory, environment and arguments
to the server, waits for the forked process and ends as it ended (the same exit code, or killed by
the same signal). When the server cannot be reached it runs ``python -m TOOL`` itself, so a
missing server costs time, never a result.
"""

import json
import os
import signal
import socket
import struct
import sys
import time

CONNECT_WAIT_S = 60.0
"""How long a client waits for a server that is still importing (it listens once it is ready)."""


def _connect(path: str) -> socket.socket | None:
    deadline = time.monotonic() + CONNECT_WAIT_S
    while True:
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            conn.connect(path)
            return conn
        except OSError:
            conn.close()
            if time.monotonic() > deadline or not os.path.exists(os.path.dirname(path) or "."):
                return None
        time.sleep(0.05)


def _run_directly(tool: str, args: list[str]) -> None:
    os.execv(sys.executable, [sys.executable, "-m", tool, *args])


def _end_as(code: int) -> None:
    if code < 0:  # killed by a signal: end the same way, so a shell or lit sees the crash
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    sys.exit(code)


def main(argv: list[str]) -> None:
    path, tool, args = argv[0], argv[1], argv[2:]
    conn = _connect(path)
    if conn is None:
        _run_directly(tool, args)
    request = json.dumps({"tool": tool, "argv": args, "cwd": os.getcwd(), "env": dict(os.environ)}).encode()
    socket.send_fds(conn, [struct.pack("!I", len(request)) + request], [0, 1, 2])
    reply = b""
    while len(reply) < 4:
        chunk = conn.recv(4 - len(reply))
        if not chunk:
            break
        reply += chunk
    if len(reply) < 4:  # the server went away without an answer
        sys.stderr.write(f"irverify fork server at {path}: no exit status for {tool}\n")
        sys.exit(125)
    _end_as(struct.unpack("!i", reply)[0])


if __name__ == "__main__":
    main(sys.argv[1:])
