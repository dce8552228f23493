// bsd:u sockets on 127.0.0.1, reached exactly as libnx's socket layer reaches them
// (switchbrew/libnx nx/source/services/bsd.c and nx/source/sf/sessionmgr.c): RegisterClient
// with a transfer memory, StartMonitoring on a second session, clones of the first session so
// that each thread has its own, and every buffer auto-select. Checks TCP (a blocking Accept in
// one thread while another connects), UDP, non-blocking connects, Poll and Select timeouts and
// wake-ups, EAGAIN and SO_RCVTIMEO, FIONREAD, 64 sockets at once and bad descriptors.

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "service_client.h"
#include "thread.h"

// The console's socket library is FreeBSD's: its constants (FreeBSD sys/socket.h, poll.h,
// sys/filio.h), and errno in Linux numbering (libnx socket.c: "Nintendo actually used the Linux
// errno definitions for their FreeBSD build"). Fcntl's non-blocking flag is Linux's 0x800 too:
// libnx's fcntl turns newlib's O_NONBLOCK into O_NONBLOCK_NX 0x800 on the way (socket.c).
enum {
    kAfInet = 2,
    kSockStream = 1,
    kSockDgram = 2,
    kSockNonblock = 0x20000000,
    kSolSocket = 0xffff,
    kSoReuseAddr = 4,
    kSoRcvTimeo = 0x1006,
    kSoError = 0x1007,
    kFGetFl = 3,
    kFSetFl = 4,
    kONonblock = 0x800,
    kMsgDontWait = 0x80,
    kPollIn = 1,
    kPollOut = 4,
    kPollErr = 8,
    kPollHup = 0x10,
    kShutWr = 1,
};
#define FIONREAD 0x4004667fu  // _IOR('f', 127, int)
#define IOC_OUT 0x40000000u
#define IOC_IN 0x80000000u
#define IOCPARM_LEN(request) (((request) >> 16) & 0x1fff)

enum { kEbadf = 9, kEagain = 11, kEinval = 22, kEconnrefused = 111, kEinprogress = 115 };

// bsd:u's commands (switchbrew "Sockets services", libnx bsd.c).
enum {
    kRegisterClient = 0,
    kStartMonitoring = 1,
    kSocket = 2,
    kSelect = 5,
    kPoll = 6,
    kRecv = 8,
    kRecvFrom = 9,
    kSend = 10,
    kSendTo = 11,
    kAccept = 12,
    kBind = 13,
    kConnect = 14,
    kGetPeerName = 15,
    kGetSockName = 16,
    kGetSockOpt = 17,
    kListen = 18,
    kIoctl = 19,
    kFcntl = 20,
    kSetSockOpt = 21,
    kShutdown = 22,
    kWrite = 24,
    kRead = 25,
    kClose = 26,
};

enum { kTicksPerMillisecond = 19200, kLoopback = 0x7f000001 };

typedef struct {
    uint8_t length;
    uint8_t family;
    uint16_t port;     // big-endian
    uint32_t address;  // big-endian
    uint8_t zero[8];
} SockAddrIn;

typedef struct {
    int32_t fd;
    int16_t events;
    int16_t revents;
} PollFd;

// newlib's fd_set, as libnx programs pass it: FD_SETSIZE 64 in one unsigned long.
typedef struct {
    uint64_t bits;
} FdSet;

// struct timeval of libnx's newlib (64-bit time_t and suseconds_t).
typedef struct {
    int64_t seconds;
    int64_t microseconds;
} TimeVal;

// The answer of a socket command: the IPC's result, then the raw {s32 ret; s32 errno} every
// command replies with and the u32 that commands with an out address or option add.
typedef struct {
    Result result;
    int32_t ret;
    int32_t error;  // errno when ret < 0, else 0 (as libnx's _bsdDispatchImpl reads it)
    uint32_t length;
} BsdReply;

typedef struct {
    const void* address;
    size_t size;
    bool out;
} BsdBuffer;

static uint16_t g_pointer_buffer_size;  // bsd:u's, from QueryPointerBufferSize

// Checks from several threads: the counters of check.h under a lock.
static GuestMutex g_check_mutex;

static void ExpectAt(bool ok, int line, const char* text) {
    guest_mutex_lock(&g_check_mutex);
    ++g_checks;
    if (!ok) {
        ++g_failures;
        printf("FAIL %s:%d: %s\n", __FILE__, line, text);
    }
    guest_mutex_unlock(&g_check_mutex);
}
#define EXPECT(condition) ExpectAt((condition), __LINE__, #condition)

// ret >= 0 where a call returns a descriptor or a byte count not known in advance.
#define ANY_RESULT INT32_MIN

