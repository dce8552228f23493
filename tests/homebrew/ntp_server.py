#!/usr/bin/env python3
"""A small SNTP server for the homebrew tests: answers every request with one fixed time.

ntp_server.py [--address A] [--port P] [--time 2030-01-02T03:04:05Z] [--loopback-up]
              [--ready-file F]

Listens on A:P (127.0.0.1, port 0: one the host picks) for SNTP requests (RFC 4330) and
answers each as a stratum-1 server whose clock reads --time: the reference, receive and
transmit timestamps all say that time and the originate timestamp echoes the request's
transmit one, as section 5 of the RFC has a server do. Each request is logged on stderr with
its sender, version and mode. When it is listening it prints the port (and writes it to
--ready-file, for a script to wait on). --loopback-up first brings up "lo", for a network
namespace of its own (`unshare -Urn`), where port 123 can be bound without the host's root.
Runs until killed.
"""

import argparse
import datetime
import fcntl
import os
import socket
import struct
import sys

# Seconds from the NTP era's start (1900-01-01) to the Unix epoch (RFC 868).
NTP_UNIX_DELTA = 2208988800

# Linux's interface ioctls (linux/sockios.h) and flags (linux/if.h).
SIOCGIFFLAGS = 0x8913
SIOCSIFFLAGS = 0x8914
IFF_UP = 0x1


def loopback_up():
    """Sets IFF_UP on "lo" (a fresh network namespace starts with it down)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as control:
        request = struct.pack("16sH14x", b"lo", 0)
        flags = struct.unpack("16sH14x", fcntl.ioctl(control, SIOCGIFFLAGS, request))[1]
        fcntl.ioctl(control, SIOCSIFFLAGS, struct.pack("16sH14x", b"lo", flags | IFF_UP))


def parse_time(text):
    when = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    return int(when.replace(tzinfo=datetime.timezone.utc).timestamp())


def answer(request, unix_seconds):
    """The reply to one request (48 bytes: RFC 4330 section 4), or None to drop it."""
    if len(request) < 48:
        return None
    first = request[0]
    version = (first >> 3) & 7
    mode = first & 7
    if mode != 3 or version not in (1, 2, 3, 4):  # only client requests
        return None
    seconds = (unix_seconds + NTP_UNIX_DELTA) & 0xFFFFFFFF
    header = struct.pack(
        ">BBbbII4s",
        (0 << 6) | (version << 3) | 4,  # no leap warning, the client's version, server mode
        1,  # stratum 1: a primary reference
        request[2],  # the client's poll interval
        -20,  # precision, about a microsecond
        0,  # root delay
        0,  # root dispersion
        b"NXHT",  # reference id: a stratum-1 server names its source in four characters
    )
    originate = request[40:48]  # the client's transmit timestamp
    return (header + struct.pack(">II", seconds, 0) + originate +
            struct.pack(">IIII", seconds, 0, seconds, 0))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--time", default="2030-01-02T03:04:05Z")
    parser.add_argument("--loopback-up", action="store_true")
    parser.add_argument("--ready-file")
    args = parser.parse_args()

    if args.loopback_up:
        loopback_up()
    unix_seconds = parse_time(args.time)
    server = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    server.bind((args.address, args.port))
    port = server.getsockname()[1]
    print(f"ntp_server: listening on {args.address}:{port}, answering {args.time}",
          file=sys.stderr, flush=True)
    if args.ready_file:
        with open(args.ready_file + ".part", "w") as ready:
            ready.write(f"{port}\n")
        os.replace(args.ready_file + ".part", args.ready_file)
    while True:
        request, sender = server.recvfrom(512)
        reply = answer(request, unix_seconds)
        version = (request[0] >> 3) & 7 if request else 0
        mode = request[0] & 7 if request else 0
        if reply is None:
            print(f"ntp_server: ignored {len(request)} bytes from {sender[0]}:{sender[1]} "
                  f"(version {version}, mode {mode})", file=sys.stderr, flush=True)
            continue
        server.sendto(reply, sender)
        print(f"ntp_server: answered {sender[0]}:{sender[1]} (version {version}, mode {mode}) "
              f"with {args.time}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
