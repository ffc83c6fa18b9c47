#!/usr/bin/python3
"""A real SMTP server on 127.0.0.1 for membersync's tests (started by tests/support/smtp_process.cpp).

It listens on --port (0: a port the kernel chooses), prints the port on stdout once it accepts
connections, and runs until SIGTERM. The recipient's local part chooses what happens:

  refuse...      550 to RCPT TO
  later...       451 to RCPT TO
  datarefuse...  554 after the message data
  datalater...   451 after the message data
  drop...        the connection is closed after the message data, without a reply
  anything else  250, and the message is stored

A stored message is one file in FOLDER/mails, written whole into FOLDER/tmp first and renamed:
"from ADDRESS" and "to ADDRESS" lines (the envelope), an empty line, then the data exactly as
received (dot-unstuffed, CRLF line ends). Names sort in the order of arrival.

The crash hook: when FOLDER/kill-pid exists (a process id), the next message that would be
stored is stored, then that process gets SIGKILL, then the reply is 250. The file is renamed to
kill-pid.done first, so the hook fires once.

Needs Debian's python3-aiosmtpd (1.4).
"""

import argparse
import asyncio
import itertools
import os
import signal
import socket
import ssl
import sys
import time

from aiosmtpd.smtp import SMTP, AuthResult, LoginPassword


def local_part(address):
    return address.rsplit("@", 1)[0].lower()


class Handler:
    def __init__(self, folder):
        self.folder = folder
        self.mails = os.path.join(folder, "mails")
        self.tmp = os.path.join(folder, "tmp")
        os.makedirs(self.mails, exist_ok=True)
        os.makedirs(self.tmp, exist_ok=True)
        self.sequence = itertools.count(1)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        local = local_part(address)
        if local.startswith("refuse"):
            return "550 5.1.1 <%s>: recipient refused" % address
        if local.startswith("later"):
            return "451 4.3.0 <%s>: try again later" % address
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        local = local_part(envelope.rcpt_tos[0]) if envelope.rcpt_tos else ""
        if local.startswith("datarefuse"):
            return "554 5.6.0 message refused"
        if local.startswith("datalater"):
            return "451 4.3.0 message not accepted now, try again later"
        if local.startswith("drop"):
            server.transport.abort()  # no reply: the client cannot know what became of it
            return "250 2.0.0 never seen"
        self.store(envelope)
        self.crash_hook()
        return "250 2.0.0 OK stored"

    def store(self, envelope):
        name = "%020d-%d-%06d.mail" % (time.time_ns(), os.getpid(), next(self.sequence))
        head = "from %s\n" % envelope.mail_from
        head += "".join("to %s\n" % to for to in envelope.rcpt_tos)
        temporary = os.path.join(self.tmp, name)
        with open(temporary, "wb") as f:
            f.write(head.encode("utf-8") + b"\n" + envelope.original_content)
        # No fsync: readers are processes on this machine, the rename makes it whole for them.
        os.replace(temporary, os.path.join(self.mails, name))

    def crash_hook(self):
        hook = os.path.join(self.folder, "kill-pid")
        try:
            os.replace(hook, hook + ".done")
        except FileNotFoundError:
            return
        with open(hook + ".done") as f:
            pid = int(f.read().strip())
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def server_context(cert, key):
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--folder", required=True)
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--tls", choices=["none", "starttls", "implicit"], default="none")
    p.add_argument("--require-starttls", action="store_true")
    p.add_argument("--cert")
    p.add_argument("--key")
    p.add_argument("--auth-user")
    p.add_argument("--auth-password-file")  # the password, not on the command line
    p.add_argument("--auth-require-tls", action="store_true")
    args = p.parse_args()

    handler = Handler(args.folder)
    context = server_context(args.cert, args.key) if args.tls != "none" else None
    password = None
    if args.auth_user:
        with open(args.auth_password_file, "rb") as f:
            password = f.read()

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword) and auth_data.login == args.auth_user.encode()
              and auth_data.password == password)
        return AuthResult(success=ok, handled=False)  # handled=False: aiosmtpd sends the 535

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)

    def smtp():
        options = dict(hostname="membersync-test-smtp", loop=loop)
        if args.tls == "starttls":
            options.update(tls_context=context, require_starttls=args.require_starttls)
        if args.auth_user:
            options.update(authenticator=authenticator, auth_required=True,
                           auth_require_tls=args.auth_require_tls)
        return SMTP(handler, **options)

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", args.port))
    except OSError as e:
        print("cannot listen on 127.0.0.1:%d: %s" % (args.port, e), file=sys.stderr)
        return 2
    sock.listen(128)
    server = loop.run_until_complete(
        loop.create_server(smtp, sock=sock, ssl=context if args.tls == "implicit" else None))
    loop.add_signal_handler(signal.SIGTERM, loop.stop)
    print(sock.getsockname()[1], flush=True)
    loop.run_forever()
    server.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