static void ExpectReplyAt(BsdReply reply, int32_t ret, int32_t error, int line, const char* text) {
    const bool ok = reply.result == 0 && (ret == ANY_RESULT ? reply.ret >= 0 : reply.ret == ret) &&
                    reply.error == error;
    guest_mutex_lock(&g_check_mutex);
    ++g_checks;
    if (!ok) {
        ++g_failures;
        printf("FAIL %s:%d: %s gave result %#x, ret %d, errno %d; expected ret %d, errno %d\n",
               __FILE__, line, text, (unsigned)reply.result, reply.ret, reply.error,
               ret == ANY_RESULT ? 0 : ret, error);
    }
    guest_mutex_unlock(&g_check_mutex);
}
#define EXPECT_REPLY(reply, ret, error) ExpectReplyAt((reply), (ret), (error), __LINE__, #reply)
#define EXPECT_OK(reply) ExpectReplyAt((reply), ANY_RESULT, 0, __LINE__, #reply)

static uint64_t MillisecondsSince(uint64_t start) {
    return (svcGetSystemTick() - start) / kTicksPerMillisecond;
}

// A 100 ms timeout on the host took about that long on the guest's clock. Not under
// --deterministic (sockets_deterministic.c), where the guest clock follows guest instructions
// and a wait on the host takes no guest time.
static void ExpectAbout100MsAt(uint64_t milliseconds, int line) {
#ifndef SOCKETS_GUEST_CLOCK_IS_INSTRUCTIONS
    char text[64];
    snprintf(text, sizeof(text), "a 100 ms timeout took %llu ms", (unsigned long long)milliseconds);
    ExpectAt(milliseconds >= 80 && milliseconds <= 1000, line, text);
#else
    (void)milliseconds;
    (void)line;
#endif
}
#define EXPECT_ABOUT_100_MS(milliseconds) ExpectAbout100MsAt((milliseconds), __LINE__)

static SockAddrIn Loopback(uint16_t port) {
    const SockAddrIn address = {.length = sizeof(SockAddrIn),
                                .family = kAfInet,
                                .port = __builtin_bswap16(port),
                                .address = __builtin_bswap32(kLoopback)};
    return address;
}

static uint16_t PortOf(const SockAddrIn* address) {
    return __builtin_bswap16(address->port);
}

static bool IsLoopback(const SockAddrIn* address) {
    return address->family == kAfInet && address->address == __builtin_bswap32(kLoopback);
}

// One socket command as libnx's _bsdDispatchImpl sends it. Each buffer is auto-select
// (libnx cmif.h cmifRequestInAutoBuffer / cmifRequestOutAutoBuffer): while it fits in what is
// left of the server's pointer buffer it travels as the pointer kind (X in, C out) with an empty
// A or B beside it, else as the mapped kind with an empty X or C.
static BsdReply BsdCall(Handle session, uint32_t command, const void* in, uint32_t in_size,
                        const BsdBuffer* buffers, int count) {
    IpcCall call = {.command = command, .in = in, .in_size = in_size, .c_size_table = true};
    uint32_t pointer_room = g_pointer_buffer_size;
    const IpcBuffer none = {0, 0};
    for (int i = 0; i < count; ++i) {
        const IpcBuffer buffer = {(uintptr_t)buffers[i].address, buffers[i].size};
        const bool as_pointer = pointer_room != 0 && buffer.size <= pointer_room;
        if (as_pointer) {
            pointer_room -= (uint32_t)buffer.size;
        }
        if (buffers[i].out) {
            call.c[call.c_count++] = as_pointer ? buffer : none;
            call.b[call.b_count++] = as_pointer ? none : buffer;
        } else {
            call.x[call.x_count++] = as_pointer ? buffer : none;
            call.a[call.a_count++] = as_pointer ? none : buffer;
        }
    }
    struct {
        int32_t ret;
        int32_t error;
        uint32_t length;
    } out = {-1, -1, 0};
    call.out = &out;
    call.out_size = sizeof(out);
    BsdReply reply = {.result = ipc_call(session, &call), .ret = -1, .error = -1};
    if (reply.result == 0) {
        reply.ret = out.ret;
        reply.error = out.ret < 0 ? out.error : 0;
        reply.length = out.length;
    }
    return reply;
}

static BsdReply BsdSocket(Handle session, int32_t domain, int32_t type, int32_t protocol) {
    const int32_t in[3] = {domain, type, protocol};
    return BsdCall(session, kSocket, in, sizeof(in), NULL, 0);
}

// Bind, Connect: the descriptor, the address as an in buffer.
static BsdReply BsdAddressIn(Handle session, uint32_t command, int32_t fd, const void* address,
                             uint32_t length) {
    const BsdBuffer buffer = {address, length, false};
    return BsdCall(session, command, &fd, sizeof(fd), &buffer, 1);
}

// Accept, GetPeerName, GetSockName: the descriptor; the address as an out buffer, its length in
// the reply.
static BsdReply BsdAddressOut(Handle session, uint32_t command, int32_t fd, SockAddrIn* address) {
    const BsdBuffer buffer = {address, sizeof(*address), true};
    return BsdCall(session, command, &fd, sizeof(fd), &buffer, 1);
}

