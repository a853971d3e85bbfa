#!/usr/bin/env python3
# A handler for inbox-dispatcher in the standard library only (docs/handlers.md): it checks
# the Standard Webhooks signature and does its work once per Idempotency-Key, however often
# the dispatcher sends the event (a retry after a timeout, an operator's requeue).
#   WEBHOOK_SECRET=whsec_... python3 handler.py 8090
import base64, hashlib, hmac, http.server, os, sqlite3, sys, time

KEY = base64.b64decode(os.environ["WEBHOOK_SECRET"].removeprefix("whsec_"))
db = sqlite3.connect("handled.db", isolation_level=None, check_same_thread=False)
db.execute("CREATE TABLE IF NOT EXISTS handled (key TEXT PRIMARY KEY, body BLOB, at REAL)")


def do_the_work(body):
    """Your work (create the deal, send the message), written through `db` so that it commits
    with the key; or keyed by the same key in the system it writes to."""


def signed(h, body):
    mac = hmac.new(KEY, f"{h['webhook-id']}.{h['webhook-timestamp']}.".encode() + body,
                   hashlib.sha256).digest()
    expected = "v1," + base64.b64encode(mac).decode()
    return (abs(time.time() - int(h["webhook-timestamp"])) <= 300
            and any(hmac.compare_digest(expected, s) for s in h["webhook-signature"].split()))


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if not signed(self.headers, body):
            return self.answer(401, b'{"error":"bad signature"}')
        # The key and the work's effect commit together: a repeat finds the key and does nothing.
        db.execute("BEGIN IMMEDIATE")
        new = db.execute("INSERT OR IGNORE INTO handled VALUES (?, ?, ?)",
                         (self.headers["Idempotency-Key"], body, time.time())).rowcount == 1
        if new:
            do_the_work(body)
        db.execute("COMMIT")
        self.answer(200, b'{"duplicate":%s}' % (b"false" if new else b"true"))

    def answer(self, status, payload):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
