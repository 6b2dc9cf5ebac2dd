"""HAProxy's agent check for the nodes of .ci/galera.sh: answers "up" while a node is Synced
(wsrep_local_state 4), "down" otherwise (joining, donor, desynced, or not answering), so that the
proxy never sends a client to a node that may not have applied the cluster's committed writes.
Usage: python3 galera-agent.py DIR (one listening port per node, DIR/nodeN/agent)."""
import socketserver
import subprocess
import sys
import threading
from pathlib import Path

DIR = Path(sys.argv[1])


def synced(node: Path) -> bool:
    try:
        out = subprocess.run(
            ["mariadb", "--no-defaults", f"--socket={node / 'mysql.sock'}", "-uroot", "-N", "-e",
             "SHOW STATUS LIKE 'wsrep_local_state'"],
            capture_output=True, text=True, timeout=2,
        ).stdout.split()
    except subprocess.TimeoutExpired:
        return False
    return len(out) == 2 and out[1] == "4"


def serve(node: Path) -> None:
    class Agent(socketserver.BaseRequestHandler):
        def handle(self) -> None:
            self.request.sendall(b"up\n" if synced(node) else b"down\n")

    port = int((node / "agent").read_text())
    socketserver.ThreadingTCPServer.allow_reuse_address = True
    socketserver.ThreadingTCPServer(("127.0.0.1", port), Agent).serve_forever()


for node in sorted(DIR.glob("node*")):
    threading.Thread(target=serve, args=(node,), daemon=True).start()
threading.Event().wait()