// Listen, Shutdown, Close: one or two ints.
static BsdReply BsdInts(Handle session, uint32_t command, int32_t first, int32_t second) {
    const int32_t in[2] = {first, second};
    return BsdCall(session, command, in, command == kClose ? 4 : 8, NULL, 0);
}

static BsdReply BsdClose(Handle session, int32_t fd) {
    return BsdInts(session, kClose, fd, 0);
}

static BsdReply BsdSend(Handle session, int32_t fd, const void* data, size_t size, int32_t flags) {
    const int32_t in[2] = {fd, flags};
    const BsdBuffer buffer = {data, size, false};
    return BsdCall(session, kSend, in, sizeof(in), &buffer, 1);
}

static BsdReply BsdRecv(Handle session, int32_t fd, void* data, size_t size, int32_t flags) {
    const int32_t in[2] = {fd, flags};
    const BsdBuffer buffer = {data, size, true};
    return BsdCall(session, kRecv, in, sizeof(in), &buffer, 1);
}

static BsdReply BsdSendTo(Handle session, int32_t fd, const void* data, size_t size, int32_t flags,
                          const SockAddrIn* to) {
    const int32_t in[2] = {fd, flags};
    const BsdBuffer buffers[2] = {{data, size, false}, {to, sizeof(*to), false}};
    return BsdCall(session, kSendTo, in, sizeof(in), buffers, 2);
}

static BsdReply BsdRecvFrom(Handle session, int32_t fd, void* data, size_t size, int32_t flags,
                            SockAddrIn* from) {
    const int32_t in[2] = {fd, flags};
    const BsdBuffer buffers[2] = {{data, size, true}, {from, sizeof(*from), true}};
    return BsdCall(session, kRecvFrom, in, sizeof(in), buffers, 2);
}

static BsdReply BsdWrite(Handle session, int32_t fd, const void* data, size_t size) {
    const BsdBuffer buffer = {data, size, false};
    return BsdCall(session, kWrite, &fd, sizeof(fd), &buffer, 1);
}

static BsdReply BsdRead(Handle session, int32_t fd, void* data, size_t size) {
    const BsdBuffer buffer = {data, size, true};
    return BsdCall(session, kRead, &fd, sizeof(fd), &buffer, 1);
}

static BsdReply BsdFcntl(Handle session, int32_t fd, int32_t command, int32_t flags) {
    const int32_t in[3] = {fd, command, command == kFGetFl ? 0 : flags};
    return BsdCall(session, kFcntl, in, sizeof(in), NULL, 0);
}

static BsdReply BsdSetSockOpt(Handle session, int32_t fd, int32_t level, int32_t option,
                              const void* value, uint32_t size) {
    const int32_t in[3] = {fd, level, option};
    const BsdBuffer buffer = {value, size, false};
    return BsdCall(session, kSetSockOpt, in, sizeof(in), &buffer, 1);
}

static BsdReply BsdGetSockOpt(Handle session, int32_t fd, int32_t level, int32_t option,
                              void* value, uint32_t size) {
    const int32_t in[3] = {fd, level, option};
    const BsdBuffer buffer = {value, size, true};
    return BsdCall(session, kGetSockOpt, in, sizeof(in), &buffer, 1);
}

// Poll: {s32 nfds; s32 timeout} (libnx's nfds_t is 32 bits), the pollfd array in and out.
static BsdReply BsdPoll(Handle session, PollFd* fds, int32_t count, int32_t timeout_ms) {
    const int32_t in[2] = {count, timeout_ms};
    const size_t size = (size_t)count * sizeof(PollFd);
    const BsdBuffer buffers[2] = {{fds, size, false}, {fds, size, true}};
    return BsdCall(session, kPoll, in, sizeof(in), buffers, 2);
}

// Select: {s32 nfds; BsdSelectTimeval {struct timeval; bool is_null}}, the three sets in, then
// the same three out; a set not given travels as an empty buffer.
static BsdReply BsdSelect(Handle session, int32_t nfds, FdSet* read, FdSet* write, FdSet* except,
                          const TimeVal* timeout) {
    struct {
        int32_t nfds;
        uint32_t padding;
        TimeVal timeout;
        uint8_t is_null;
        uint8_t padding2[7];
    } in = {.nfds = nfds, .is_null = timeout == NULL};
    if (timeout) {
        in.timeout = *timeout;
    }
    const BsdBuffer buffers[6] = {
        {read, read ? sizeof(FdSet) : 0, false},     {write, write ? sizeof(FdSet) : 0, false},
        {except, except ? sizeof(FdSet) : 0, false}, {read, read ? sizeof(FdSet) : 0, true},
        {write, write ? sizeof(FdSet) : 0, true},    {except, except ? sizeof(FdSet) : 0, true},
    };
    return BsdCall(session, kSelect, &in, sizeof(in), buffers, 6);
}

