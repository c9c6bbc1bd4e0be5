#!/usr/bin/python3
"""An SMTP sink on 127.0.0.1 for the sign-in flow's tests (Debian's python3-aiosmtpd).

usage: smtp_sink.py DIR [--starttls] [--smtputf8]

Listens on a free port (bound here, so no port is guessed), writes it to DIR/port once
it accepts connections, and stores every message it receives as DIR/NNNN.eml: an
X-Envelope-To line, an X-Sink-TLS line (the TLS version the message came over, or
none), then the message exactly as received. With --starttls it makes itself a
certificate for 127.0.0.1 (DIR/cert.pem, the CA file a client trusts) and refuses
mail before STARTTLS. With --smtputf8 it offers SMTPUTF8 (RFC 6531) and so takes
addresses beyond ASCII; without, it offers nothing of the kind. Stops on SIGTERM.
"""
import asyncio
import os
import signal
import socket
import ssl
import subprocess
import sys

from aiosmtpd.smtp import SMTP


class Sink:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        final = os.path.join(self.folder, "%04d.eml" % self.count)
        tmp = os.path.join(self.folder, ".%04d.tmp" % self.count)
        with open(tmp, "wb") as f:
            f.write(b"X-Envelope-To: " + ",".join(envelope.rcpt_tos).encode() + b"\r\n")
            tls = session.ssl.get("cipher") if isinstance(session.ssl, dict) else None
            version = tls[1] if tls else "none"
            f.write(b"X-Sink-TLS: " + version.encode() + b"\r\n")
            content = envelope.original_content or envelope.content
            f.write(content if isinstance(content, bytes) else content.encode())
        os.rename(tmp, final)  # a reader never sees half a message
        return "250 OK"


def tls_context(folder):
    cert, key = os.path.join(folder, "cert.pem"), os.path.join(folder, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
                    "-keyout", key, "-out", cert], check=True, capture_output=True)
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(cert, key)
    return ctx


async def main(folder, starttls, smtputf8):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    handler = Sink(folder)
    loop = asyncio.get_running_loop()
    ctx = tls_context(folder) if starttls else None
    server = await loop.create_server(
        lambda: SMTP(handler, hostname="sink.test", tls_context=ctx, require_starttls=starttls,
                     enable_SMTPUTF8=smtputf8), sock=sock)
    stop = loop.create_future()
    loop.add_signal_handler(signal.SIGTERM, stop.set_result, None)
    port_tmp = os.path.join(folder, ".port")
    with open(port_tmp, "w") as f:
        f.write(str(sock.getsockname()[1]))
    os.rename(port_tmp, os.path.join(folder, "port"))
    await stop
    server.close()


if __name__ == "__main__":
    os.makedirs(sys.argv[1], exist_ok=True)
    asyncio.run(main(sys.argv[1], "--starttls" in sys.argv[2:], "--smtputf8" in sys.argv[2:]))
