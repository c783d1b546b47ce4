"""The wheel's commands: ptxfmt, ptxlint, ptxrewrite and ptxls run from the environment."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import ptxkit

TOOLS = ["ptxfmt", "ptxlint", "ptxrewrite", "ptxls"]


@pytest.mark.parametrize("name", TOOLS)
def test_version(name, tool):
    run = subprocess.run([tool(name), "--version"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout == f"{name} {ptxkit.__version__}\n"


@pytest.mark.parametrize("name", ["ptxfmt", "ptxlint", "ptxrewrite"])
def test_usage_error_exits_2(name, tool):
    run = subprocess.run([tool(name), "--no-such-flag"], capture_output=True, text=True)
    assert run.returncode == 2
    assert "--no-such-flag" in run.stderr
    assert run.stdout == ""


def test_exit_codes_on_examples(root, tool):
    examples = root / "examples"
    assert subprocess.run([tool("ptxfmt"), "--check", str(examples)], capture_output=True).returncode == 0
    assert subprocess.run([tool("ptxlint"), str(examples / "clean")], capture_output=True).returncode == 0
    found = subprocess.run([tool("ptxlint"), "--format", "json", str(examples / "findings")], capture_output=True, text=True)
    assert found.returncode == 1
    assert len(json.loads(found.stdout)) >= 5
    missing = subprocess.run([tool("ptxlint"), str(examples / "no-such-file.ptx")], capture_output=True, text=True)
    assert missing.returncode == 2 and missing.stderr.startswith("error:")


def test_output_survives_a_closed_pipe(root, tool):
    """`ptxlint … | head -1`: no traceback, no error."""
    run = subprocess.run(
        f"'{tool('ptxlint')}' --format concise '{root / 'examples'}' | head -1",
        shell=True, capture_output=True, text=True,
    )
    assert run.stdout.count("\n") == 1
    assert "Traceback" not in run.stderr and "error" not in run.stderr


def test_python_dash_m(root):
    run = subprocess.run([sys.executable, "-m", "ptxkit", "ptxfmt", "--check", str(root / "examples")], capture_output=True)
    assert run.returncode == 0, run.stderr
    bad = subprocess.run([sys.executable, "-m", "ptxkit", "nvcc"], capture_output=True, text=True)
    assert bad.returncode == 2 and "usage" in bad.stderr


def _message(body: dict) -> bytes:
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n%s" % (len(data), data)


def _read(stream) -> dict:
    length = 0
    while True:
        line = stream.readline()
        if line in (b"\r\n", b""):
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(stream.read(length))


def test_ptxls_speaks_lsp(tool):
    """initialize, didOpen a file with an undeclared register, diagnostics, shutdown, exit."""
    server = subprocess.Popen([tool("ptxls")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        server.stdin.write(_message({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                                     "params": {"processId": None, "rootUri": None, "capabilities": {}}}))
        server.stdin.flush()
        reply = _read(server.stdout)
        assert reply["id"] == 1 and reply["result"]["capabilities"]["documentFormattingProvider"]
        text = ".version 7.8\n.target sm_80\n.entry k()\n{\n    .reg .b32 %r<2>;\n    mov.u32 %r1, %q;\n    ret;\n}\n"
        for body in (
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                "uri": "file:///tmp/k.ptx", "languageId": "ptx", "version": 1, "text": text}}},
        ):
            server.stdin.write(_message(body))
        server.stdin.flush()
        while True:
            note = _read(server.stdout)
            if note.get("method") == "textDocument/publishDiagnostics":
                break
        assert [d["code"] for d in note["params"]["diagnostics"]] == [
            f.code for f in ptxkit.lint(text)
        ]
        server.stdin.write(_message({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
        server.stdin.write(_message({"jsonrpc": "2.0", "method": "exit"}))
        server.stdin.flush()
        assert _read(server.stdout)["id"] == 2
        assert server.wait(timeout=30) == 0
    finally:
        if server.poll() is None:
            server.kill()


def test_ctrl_c_stops_a_command_as_it_stops_the_binary(tool):
    """SIGINT while ptxlint waits on standard input: killed by the signal, no traceback."""
    import signal
    import time

    run = subprocess.Popen([tool("ptxlint"), "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(1.0)  # past the interpreter's start, into the Rust code reading stdin
    run.send_signal(signal.SIGINT)
    try:
        _, stderr = run.communicate(timeout=30)
    finally:
        run.kill()
    assert run.returncode == -signal.SIGINT, (run.returncode, stderr)
    assert b"Traceback" not in stderr