// Ioctl as libnx's generic case sends it: {fd, request, bufcount 1}, four in buffers and four
// out buffers, the first of each the data when the request reads or writes it.
static BsdReply BsdIoctl(Handle session, int32_t fd, uint32_t request, void* data) {
    const int32_t in[3] = {fd, (int32_t)request, 1};
    const size_t size = IOCPARM_LEN(request);
    BsdBuffer buffers[8] = {{0}};
    for (int i = 0; i < 4; ++i) {
        buffers[4 + i].out = true;
    }
    if (request & IOC_IN) {
        buffers[0] = (BsdBuffer){data, size, false};
    }
    if (request & IOC_OUT) {
        buffers[4] = (BsdBuffer){data, size, true};
    }
    return BsdCall(session, kIoctl, in, sizeof(in), buffers, 8);
}

// A socket bound to 127.0.0.1 on a port the host chooses; its port in *port.
static int32_t BoundSocket(Handle session, int32_t type, uint16_t* port) {
    const BsdReply socket = BsdSocket(session, kAfInet, type, 0);
    EXPECT_OK(socket);
    const SockAddrIn any_port = Loopback(0);
    EXPECT_REPLY(BsdAddressIn(session, kBind, socket.ret, &any_port, sizeof(any_port)), 0, 0);
    SockAddrIn name = {0};
    const BsdReply got = BsdAddressOut(session, kGetSockName, socket.ret, &name);
    EXPECT_REPLY(got, 0, 0);
    EXPECT(got.length == sizeof(SockAddrIn));
    EXPECT(IsLoopback(&name));
    EXPECT(PortOf(&name) != 0);
    *port = PortOf(&name);
    return socket.ret;
}

// Waits for a thread, at most ten seconds: a socket call that never returns fails the check
// instead of hanging the run (the thread, still in its call, keeps its stack).
static void JoinThread(GuestThread* thread) {
    int32_t index;
    const Result waited = svcWaitSynchronization(&index, &thread->handle, 1, 10000000000ull);
    EXPECT(waited == 0);
    if (waited == 0) {
        guest_thread_close(thread);
    }
}

// ---- TCP: a blocking Accept in a thread of its own while the main thread connects ----

typedef struct {
    Handle session;
    int32_t listener;
    uint16_t client_port;  // set by the main thread before it joins
    SockAddrIn peer;
    BsdReply accepted, last_recv, close;
    uint32_t echoed;
    bool send_failed;
} EchoServer;

static uint8_t g_echo_buffer[0x1000];  // larger than the pointer buffer: B buffers

static void EchoServerThread(void* raw) {
    EchoServer* server = raw;
    server->accepted = BsdAddressOut(server->session, kAccept, server->listener, &server->peer);
    if (server->accepted.ret < 0) {
        return;
    }
    const int32_t fd = server->accepted.ret;
    for (;;) {
        server->last_recv = BsdRecv(server->session, fd, g_echo_buffer, sizeof(g_echo_buffer), 0);
        if (server->last_recv.ret <= 0) {
            break;
        }
        for (int32_t sent = 0; sent < server->last_recv.ret;) {
            const BsdReply reply = BsdSend(server->session, fd, g_echo_buffer + sent,
                                           (size_t)(server->last_recv.ret - sent), 0);
            if (reply.ret <= 0) {
                server->send_failed = true;
                break;
            }
            sent += reply.ret;
        }
        server->echoed += (uint32_t)server->last_recv.ret;
    }
    server->close = BsdClose(server->session, fd);
}

// Receives exactly `size` bytes (TCP may hand them over in pieces).
static bool ReceiveAll(Handle session, int32_t fd, uint8_t* data, size_t size, bool use_read) {
    for (size_t got = 0; got < size;) {
        const BsdReply reply = use_read ? BsdRead(session, fd, data + got, size - got)
                                        : BsdRecv(session, fd, data + got, size - got, 0);
        if (reply.result != 0 || reply.ret <= 0) {
            printf("sockets: receiving %zu bytes stopped at %zu: result %#x, ret %d, errno %d\n",
                   size, got, (unsigned)reply.result, reply.ret, reply.error);
            return false;
        }
        got += (size_t)reply.ret;
    }
    return true;
}

enum { kBigSize = 0x3000 };
static uint8_t g_big_out[kBigSize], g_big_in[kBigSize];

static void TestTcpEcho(Handle main_session, Handle server_session, int32_t* listener_out,
                        uint16_t* listener_port_out) {
    const BsdReply listener = BsdSocket(main_session, kAfInet, kSockStream, 0);
    EXPECT_OK(listener);
    const int32_t one = 1;
    EXPECT_REPLY(
        BsdSetSockOpt(main_session, listener.ret, kSolSocket, kSoReuseAddr, &one, sizeof(one)), 0,
        0);
    const SockAddrIn any_port = Loopback(0);
    EXPECT_REPLY(BsdAddressIn(main_session, kBind, listener.ret, &any_port, sizeof(any_port)), 0,
                 0);
    SockAddrIn name = {0};
    const BsdReply got_name = BsdAddressOut(main_session, kGetSockName, listener.ret, &name);
    EXPECT_REPLY(got_name, 0, 0);
    EXPECT(got_name.length == sizeof(SockAddrIn));
    EXPECT(name.length == sizeof(SockAddrIn));
    EXPECT(IsLoopback(&name));
    const uint16_t port = PortOf(&name);
    EXPECT(port != 0);
    EXPECT_REPLY(BsdInts(main_session, kListen, listener.ret, 4), 0, 0);

    static EchoServer server;
    server = (EchoServer){.session = server_session, .listener = listener.ret};
    GuestThread thread;
    EXPECT(guest_thread_create(&thread, EchoServerThread, &server, 0x8000, 44, 1) == 0);
    EXPECT(guest_thread_start(&thread) == 0);
    // Let the server reach its Accept and block there before the connection comes.
    svcSleepThread(50000000);

    const BsdReply client = BsdSocket(main_session, kAfInet, kSockStream, 0);
    EXPECT_OK(client);
    const SockAddrIn to = Loopback(port);
    EXPECT_REPLY(BsdAddressIn(main_session, kConnect, client.ret, &to, sizeof(to)), 0, 0);
    SockAddrIn mine = {0}, peer = {0};
    EXPECT_REPLY(BsdAddressOut(main_session, kGetSockName, client.ret, &mine), 0, 0);
    EXPECT(IsLoopback(&mine) && PortOf(&mine) != 0);
    const BsdReply got_peer = BsdAddressOut(main_session, kGetPeerName, client.ret, &peer);
    EXPECT_REPLY(got_peer, 0, 0);
    EXPECT(got_peer.length == sizeof(SockAddrIn));
    EXPECT(IsLoopback(&peer) && PortOf(&peer) == port);

    // A small message through Write/Read (pointer buffers), a large one through Send/Recv
    // (mapped buffers).
    EXPECT_REPLY(BsdWrite(main_session, client.ret, "ping", 4), 4, 0);
    uint8_t small[4] = {0};
    EXPECT(ReceiveAll(main_session, client.ret, small, sizeof(small), true));
    EXPECT(memcmp(small, "ping", 4) == 0);
    for (int i = 0; i < kBigSize; ++i) {
        g_big_out[i] = (uint8_t)(i * 7 + (i >> 8));
    }
    EXPECT_REPLY(BsdSend(main_session, client.ret, g_big_out, kBigSize, 0), kBigSize, 0);
    EXPECT(ReceiveAll(main_session, client.ret, g_big_in, kBigSize, false));
    EXPECT(memcmp(g_big_in, g_big_out, kBigSize) == 0);

    // Our end of the stream: the server sees recv 0 and closes, and so do we.
    EXPECT_REPLY(BsdInts(main_session, kShutdown, client.ret, kShutWr), 0, 0);
    EXPECT_REPLY(BsdRecv(main_session, client.ret, small, sizeof(small), 0), 0, 0);
    JoinThread(&thread);
    EXPECT_OK(server.accepted);
    EXPECT(server.accepted.length == sizeof(SockAddrIn));
    EXPECT(IsLoopback(&server.peer) && PortOf(&server.peer) == PortOf(&mine));
    EXPECT(server.echoed == 4 + kBigSize);
    EXPECT(!server.send_failed);
    EXPECT_REPLY(server.last_recv, 0, 0);
    EXPECT_REPLY(server.close, 0, 0);
    EXPECT_REPLY(BsdClose(main_session, client.ret), 0, 0);
    *listener_out = listener.ret;
    *listener_port_out = port;
}

// ---- Non-blocking connects, SO_ERROR and FIONREAD ----

static void TestNonBlockingConnect(Handle session, int32_t listener, uint16_t port) {
    const BsdReply socket = BsdSocket(session, kAfInet, kSockStream | kSockNonblock, 0);
    EXPECT_OK(socket);
    const BsdReply flags = BsdFcntl(session, socket.ret, kFGetFl, 0);
    EXPECT_OK(flags);
    EXPECT((flags.ret & kONonblock) != 0);
    const SockAddrIn to = Loopback(port);
    const BsdReply connect = BsdAddressIn(session, kConnect, socket.ret, &to, sizeof(to));
    EXPECT(connect.result == 0 &&
           (connect.ret == 0 || (connect.ret == -1 && connect.error == kEinprogress)));
    PollFd poll = {socket.ret, kPollOut, 0};
    EXPECT_REPLY(BsdPoll(session, &poll, 1, 1000), 1, 0);
    EXPECT((poll.revents & kPollOut) != 0);
    int32_t error = -1;
    const BsdReply got = BsdGetSockOpt(session, socket.ret, kSolSocket, kSoError, &error, 4);
    EXPECT_REPLY(got, 0, 0);
    EXPECT(got.length == 4);
    EXPECT(error == 0);

    // The connection waits in the listener's queue: Accept answers at once. FIONREAD on the
    // accepted end counts what the client sent.
    SockAddrIn peer = {0};
    const BsdReply accepted = BsdAddressOut(session, kAccept, listener, &peer);
    EXPECT_OK(accepted);
    EXPECT(IsLoopback(&peer));
    EXPECT_REPLY(BsdSend(session, socket.ret, "0123456789", 10, 0), 10, 0);
    PollFd readable = {accepted.ret, kPollIn, 0};
    EXPECT_REPLY(BsdPoll(session, &readable, 1, 1000), 1, 0);
    EXPECT((readable.revents & kPollIn) != 0);
    int32_t pending = -1;
    EXPECT_REPLY(BsdIoctl(session, accepted.ret, FIONREAD, &pending), 0, 0);
    EXPECT(pending == 10);
    uint8_t data[16] = {0};
    EXPECT_REPLY(BsdRecv(session, accepted.ret, data, sizeof(data), 0), 10, 0);
    EXPECT(memcmp(data, "0123456789", 10) == 0);
    EXPECT_REPLY(BsdClose(session, accepted.ret), 0, 0);
    EXPECT_REPLY(BsdClose(session, socket.ret), 0, 0);
}

static void TestRefusedConnect(Handle session) {
    // A port nothing listens on: bound once, then closed.
    uint16_t port = 0;
    const int32_t probe = BoundSocket(session, kSockStream, &port);
    EXPECT_REPLY(BsdClose(session, probe), 0, 0);

    // Made non-blocking with F_SETFL this time.
    const BsdReply socket = BsdSocket(session, kAfInet, kSockStream, 0);
    EXPECT_OK(socket);
    const BsdReply before = BsdFcntl(session, socket.ret, kFGetFl, 0);
    EXPECT_OK(before);
    EXPECT((before.ret & kONonblock) == 0);
    EXPECT_REPLY(BsdFcntl(session, socket.ret, kFSetFl, before.ret | kONonblock), 0, 0);
    const BsdReply after = BsdFcntl(session, socket.ret, kFGetFl, 0);
    EXPECT_OK(after);
    EXPECT((after.ret & kONonblock) != 0);

    const SockAddrIn to = Loopback(port);
    const BsdReply connect = BsdAddressIn(session, kConnect, socket.ret, &to, sizeof(to));
    EXPECT(connect.result == 0 && connect.ret == -1 &&
           (connect.error == kEinprogress || connect.error == kEconnrefused));
    if (connect.error == kEinprogress) {
        PollFd poll = {socket.ret, kPollOut, 0};
        EXPECT_REPLY(BsdPoll(session, &poll, 1, 1000), 1, 0);
        EXPECT((poll.revents & (kPollOut | kPollErr | kPollHup)) != 0);
        int32_t error = -1;
        EXPECT_REPLY(BsdGetSockOpt(session, socket.ret, kSolSocket, kSoError, &error, 4), 0, 0);
        EXPECT(error == kEconnrefused);
    }
    EXPECT_REPLY(BsdClose(session, socket.ret), 0, 0);
}

// ---- UDP, Poll and Select, EAGAIN and SO_RCVTIMEO ----

typedef struct {
    Handle session;
    int32_t fd;
    SockAddrIn to;
    BsdReply sent;
} DelayedSend;

static void DelayedSendThread(void* raw) {
    DelayedSend* send = raw;
    svcSleepThread(50000000);
    send->sent = BsdSendTo(send->session, send->fd, "late", 4, 0, &send->to);
}

static void TestUdp(Handle session, Handle helper_session) {
    uint16_t port_a = 0, port_b = 0;
    const int32_t a = BoundSocket(session, kSockDgram, &port_a);
    const int32_t b = BoundSocket(session, kSockDgram, &port_b);
    EXPECT(port_a != port_b);

    const SockAddrIn to_b = Loopback(port_b);
    EXPECT_REPLY(BsdSendTo(session, a, "datagram", 8, 0, &to_b), 8, 0);
    uint8_t data[64] = {0};
    SockAddrIn from = {0};
    const BsdReply received = BsdRecvFrom(session, b, data, sizeof(data), 0, &from);
    EXPECT_REPLY(received, 8, 0);
    EXPECT(received.length == sizeof(SockAddrIn));
    EXPECT(memcmp(data, "datagram", 8) == 0);
    EXPECT(IsLoopback(&from) && PortOf(&from) == port_a);

    // A connected datagram socket sends with Send.
    const SockAddrIn to_a = Loopback(port_a);
    EXPECT_REPLY(BsdAddressIn(session, kConnect, b, &to_a, sizeof(to_a)), 0, 0);
    EXPECT_REPLY(BsdSend(session, b, "reply", 5, 0), 5, 0);
    EXPECT_REPLY(BsdRecv(session, a, data, sizeof(data), 0), 5, 0);
    EXPECT(memcmp(data, "reply", 5) == 0);

    // Nothing waiting: MSG_DONTWAIT, and a SOCK_NONBLOCK socket, answer EAGAIN.
    EXPECT_REPLY(BsdRecv(session, a, data, sizeof(data), kMsgDontWait), -1, kEagain);
    const BsdReply nonblocking = BsdSocket(session, kAfInet, kSockDgram | kSockNonblock, 0);
    EXPECT_OK(nonblocking);
    EXPECT_REPLY(BsdRecv(session, nonblocking.ret, data, sizeof(data), 0), -1, kEagain);
    EXPECT_REPLY(BsdClose(session, nonblocking.ret), 0, 0);
    // F_SETFL makes a socket non-blocking and back (libnx's fcntl and ioctl FIONBIO).
    EXPECT_REPLY(BsdFcntl(session, a, kFSetFl, kONonblock), 0, 0);
    EXPECT_REPLY(BsdRecv(session, a, data, sizeof(data), 0), -1, kEagain);
    EXPECT_REPLY(BsdFcntl(session, a, kFSetFl, 0), 0, 0);
    EXPECT_REPLY(BsdFcntl(session, a, kFGetFl, 0), 0, 0);

    // Poll and Select with 100 ms and nothing to read: 0 after about that long.
    PollFd poll = {a, kPollIn, 0};
    uint64_t start = svcGetSystemTick();
    EXPECT_REPLY(BsdPoll(session, &poll, 1, 100), 0, 0);
    uint64_t waited = MillisecondsSince(start);
    EXPECT_ABOUT_100_MS(waited);
    EXPECT(poll.revents == 0);
    EXPECT(a >= 0 && a < 64);  // inside newlib's fd_set
    const uint64_t a_bit = a >= 0 && a < 64 ? 1ull << a : 0;
    FdSet read = {a_bit};
    const TimeVal timeout = {0, 100000};
    start = svcGetSystemTick();
    EXPECT_REPLY(BsdSelect(session, a + 1, &read, NULL, NULL, &timeout), 0, 0);
    waited = MillisecondsSince(start);
    EXPECT_ABOUT_100_MS(waited);
    EXPECT(read.bits == 0);

    // A Poll that waits while another thread (its own session) sends: it wakes on the datagram.
    static DelayedSend send;
    send = (DelayedSend){.session = helper_session, .fd = b, .to = to_a};
    GuestThread thread;
    EXPECT(guest_thread_create(&thread, DelayedSendThread, &send, 0x8000, 44, 2) == 0);
    EXPECT(guest_thread_start(&thread) == 0);
    poll = (PollFd){a, kPollIn, 0};
    start = svcGetSystemTick();
    EXPECT_REPLY(BsdPoll(session, &poll, 1, 5000), 1, 0);
    waited = MillisecondsSince(start);
    EXPECT(waited < 4000);
    EXPECT((poll.revents & kPollIn) != 0);
    JoinThread(&thread);
    EXPECT_REPLY(send.sent, 4, 0);
    // Select sees the same datagram, still unread.
    read.bits = a_bit;
    const TimeVal second = {1, 0};
    EXPECT_REPLY(BsdSelect(session, a + 1, &read, NULL, NULL, &second), 1, 0);
    EXPECT(read.bits == a_bit);
    memset(&from, 0, sizeof(from));
    EXPECT_REPLY(BsdRecvFrom(session, a, data, sizeof(data), 0, &from), 4, 0);
    EXPECT(memcmp(data, "late", 4) == 0);
    EXPECT(IsLoopback(&from) && PortOf(&from) == port_b);

    // SO_RCVTIMEO: a blocking Recv gives up after 100 ms with EAGAIN.
    const TimeVal receive_timeout = {0, 100000};
    EXPECT_REPLY(BsdSetSockOpt(session, a, kSolSocket, kSoRcvTimeo, &receive_timeout,
                               sizeof(receive_timeout)),
                 0, 0);
    start = svcGetSystemTick();
    EXPECT_REPLY(BsdRecv(session, a, data, sizeof(data), 0), -1, kEagain);
    waited = MillisecondsSince(start);
    EXPECT_ABOUT_100_MS(waited);

    EXPECT_REPLY(BsdClose(session, a), 0, 0);
    EXPECT_REPLY(BsdClose(session, b), 0, 0);
}

// ---- Many sockets, bad descriptors ----

static void TestManySockets(Handle session) {
    enum { kCount = 64 };
    int32_t fds[kCount];
    int opened = 0;
    for (int i = 0; i < kCount; ++i) {
        const BsdReply socket = BsdSocket(session, kAfInet, i % 2 ? kSockDgram : kSockStream, 0);
        fds[i] = socket.ret;
        opened += socket.result == 0 && socket.ret >= 0;
    }
    EXPECT(opened == kCount);
    bool distinct = true;
    for (int i = 0; i < kCount; ++i) {
        for (int j = i + 1; j < kCount; ++j) {
            distinct = distinct && fds[i] != fds[j];
        }
    }
    EXPECT(distinct);
    int closed = 0;
    for (int i = 0; i < kCount; ++i) {
        const BsdReply close = BsdClose(session, fds[i]);
        closed += close.result == 0 && close.ret == 0;
    }
    EXPECT(closed == kCount);
    EXPECT_REPLY(BsdClose(session, fds[0]), -1, kEbadf);
}

static void TestBadDescriptors(Handle session) {
    uint8_t data[16];
    EXPECT_REPLY(BsdRecv(session, 9999, data, sizeof(data), 0), -1, kEbadf);
    EXPECT_REPLY(BsdClose(session, 9999), -1, kEbadf);
    // An address longer than any (Linux: more than a sockaddr_storage; FreeBSD: sa_len not
    // that of a sockaddr_in): EINVAL.
    const BsdReply socket = BsdSocket(session, kAfInet, kSockStream, 0);
    EXPECT_OK(socket);
    static uint8_t long_address[200];
    const SockAddrIn address = Loopback(0);
    memcpy(long_address, &address, sizeof(address));
    EXPECT_REPLY(BsdAddressIn(session, kBind, socket.ret, long_address, sizeof(long_address)), -1,
                 kEinval);
    EXPECT_REPLY(BsdClose(session, socket.ret), 0, 0);
}

// ---- Setting up as libnx's bsdInitialize does ----

// libnx's default BsdInitConfig and _bsdGetTransferMemSizeForConfig.
typedef struct {
    uint32_t version;
    uint32_t tcp_tx_buf_size, tcp_rx_buf_size, tcp_tx_buf_max_size, tcp_rx_buf_max_size;
    uint32_t udp_tx_buf_size, udp_rx_buf_size;
    uint32_t sb_efficiency;
} BsdInitConfig;

static const BsdInitConfig kDefaultConfig = {1,       0x8000, 0x10000, 0x40000,
                                             0x40000, 0x2400, 0xA500,  4};

static uint64_t TransferMemorySize(const BsdInitConfig* config) {
    const uint32_t sum = config->tcp_tx_buf_max_size + config->tcp_rx_buf_max_size +
                         config->udp_tx_buf_size + config->udp_rx_buf_size;
    return (uint64_t)config->sb_efficiency * ((sum + 0xfff) & ~0xfffu);
}

int main(void) {
    const Handle sm = ConnectToSm();
    const Handle bsd = OpenService(sm, "bsd:u");
    const Handle monitor = OpenService(sm, "bsd:u");
    // serviceCreate asks every new session for its pointer buffer (control command 3).
    IpcCall query = {.command = 3, .control = true, .out = &g_pointer_buffer_size, .out_size = 2};
    CHECK_RESULT(ipc_call(bsd, &query), 0);

    const uint64_t memory_size = TransferMemorySize(&kDefaultConfig);
    CHECK(memory_size == 0x234000);
    void* memory = aligned_alloc(0x1000, memory_size);
    CHECK(memory != NULL);
    Handle transfer = 0;
    CHECK_RESULT(svcCreateTransferMemory(&transfer, memory, memory_size, 0), 0);
    const struct {
        BsdInitConfig config;
        uint64_t pid_placeholder;
        uint64_t transfer_memory_size;
    } registration = {kDefaultConfig, 0, memory_size};
    uint64_t client_pid = 0;
    IpcCall register_client = {.command = kRegisterClient,
                               .send_pid = true,
                               .in = &registration,
                               .in_size = sizeof(registration),
                               .copy_handles = {transfer},
                               .copy_count = 1,
                               .out = &client_pid,
                               .out_size = sizeof(client_pid)};
    CHECK_RESULT(ipc_call(bsd, &register_client), 0);
    IpcCall start_monitoring = {.command = kStartMonitoring,
                                .send_pid = true,
                                .in = &client_pid,
                                .in_size = sizeof(client_pid)};
    CHECK_RESULT(ipc_call(monitor, &start_monitoring), 0);

    // sessionmgrCreate: libnx's three sessions, the first and two clones of it; here one for
    // each thread.
    Handle sessions[3] = {bsd, 0, 0};
    for (int i = 1; i < 3; ++i) {
        IpcCall clone = {.command = 2, .control = true};
        CHECK_RESULT(ipc_call(bsd, &clone), 0);
        CHECK(clone.handle_count == 1);
        sessions[i] = clone.handles[0];
    }

    int32_t listener = -1;
    uint16_t listener_port = 0;
    TestTcpEcho(sessions[0], sessions[1], &listener, &listener_port);
    TestNonBlockingConnect(sessions[0], listener, listener_port);
    EXPECT_REPLY(BsdClose(sessions[0], listener), 0, 0);
    TestRefusedConnect(sessions[0]);
    TestUdp(sessions[0], sessions[2]);
    TestManySockets(sessions[0]);
    TestBadDescriptors(sessions[0]);

    // _bsdCleanup's order: the clones, the monitor, the first session, the transfer memory.
    for (int i = 2; i >= 0; --i) {
        CHECK_RESULT(svcCloseHandle(sessions[i]), 0);
    }
    CHECK_RESULT(svcCloseHandle(monitor), 0);
    CHECK_RESULT(svcCloseHandle(transfer), 0);
    svcCloseHandle(sm);
    return check_summary("sockets");
}
