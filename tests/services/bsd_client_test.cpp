// bsd:u / bsd:s on real loopback sockets: requests built as libnx builds them (bsd.c's
// layouts: raw arguments, auto-select buffers as A / B descriptors) go through a ServerSession
// to a BsdClient, and the answers are read back from the reply and the fake guest memory.

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "ipc/hipc.h"
#include "ipc/server_session.h"
#include "ipc/structured_request.h"
#include "services/bsd/bsd_client.h"
#include "services/bsd/bsd_constants.h"
#include "support/fake_ipc_environment.h"

namespace {

using services::bsd::BsdClient;
using services::bsd::NetworkAccess;
using services::bsd::NetworkConfig;
using Environment = test_support::FakeIpcEnvironment;
namespace guest = services::bsd::guest;
using namespace std::chrono_literals;

// Command ids (libnx bsd.c).
enum Command : u32 {
    kSocket = 2,
    kOpen = 4,
    kSelect = 5,
    kPoll = 6,
    kSysctl = 7,
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
    kDuplicateSocket = 27,
    kRecvMMsg = 29,
    kSendMMsg = 30,
    kEventFd = 31,
};

constexpr u32 kLoopback = 0x7f000001;
const std::vector<u8> kNothing;  // an empty buffer
constexpr u32 kAny = 0;

// Raw arguments, each aligned to itself in the order given (callers give them as nn::sf
// sorts them: smallest alignment first).
template <typename... T>
std::vector<u8> Raw(const T&... values) {
    std::vector<u8> bytes;
    const auto add = [&bytes](const auto& value) {
        const std::size_t align = alignof(std::decay_t<decltype(value)>);
        bytes.resize((bytes.size() + align - 1) / align * align);
        const auto* data = reinterpret_cast<const u8*>(&value);
        bytes.insert(bytes.end(), data, data + sizeof(value));
    };
    (add(values), ...);
    return bytes;
}

template <typename T>
std::vector<u8> Bytes(const T& value) {
    const auto* data = reinterpret_cast<const u8*>(&value);
    return std::vector<u8>(data, data + sizeof(value));
}

template <typename T>
T ValueOf(const std::vector<u8>& bytes) {
    T value{};
    std::memcpy(&value, bytes.data(), std::min(sizeof(T), bytes.size()));
    return value;
}

// The console's sockaddr_in: {len, family, port, address, zero[8]}, in network order.
std::vector<u8> Inet(u32 address, u16 port) {
    return {16,
            guest::kAfInet,
            static_cast<u8>(port >> 8),
            static_cast<u8>(port),
            static_cast<u8>(address >> 24),
            static_cast<u8>(address >> 16),
            static_cast<u8>(address >> 8),
            static_cast<u8>(address),
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0};
}
u16 PortOf(const std::vector<u8>& sockaddr) {
    return static_cast<u16>(sockaddr[2] << 8 | sockaddr[3]);
}
u32 AddressOf(const std::vector<u8>& sockaddr) {
    return static_cast<u32>(sockaddr[4]) << 24 | static_cast<u32>(sockaddr[5]) << 16 |
           static_cast<u32>(sockaddr[6]) << 8 | sockaddr[7];
}

struct GuestPollFd {
    s32 fd;
    s16 events;
    s16 revents;
};

struct Answer {
    u32 result = 0;  // the command's result code
    s32 ret = 0;
    s32 errno_value = 0;
    u32 length = 0;                    // the extra output of the commands that have one
    std::vector<std::vector<u8>> out;  // the out buffers, as the guest reads them after
};

// A guest thread calling one BsdClient through a session of its own, with its buffers in its
// own 32 KiB of the fake memory (so that threads can call at once).
class Guest {
public:
    Guest(Environment& environment, std::shared_ptr<BsdClient> client, int slot)
        : environment_(environment),
          session_(std::make_shared<ipc::ServerSession>(std::move(client))),
          region_(Environment::kMemoryBase + static_cast<u64>(slot) * 0x8000) {}

    Answer Call(u32 command, const std::vector<u8>& raw,
                const std::vector<std::vector<u8>>& in = {},
                const std::vector<std::size_t>& out = {}) {
        std::vector<std::vector<u8>> filled;
        for (const std::size_t size : out) {
            filled.emplace_back(size, 0xAA);
        }
        return CallFilled(command, raw, in, filled);
    }

    // A call whose out buffers hold `out` before it (RecvMMsg's and SendMMsg's messages).
    Answer CallFilled(u32 command, const std::vector<u8>& raw,
                      const std::vector<std::vector<u8>>& in,
                      const std::vector<std::vector<u8>>& out) {
        ipc_test::RequestShape shape;
        shape.command = command;
        shape.arguments = raw;
        u64 at = region_;
        for (const auto& buffer : in) {
            EXPECT_TRUE(environment_.Memory().WriteBlock(at, buffer));
            shape.a.push_back({at, buffer.size()});
            at += (buffer.size() + 16) / 16 * 16;
        }
        for (const auto& contents : out) {
            EXPECT_TRUE(environment_.Memory().WriteBlock(at, contents));
            shape.b.push_back({at, contents.size()});
            at += (contents.size() + 16) / 16 * 16;
        }
        EXPECT_LE(at, region_ + 0x8000);
        auto message = ipc_test::BuildRequest(shape);
        EXPECT_TRUE(session_->HandleRequest(message, environment_).IsSuccess());
        std::string error;
        const auto reply = ipc::ParseHipc(message, error);
        EXPECT_TRUE(reply.has_value()) << error;
        Answer answer;
        const u32 start = (reply->data_offset + 15) / 16 * 16;
        std::memcpy(&answer.result, message.data() + start + 8, 4);
        std::memcpy(&answer.ret, message.data() + start + 16, 4);
        std::memcpy(&answer.errno_value, message.data() + start + 20, 4);
        std::memcpy(&answer.length, message.data() + start + 24, 4);
        for (const auto& descriptor : shape.b) {
            std::vector<u8> bytes(descriptor.size);
            EXPECT_TRUE(environment_.Memory().ReadBlock(descriptor.address, bytes));
            answer.out.push_back(std::move(bytes));
        }
        return answer;
    }

    s32 NewSocket(s32 type = guest::kSockStream) {
        const Answer answer = Call(kSocket, Raw(guest::kAfInet, type, 0));
        EXPECT_GE(answer.ret, 0) << answer.errno_value;
        return answer.ret;
    }
    Answer SockName(s32 fd) { return Call(kGetSockName, Raw(fd), {}, {16}); }
    Answer Recv(s32 fd, s32 flags, std::size_t size) {
        return Call(kRecv, Raw(fd, flags), {}, {size});
    }
    Answer Send(s32 fd, const std::string& text, s32 flags = 0) {
        return Call(kSend, Raw(fd, flags), {std::vector<u8>(text.begin(), text.end())});
    }
    Answer Fcntl(s32 fd, s32 command, s32 flags) { return Call(kFcntl, Raw(fd, command, flags)); }
    Answer Poll(std::vector<GuestPollFd> fds, s32 timeout_ms) {
        std::vector<u8> bytes(fds.size() * sizeof(GuestPollFd));
        std::memcpy(bytes.data(), fds.data(), bytes.size());
        return Call(kPoll, Raw(static_cast<s32>(fds.size()), timeout_ms), {bytes}, {bytes.size()});
    }
    Answer SetTimeval(s32 fd, s32 name, s64 seconds, s64 microseconds) {
        return Call(kSetSockOpt, Raw(fd, guest::kSolSocket, name), {Raw(seconds, microseconds)});
    }

    struct Connection {
        s32 listener;
        s32 client;
        s32 accepted;
    };
    // A listener on loopback, a client connected to it, and the accepted end.
    Connection Connected() {
        Connection connection{};
        connection.listener = NewSocket();
        EXPECT_EQ(Call(kBind, Raw(connection.listener), {Inet(kLoopback, 0)}).ret, 0);
        EXPECT_EQ(Call(kListen, Raw(connection.listener, 4)).ret, 0);
        const u16 port = PortOf(SockName(connection.listener).out[0]);
        connection.client = NewSocket();
        const Answer connected = Call(kConnect, Raw(connection.client), {Inet(kLoopback, port)});
        EXPECT_EQ(connected.ret, 0) << connected.errno_value;
        const Answer accepted = Call(kAccept, Raw(connection.listener), {}, {16});
        EXPECT_GE(accepted.ret, 0) << accepted.errno_value;
        connection.accepted = accepted.ret;
        return connection;
    }

private:
    Environment& environment_;
    std::shared_ptr<ipc::ServerSession> session_;
    u64 region_;
};

std::string Text(const std::vector<u8>& bytes, std::size_t size) {
    return std::string(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(size));
}

TEST(BsdClient, ConnectsAcceptsAndMovesDataOverLoopback) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const s32 listener = guest.NewSocket();
    EXPECT_EQ(listener, 0);  // guest fds start at 0
    ASSERT_EQ(guest.Call(kBind, Raw(listener), {Inet(kLoopback, 0)}).ret, 0);
    ASSERT_EQ(guest.Call(kListen, Raw(listener, 4)).ret, 0);
    const Answer name = guest.SockName(listener);
    ASSERT_EQ(name.ret, 0);
    EXPECT_EQ(name.length, 16u);
    EXPECT_EQ(name.out[0][0], 16);  // sin_len set
    EXPECT_EQ(name.out[0][1], guest::kAfInet);
    EXPECT_EQ(AddressOf(name.out[0]), kLoopback);
    const u16 port = PortOf(name.out[0]);
    EXPECT_NE(port, 0);

    const s32 client = guest.NewSocket();
    EXPECT_EQ(client, 1);
    const Answer connected = guest.Call(kConnect, Raw(client), {Inet(kLoopback, port)});
    ASSERT_EQ(connected.ret, 0) << connected.errno_value;  // a blocking connect waits for it
    const Answer accepted = guest.Call(kAccept, Raw(listener), {}, {16});
    ASSERT_EQ(accepted.ret, 2);
    EXPECT_EQ(accepted.length, 16u);
    EXPECT_EQ(accepted.out[0][0], 16);
    EXPECT_EQ(AddressOf(accepted.out[0]), kLoopback);
    EXPECT_EQ(PortOf(accepted.out[0]), PortOf(guest.SockName(client).out[0]));
    const Answer peer = guest.Call(kGetPeerName, Raw(client), {}, {16});
    EXPECT_EQ(PortOf(peer.out[0]), port);

    EXPECT_EQ(guest.Send(client, "hello").ret, 5);
    const Answer received = guest.Recv(accepted.ret, 0, 16);
    ASSERT_EQ(received.ret, 5);
    EXPECT_EQ(Text(received.out[0], 5), "hello");
    EXPECT_EQ(guest.Call(kWrite, Raw(accepted.ret), {{'o', 'k'}}).ret, 2);
    const Answer read = guest.Call(kRead, Raw(client), {}, {8});
    ASSERT_EQ(read.ret, 2);
    EXPECT_EQ(Text(read.out[0], 2), "ok");

    // Shutting the writing side down ends the reader's stream: Recv answers 0.
    EXPECT_EQ(guest.Call(kShutdown, Raw(client, 1)).ret, 0);
    EXPECT_EQ(guest.Recv(accepted.ret, 0, 16).ret, 0);

    EXPECT_EQ(guest.Call(kClose, Raw(listener)).ret, 0);
    const Answer again = guest.Call(kClose, Raw(listener));
    EXPECT_EQ(again.ret, -1);
    EXPECT_EQ(again.errno_value, services::bsd::kEbadf);
    EXPECT_EQ(guest.NewSocket(), 0);  // the lowest free fd again
}

TEST(BsdClient, UdpSendToAndRecvFromCarryAddresses) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const s32 receiver = guest.NewSocket(guest::kSockDgram);
    ASSERT_EQ(guest.Call(kBind, Raw(receiver), {Inet(kLoopback, 0)}).ret, 0);
    const u16 port = PortOf(guest.SockName(receiver).out[0]);
    const s32 sender = guest.NewSocket(guest::kSockDgram);
    const Answer sent =
        guest.Call(kSendTo, Raw(sender, 0), {{'p', 'i', 'n', 'g'}, Inet(kLoopback, port)});
    ASSERT_EQ(sent.ret, 4) << sent.errno_value;
    const Answer received = guest.Call(kRecvFrom, Raw(receiver, 0), {}, {16, 16});
    ASSERT_EQ(received.ret, 4);
    EXPECT_EQ(Text(received.out[0], 4), "ping");
    EXPECT_EQ(received.length, 16u);
    EXPECT_EQ(received.out[1][0], 16);
    EXPECT_EQ(received.out[1][1], guest::kAfInet);
    EXPECT_EQ(AddressOf(received.out[1]), kLoopback);
    EXPECT_EQ(PortOf(received.out[1]), PortOf(guest.SockName(sender).out[0]));
}

// Found by the bsd fuzz run: Linux polls a UDP socket whose receiving side was shut down as
// readable while its receive answers EAGAIN, and a blocking Recv spun there for ever. FreeBSD
// answers 0. (Shutdown answers ENOTCONN for an unconnected UDP socket, and shuts it anyway.)
TEST(BsdClient, ABlockingRecvOnAShutDownDatagramSocketAnswersZero) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const s32 socket = guest.NewSocket(guest::kSockDgram);
    ASSERT_EQ(guest.Call(kBind, Raw(socket), {Inet(kLoopback, 0)}).ret, 0);
    guest.Call(kShutdown, Raw(socket, 0));
    const auto start = std::chrono::steady_clock::now();
    const Answer received = guest.Recv(socket, 0, 16);
    EXPECT_EQ(received.ret, 0);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
    EXPECT_EQ(guest.Recv(socket, 0, 0).ret, 0);
}

TEST(BsdClient, NonBlockingCallsAnswerEagain) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const auto connection = guest.Connected();
    const Answer dontwait = guest.Recv(connection.accepted, guest::kMsgDontwait, 16);
    EXPECT_EQ(dontwait.ret, -1);
    EXPECT_EQ(dontwait.errno_value, services::bsd::kEagain);

    EXPECT_EQ(guest.Fcntl(connection.accepted, guest::kFGetfl, 0).ret, 0);
    EXPECT_EQ(guest.Fcntl(connection.accepted, guest::kFSetfl, guest::kONonblock).ret, 0);
    EXPECT_EQ(guest.Fcntl(connection.accepted, guest::kFGetfl, 0).ret, guest::kONonblock);
    EXPECT_EQ(guest.Recv(connection.accepted, 0, 16).errno_value, services::bsd::kEagain);
    EXPECT_EQ(guest.Fcntl(connection.accepted, 1, 0).errno_value, services::bsd::kEopnotsupp);

    // FIONBIO takes an int in the first in buffer.
    const Answer blocking = guest.Call(kIoctl, Raw(connection.accepted, guest::kFionbio, 1),
                                       {Raw(0), {}, {}, {}}, {0, 0, 0, 0});
    EXPECT_EQ(blocking.ret, 0);
    EXPECT_EQ(guest.Fcntl(connection.accepted, guest::kFGetfl, 0).ret, 0);

    const s32 listener =
        guest.Call(kSocket, Raw(guest::kAfInet, guest::kSockStream | guest::kSockNonblock, 0)).ret;
    EXPECT_EQ(guest.Fcntl(listener, guest::kFGetfl, 0).ret, guest::kONonblock);
    ASSERT_EQ(guest.Call(kBind, Raw(listener), {Inet(kLoopback, 0)}).ret, 0);
    ASSERT_EQ(guest.Call(kListen, Raw(listener, 1)).ret, 0);
    EXPECT_EQ(guest.Call(kAccept, Raw(listener), {}, {16}).errno_value, services::bsd::kEagain);
    const s32 client = guest.NewSocket();
    ASSERT_EQ(
        guest
            .Call(kConnect, Raw(client), {Inet(kLoopback, PortOf(guest.SockName(listener).out[0]))})
            .ret,
        0);
    const Answer accepted = guest.Call(kAccept, Raw(listener), {}, {16});
    ASSERT_GE(accepted.ret, 0);
    // What a non-blocking listener accepts is non-blocking too (FreeBSD's accept).
    EXPECT_EQ(guest.Fcntl(accepted.ret, guest::kFGetfl, 0).ret, guest::kONonblock);
}

TEST(BsdClient, IoctlAnswersWhatIsWaiting) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const auto connection = guest.Connected();
    ASSERT_EQ(guest.Send(connection.client, "12345").ret, 5);
    std::this_thread::sleep_for(20ms);
    const Answer pending = guest.Call(kIoctl, Raw(connection.accepted, guest::kFionread, 1),
                                      {{}, {}, {}, {}}, {4, 0, 0, 0});
    ASSERT_EQ(pending.ret, 0);
    EXPECT_EQ(ValueOf<s32>(pending.out[0]), 5);
    const Answer unknown = guest.Call(kIoctl, Raw(connection.accepted, 0xC0206912u, 1),
                                      {{}, {}, {}, {}}, {0, 0, 0, 0});
    EXPECT_EQ(unknown.errno_value, services::bsd::kEopnotsupp);
}

TEST(BsdClient, ReceiveTimeoutEndsTheWaitWithEagain) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const auto connection = guest.Connected();
    ASSERT_EQ(guest.SetTimeval(connection.accepted, guest::kSoRcvtimeo, 0, 100'000).ret, 0);
    const auto start = std::chrono::steady_clock::now();
    const Answer timed_out = guest.Recv(connection.accepted, 0, 16);
    const auto waited = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(timed_out.ret, -1);
    EXPECT_EQ(timed_out.errno_value, services::bsd::kEagain);
    EXPECT_GE(waited, 90ms);
    EXPECT_LT(waited, 2s);

    const Answer option = guest.Call(
        kGetSockOpt, Raw(connection.accepted, guest::kSolSocket, guest::kSoRcvtimeo), {}, {16});
    EXPECT_EQ(option.length, 16u);
    EXPECT_EQ(ValueOf<s64>(option.out[0]), 0);
    EXPECT_EQ(ValueOf<s64>({option.out[0].begin() + 8, option.out[0].end()}), 100'000);
    EXPECT_EQ(guest.SetTimeval(connection.accepted, guest::kSoRcvtimeo, 0, 1'000'000).errno_value,
              services::bsd::kEdom);
}

TEST(BsdClient, WaitAllCollectsTheWholeBuffer) {
    Environment environment;
    auto client = std::make_shared<BsdClient>();
    Guest guest(environment, client, 0);
    const auto connection = guest.Connected();
    ASSERT_EQ(guest.Send(connection.client, "abc").ret, 3);
    std::thread later([&] {
        Guest other(environment, client, 1);
        std::this_thread::sleep_for(50ms);
        EXPECT_EQ(other.Send(connection.client, "def").ret, 3);
    });
    const Answer received = guest.Recv(connection.accepted, guest::kMsgWaitall, 6);
    later.join();
    ASSERT_EQ(received.ret, 6);
    EXPECT_EQ(Text(received.out[0], 6), "abcdef");
}

TEST(BsdClient, StopRequestedEndsBlockingCallsWithEintr) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const auto connection = guest.Connected();
    environment.stop_requested = true;
    EXPECT_EQ(guest.Recv(connection.accepted, 0, 16).errno_value, services::bsd::kEintr);
    EXPECT_EQ(guest.Call(kAccept, Raw(connection.listener), {}, {16}).errno_value,
              services::bsd::kEintr);
    EXPECT_EQ(guest.Poll({{connection.accepted, guest::kPollIn, 0}}, -1).errno_value,
              services::bsd::kEintr);
    const services::bsd::SelectArguments forever{0, 0, {0, 0}, 1, {}};
    EXPECT_EQ(guest.Call(kSelect, Raw(forever), {{}, {}, {}}, {0, 0, 0}).errno_value,
              services::bsd::kEintr);
    // What is there already is still answered.
    ASSERT_EQ(guest.Send(connection.client, "x").ret, 1);
    std::this_thread::sleep_for(20ms);
    EXPECT_EQ(guest.Recv(connection.accepted, 0, 16).ret, 1);
}

TEST(BsdClient, ClosingAnFdEndsAnotherThreadsWaitOnIt) {
    Environment environment;
    auto client = std::make_shared<BsdClient>();
    Guest guest(environment, client, 0);
    const auto connection = guest.Connected();
    Answer waited;
    std::thread waiter([&] {
        Guest other(environment, client, 1);
        waited = other.Recv(connection.accepted, 0, 16);
    });
    std::this_thread::sleep_for(100ms);
    EXPECT_EQ(guest.Call(kClose, Raw(connection.accepted)).ret, 0);
    waiter.join();
    EXPECT_EQ(waited.ret, -1);
    EXPECT_EQ(waited.errno_value, services::bsd::kEbadf);
}

TEST(BsdClient, PollReportsEventsInvalidFdsAndTimeouts) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const auto connection = guest.Connected();
    const Answer mixed = guest.Poll({{connection.accepted, guest::kPollIn, 0},
                                     {99, guest::kPollIn, 0},
                                     {-1, guest::kPollIn, 0}},
                                    5000);
    ASSERT_EQ(mixed.ret, 1);  // an invalid fd answers at once
    const auto entries = mixed.out[0];
    EXPECT_EQ(ValueOf<GuestPollFd>({entries.begin(), entries.begin() + 8}).revents, 0);
    EXPECT_EQ(ValueOf<GuestPollFd>({entries.begin() + 8, entries.begin() + 16}).revents,
              guest::kPollNval);
    EXPECT_EQ(ValueOf<GuestPollFd>({entries.begin() + 16, entries.end()}).revents, 0);

    const Answer writable =
        guest.Poll({{connection.accepted, guest::kPollIn | guest::kPollOut, 0}}, 1000);
    ASSERT_EQ(writable.ret, 1);
    EXPECT_EQ(ValueOf<GuestPollFd>(writable.out[0]).revents, guest::kPollOut);

    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(guest.Poll({{connection.accepted, guest::kPollIn, 0}}, 50).ret, 0);
    EXPECT_GE(std::chrono::steady_clock::now() - start, 45ms);

    ASSERT_EQ(guest.Send(connection.client, "x").ret, 1);
    const Answer readable = guest.Poll({{connection.accepted, guest::kPollIn, 0}}, -1);
    ASSERT_EQ(readable.ret, 1);
    EXPECT_EQ(ValueOf<GuestPollFd>(readable.out[0]).revents, guest::kPollIn);

    const Answer none = guest.Call(kPoll, Raw(0, -1), {kNothing}, {0});
    EXPECT_EQ(none.ret, -1);  // the console's answer to no entries
    EXPECT_EQ(none.errno_value, 0);
    EXPECT_EQ(guest.Call(kPoll, Raw(5000, 0), {std::vector<u8>(8)}, {8}).errno_value,
              services::bsd::kEinval);
    EXPECT_EQ(guest.Call(kPoll, Raw(2, 0), {std::vector<u8>(8)}, {8}).errno_value,
              services::bsd::kEinval);  // fewer bytes than entries
    EXPECT_EQ(guest.Poll({{connection.accepted, guest::kPollIn, 0}}, -2).errno_value,
              services::bsd::kEinval);
}

TEST(BsdClient, SelectReportsReadySocketsInTheGuestsSets) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const auto connection = guest.Connected();
    std::vector<u8> read_set(8);
    read_set[connection.accepted / 8] = static_cast<u8>(1 << (connection.accepted % 8));
    const services::bsd::SelectArguments short_wait{64, 0, {0, 50'000}, 0, {}};
    const Answer idle = guest.Call(kSelect, Raw(short_wait), {read_set, {}, {}}, {8, 0, 0});
    EXPECT_EQ(idle.ret, 0);
    EXPECT_EQ(idle.out[0], std::vector<u8>(8));

    ASSERT_EQ(guest.Send(connection.client, "x").ret, 1);
    const Answer ready = guest.Call(kSelect, Raw(short_wait), {read_set, {}, {}}, {8, 0, 0});
    EXPECT_EQ(ready.ret, 1);
    EXPECT_EQ(ready.out[0], read_set);

    std::vector<u8> unopened(8);
    unopened[7] = 0x80;  // fd 63
    EXPECT_EQ(guest.Call(kSelect, Raw(short_wait), {unopened, {}, {}}, {8, 0, 0}).errno_value,
              services::bsd::kEbadf);
    const services::bsd::SelectArguments bad_time{64, 0, {0, 1'000'000}, 0, {}};
    EXPECT_EQ(guest.Call(kSelect, Raw(bad_time), {read_set, {}, {}}, {8, 0, 0}).errno_value,
              services::bsd::kEinval);
}

TEST(BsdClient, ConnectReportsARefusedConnection) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const s32 probe = guest.NewSocket();
    ASSERT_EQ(guest.Call(kBind, Raw(probe), {Inet(kLoopback, 0)}).ret, 0);
    const u16 closed_port = PortOf(guest.SockName(probe).out[0]);
    ASSERT_EQ(guest.Call(kClose, Raw(probe)).ret, 0);

    const s32 blocking = guest.NewSocket();
    const Answer refused = guest.Call(kConnect, Raw(blocking), {Inet(kLoopback, closed_port)});
    EXPECT_EQ(refused.ret, -1);
    EXPECT_EQ(refused.errno_value, 111);  // ECONNREFUSED

    const Answer nonblocking =
        guest.Call(kSocket, Raw(guest::kAfInet, guest::kSockStream | guest::kSockNonblock, 0));
    const Answer started =
        guest.Call(kConnect, Raw(nonblocking.ret), {Inet(kLoopback, closed_port)});
    ASSERT_EQ(started.ret, -1);
    if (started.errno_value == services::bsd::kEinprogress) {
        guest.Poll({{nonblocking.ret, guest::kPollOut, 0}}, 1000);
        const Answer error = guest.Call(
            kGetSockOpt, Raw(nonblocking.ret, guest::kSolSocket, guest::kSoError), {}, {4});
        EXPECT_EQ(error.length, 4u);
        EXPECT_EQ(ValueOf<s32>(error.out[0]), 111);
    } else {
        EXPECT_EQ(started.errno_value, 111);
    }
}

TEST(BsdClient, SocketOptionsTranslateTheConsolesNumbers) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const s32 fd = guest.NewSocket();
    EXPECT_EQ(
        guest.Call(kSetSockOpt, Raw(fd, guest::kSolSocket, guest::kSoReuseaddr), {Raw(1)}).ret, 0);
    const Answer reuse =
        guest.Call(kGetSockOpt, Raw(fd, guest::kSolSocket, guest::kSoReuseaddr), {}, {4});
    EXPECT_EQ(reuse.length, 4u);
    EXPECT_EQ(ValueOf<s32>(reuse.out[0]), guest::kSoReuseaddr);  // FreeBSD answers the bit
    EXPECT_EQ(
        guest.Call(kSetSockOpt, Raw(fd, guest::kIpprotoTcp, guest::kTcpNodelay), {Raw(1)}).ret, 0);
    EXPECT_NE(ValueOf<s32>(
                  guest.Call(kGetSockOpt, Raw(fd, guest::kIpprotoTcp, guest::kTcpNodelay), {}, {4})
                      .out[0]),
              0);
    EXPECT_EQ(
        ValueOf<s32>(
            guest.Call(kGetSockOpt, Raw(fd, guest::kSolSocket, guest::kSoType), {}, {4}).out[0]),
        guest::kSockStream);
    const Answer unknown = guest.Call(kGetSockOpt, Raw(fd, guest::kSolSocket, 0x7777), {}, {4});
    EXPECT_EQ(unknown.errno_value, services::bsd::kEnoprotoopt);
    const Answer short_value =
        guest.Call(kSetSockOpt, Raw(fd, guest::kSolSocket, guest::kSoRcvtimeo), {Raw(1)});
    EXPECT_EQ(short_value.errno_value, services::bsd::kEinval);
}

TEST(BsdClient, HostileArgumentsAnswerErrnos) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    EXPECT_EQ(guest.Recv(77, 0, 16).errno_value, services::bsd::kEbadf);
    EXPECT_EQ(guest.Recv(-1, 0, 16).errno_value, services::bsd::kEbadf);
    EXPECT_EQ(guest.Call(kClose, Raw(500)).errno_value, services::bsd::kEbadf);
    EXPECT_EQ(guest.Call(kSocket, Raw(99, guest::kSockStream, 0)).errno_value,
              services::bsd::kEafnosupport);
    EXPECT_EQ(guest.Call(kSocket, Raw(guest::kAfInet, 9, 0)).errno_value,
              services::bsd::kEprototype);
    EXPECT_EQ(guest.Call(kSocket, Raw(guest::kAfInet, guest::kSockRaw, 6)).errno_value,
              services::bsd::kEnoent);  // raw sockets are for ICMP only
    const s32 fd = guest.NewSocket();
    std::vector<u8> cut = Inet(kLoopback, 80);
    cut.resize(8);
    EXPECT_EQ(guest.Call(kBind, Raw(fd), {cut}).errno_value,
              services::bsd::kEinval);  // shorter than a sockaddr_in
    EXPECT_EQ(guest.Call(kBind, Raw(fd), {std::vector<u8>(16, 0)}).errno_value,
              services::bsd::kEafnosupport);  // AF_UNSPEC binds nothing
    std::vector<u8> long_address = Inet(kLoopback, 0);
    long_address.resize(200);
    EXPECT_EQ(guest.Call(kBind, Raw(fd), {long_address}).errno_value,
              services::bsd::kEinval);  // longer than any address
    std::vector<u8> odd_family = Inet(kLoopback, 80);
    odd_family[1] = 99;
    EXPECT_EQ(guest.Call(kConnect, Raw(fd), {odd_family}).errno_value,
              services::bsd::kEafnosupport);
    EXPECT_EQ(guest.Call(kShutdown, Raw(fd, 7)).errno_value, services::bsd::kEinval);
    // A command whose raw input is short is refused by the IPC layer, not answered.
    EXPECT_NE(guest.Call(kRecv, {}, {}, {16}).result, 0u);
}

TEST(BsdClient, TheFdTableEndsAtItsCapacity) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    for (int i = 0; i < services::bsd::SocketTable::kCapacity; ++i) {
        ASSERT_EQ(guest.NewSocket(guest::kSockDgram), i);
    }
    const Answer full = guest.Call(kSocket, Raw(guest::kAfInet, guest::kSockDgram, 0));
    EXPECT_EQ(full.errno_value, services::bsd::kEmfile);
    EXPECT_EQ(guest.Call(kDuplicateSocket, Raw(3, 0, u64{0})).errno_value, services::bsd::kEmfile);
    EXPECT_EQ(guest.Call(kClose, Raw(5)).ret, 0);
    EXPECT_EQ(guest.Call(kDuplicateSocket, Raw(3, 0, u64{0})).ret, 5);
}

TEST(BsdClient, NetworkOnConfinesBindsToLoopbackAndLanDoesNot) {
    Environment environment;
    Guest on(environment, std::make_shared<BsdClient>("bsd:u", NetworkConfig{}), 0);
    const s32 fd = on.NewSocket();
    ASSERT_EQ(on.Call(kBind, Raw(fd), {Inet(kAny, 0)}).ret, 0);
    EXPECT_EQ(AddressOf(on.SockName(fd).out[0]), kLoopback);
    const s32 unbound = on.NewSocket();
    ASSERT_EQ(on.Call(kListen, Raw(unbound, 1)).ret, 0);
    EXPECT_EQ(AddressOf(on.SockName(unbound).out[0]), kLoopback);

    NetworkConfig lan_config;
    lan_config.access = NetworkAccess::Lan;
    Guest lan(environment, std::make_shared<BsdClient>("bsd:u", lan_config), 1);
    const s32 open = lan.NewSocket();
    ASSERT_EQ(lan.Call(kBind, Raw(open), {Inet(kAny, 0)}).ret, 0);
    EXPECT_EQ(AddressOf(lan.SockName(open).out[0]), kAny);
}

// --network local: loopback is reached, anything else refused with ENETUNREACH; binds are
// confined as with on.
TEST(BsdClient, NetworkLocalReachesOnlyThisMachine) {
    Environment environment;
    NetworkConfig local;
    local.access = NetworkAccess::Local;
    Guest guest(environment, std::make_shared<BsdClient>("bsd:u", local), 0);
    const s32 server = guest.NewSocket(guest::kSockDgram);
    ASSERT_EQ(guest.Call(kBind, Raw(server), {Inet(kAny, 0)}).ret, 0);
    const std::vector<u8> bound = guest.SockName(server).out[0];
    EXPECT_EQ(AddressOf(bound), kLoopback);
    const s32 client = guest.NewSocket(guest::kSockDgram);
    const std::vector<u8> payload{1, 2, 3};
    EXPECT_EQ(guest.Call(kSendTo, Raw(client, 0), {payload, bound}).ret, 3);
    const std::vector<u8> elsewhere = Inet(0x0a000001, 9);  // 10.0.0.1
    const Answer datagram = guest.Call(kSendTo, Raw(client, 0), {payload, elsewhere});
    EXPECT_EQ(datagram.ret, -1);
    EXPECT_EQ(datagram.errno_value, services::bsd::kEnetunreach);
    const s32 stream = guest.NewSocket();
    const Answer connect = guest.Call(kConnect, Raw(stream), {elsewhere});
    EXPECT_EQ(connect.ret, -1);
    EXPECT_EQ(connect.errno_value, services::bsd::kEnetunreach);
}

TEST(BsdClient, NetworkOffAnswersEnetdown) {
    Environment environment;
    NetworkConfig off;
    off.access = NetworkAccess::Off;
    Guest guest(environment, std::make_shared<BsdClient>("bsd:s", off), 0);
    const Answer refused = guest.Call(kSocket, Raw(guest::kAfInet, guest::kSockStream, 0));
    EXPECT_EQ(refused.ret, -1);
    EXPECT_EQ(refused.errno_value, services::bsd::kEnetdown);
}

TEST(BsdClient, EventFdCountsAndWakesPoll) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    // EventFd(u32 flags, u64 initval): the u32 first.
    const Answer made = guest.Call(kEventFd, Raw(guest::kEfdNonblock, u64{2}));
    ASSERT_GE(made.ret, 0) << made.errno_value;
    const Answer first = guest.Call(kRead, Raw(made.ret), {}, {8});
    ASSERT_EQ(first.ret, 8);
    EXPECT_EQ(ValueOf<u64>(first.out[0]), 2u);
    EXPECT_EQ(guest.Call(kRead, Raw(made.ret), {}, {8}).errno_value, services::bsd::kEagain);
    EXPECT_EQ(guest.Call(kWrite, Raw(made.ret), {Bytes(u64{5})}).ret, 8);
    EXPECT_EQ(guest.Poll({{made.ret, guest::kPollIn, 0}}, 0).ret, 1);
    EXPECT_EQ(guest.Call(kEventFd, Raw(0x40, u64{0})).errno_value, services::bsd::kEinval);
}

TEST(BsdClient, CommandsNxhostLacksAnswerAsTheConsoleWould) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const Answer statistics = guest.Call(28, Raw(0));
    EXPECT_EQ(statistics.ret, -1);
    EXPECT_EQ(statistics.errno_value, services::bsd::kEnosys);
    EXPECT_EQ(guest.Call(kSysctl, {}, {Raw(1, 2), {}}, {8}).errno_value, services::bsd::kEnoent);
    const std::string path = "/dev/bpf";
    EXPECT_EQ(guest.Call(kOpen, Raw(0), {std::vector<u8>(path.begin(), path.end())}).errno_value,
              services::bsd::kEnoent);
    EXPECT_EQ(services::bsd::CommandName(14), "Connect");
}

// One message as nn::socket serializes it (serialized_messages.h), after the header byte.
struct WireMessage {
    std::vector<u8> name;
    std::vector<std::vector<u8>> iovs;
    u32 control = 0;  // bytes of control space
};
std::vector<u8> Serialize(const std::vector<WireMessage>& messages) {
    std::vector<u8> bytes{0};
    const auto add = [&bytes](const auto& value) {
        const auto* data = reinterpret_cast<const u8*>(&value);
        bytes.insert(bytes.end(), data, data + sizeof(value));
    };
    for (const WireMessage& message : messages) {
        add(static_cast<u32>(message.name.size()));
        bytes.insert(bytes.end(), message.name.begin(), message.name.end());
        add(static_cast<u32>(message.iovs.size()));
        for (const auto& iov : message.iovs) {
            add(static_cast<u64>(iov.size()));
            bytes.insert(bytes.end(), iov.begin(), iov.end());
        }
        add(message.control);
        bytes.insert(bytes.end(), message.control, 0x55);
        add(u32{0xAAAAAAAA});  // flags
        add(u32{0xAAAAAAAA});  // length
    }
    return bytes;
}
// Where message `index`'s fields are in a buffer Serialize made of `messages`.
struct WirePlaces {
    std::size_t name = 0;
    std::vector<std::size_t> iovs;
    std::size_t flags = 0;
    std::size_t length = 0;
};
WirePlaces PlacesOf(const std::vector<WireMessage>& messages, std::size_t index) {
    std::size_t at = 1;
    for (std::size_t i = 0;; ++i) {
        WirePlaces places;
        at += 4;
        places.name = at;
        at += messages[i].name.size() + 4;
        for (const auto& iov : messages[i].iovs) {
            at += 8;
            places.iovs.push_back(at);
            at += iov.size();
        }
        at += 4 + messages[i].control;
        places.flags = at;
        places.length = at + 4;
        at += 8;
        if (i == index) {
            return places;
        }
    }
}
u32 WordAt(const std::vector<u8>& bytes, std::size_t at) {
    u32 value;
    std::memcpy(&value, bytes.data() + at, 4);
    return value;
}

struct RecvMMsgArguments {
    s32 fd;
    u32 count;
    s32 flags;
    u32 reserved;
    s64 seconds;
    s64 nanoseconds;
};

TEST(BsdClient, SendMMsgAndRecvMMsgMoveSeveralDatagramsInOneCall) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const s32 receiver = guest.NewSocket(guest::kSockDgram);
    ASSERT_EQ(guest.Call(kBind, Raw(receiver), {Inet(kLoopback, 0)}).ret, 0);
    const u16 port = PortOf(guest.SockName(receiver).out[0]);
    const s32 sender = guest.NewSocket(guest::kSockDgram);
    const u16 sender_port = [&] {
        EXPECT_EQ(guest.Call(kBind, Raw(sender), {Inet(kLoopback, 0)}).ret, 0);
        return PortOf(guest.SockName(sender).out[0]);
    }();

    // Two datagrams, the first gathered from two iovs.
    const std::vector<WireMessage> outgoing{
        {Inet(kLoopback, port), {{'a', 'b'}, {'c', 'd', 'e'}}},
        {Inet(kLoopback, port), {{'f', 'g', 'h', 'i'}}},
    };
    const Answer sent = guest.CallFilled(kSendMMsg, Raw(sender, 2u, 0), {}, {Serialize(outgoing)});
    ASSERT_EQ(sent.ret, 2) << sent.errno_value;
    EXPECT_EQ(sent.out[0][0], 8);  // the console's header byte
    EXPECT_EQ(WordAt(sent.out[0], PlacesOf(outgoing, 0).length), 5u);
    EXPECT_EQ(WordAt(sent.out[0], PlacesOf(outgoing, 1).length), 4u);

    // Three receive slots: the first scatters over a 3- and a 16-byte iov, the third finds no
    // datagram and MSG_WAITFORONE lets the call end with two.
    const std::vector<WireMessage> incoming{
        {std::vector<u8>(16, 0), {std::vector<u8>(3, 0), std::vector<u8>(16, 0)}, 24},
        {std::vector<u8>(16, 0), {std::vector<u8>(2, 0)}},
        {std::vector<u8>(16, 0), {std::vector<u8>(8, 0)}},
    };
    const RecvMMsgArguments arguments{receiver, 3, guest::kMsgWaitforone, 0, 1, 0};
    const Answer received =
        guest.CallFilled(kRecvMMsg, Bytes(arguments), {}, {Serialize(incoming)});
    ASSERT_EQ(received.ret, 2) << received.errno_value;
    const std::vector<u8>& buffer = received.out[0];
    const WirePlaces first = PlacesOf(incoming, 0);
    EXPECT_EQ(WordAt(buffer, first.length), 5u);
    EXPECT_EQ(std::string(buffer.begin() + first.iovs[0], buffer.begin() + first.iovs[0] + 3),
              "abc");
    EXPECT_EQ(std::string(buffer.begin() + first.iovs[1], buffer.begin() + first.iovs[1] + 2),
              "de");
    EXPECT_EQ(WordAt(buffer, first.flags), 0u);
    const std::vector<u8> name(buffer.begin() + first.name, buffer.begin() + first.name + 16);
    EXPECT_EQ(name[0], 16);
    EXPECT_EQ(AddressOf(name), kLoopback);
    EXPECT_EQ(PortOf(name), sender_port);
    // The control space is cleared: no ancillary data comes through.
    EXPECT_EQ(buffer[first.flags - 1], 0);
    // The second datagram did not fit its 2 bytes: cut, with MSG_TRUNC.
    const WirePlaces second = PlacesOf(incoming, 1);
    EXPECT_EQ(WordAt(buffer, second.length), 2u);
    EXPECT_EQ(WordAt(buffer, second.flags), static_cast<u32>(guest::kMsgTrunc));
    EXPECT_EQ(std::string(buffer.begin() + second.iovs[0], buffer.begin() + second.iovs[0] + 2),
              "fg");
    // The third slot is as the guest left it.
    EXPECT_EQ(WordAt(buffer, PlacesOf(incoming, 2).length), 0xAAAAAAAAu);

    // Nothing waiting: the timeout bounds the wait for the first message, which answers 0.
    const RecvMMsgArguments bounded{receiver, 1, 0, 0, 0, 20'000'000};
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(guest.CallFilled(kRecvMMsg, Bytes(bounded), {}, {Serialize({incoming[2]})}).ret, 0);
    EXPECT_GE(std::chrono::steady_clock::now() - start, 15ms);
}

TEST(BsdClient, MalformedMessageBuffersAnswerErrnos) {
    Environment environment;
    Guest guest(environment, std::make_shared<BsdClient>(), 0);
    const s32 socket = guest.NewSocket(guest::kSockDgram);
    const std::vector<WireMessage> one{{Inet(kLoopback, 9), {{'x'}}}};
    std::vector<u8> cut = Serialize(one);
    cut.resize(cut.size() - 3);  // the length field runs past the end
    const Answer short_buffer = guest.CallFilled(kSendMMsg, Raw(socket, 1u, 0), {}, {cut});
    EXPECT_EQ(short_buffer.ret, -1);
    EXPECT_EQ(short_buffer.errno_value, services::bsd::kEfault);
    // More messages said than the buffer holds.
    const Answer too_many = guest.CallFilled(kSendMMsg, Raw(socket, 2u, 0), {}, {Serialize(one)});
    EXPECT_EQ(too_many.errno_value, services::bsd::kEfault);
    // An iov that claims more bytes than there are.
    std::vector<u8> huge = Serialize(one);
    const u64 length = 1ull << 62;
    std::memcpy(huge.data() + 1 + 4 + 16 + 4, &length, 8);
    EXPECT_EQ(guest.CallFilled(kSendMMsg, Raw(socket, 1u, 0), {}, {huge}).errno_value,
              services::bsd::kEfault);
    EXPECT_EQ(guest.CallFilled(kSendMMsg, Raw(socket, 5000u, 0), {}, {Serialize(one)}).errno_value,
              services::bsd::kEinval);
    EXPECT_EQ(guest.CallFilled(kSendMMsg, Raw(77, 1u, 0), {}, {Serialize(one)}).errno_value,
              services::bsd::kEbadf);
    const RecvMMsgArguments bad_timeout{socket, 1, 0, 0, 0, 2'000'000'000};
    EXPECT_EQ(guest.CallFilled(kRecvMMsg, Bytes(bad_timeout), {}, {Serialize(one)}).errno_value,
              services::bsd::kEinval);
    // Ancillary data is refused, not dropped.
    const std::vector<WireMessage> with_control{{Inet(kLoopback, 9), {{'x'}}, 16}};
    EXPECT_EQ(
        guest.CallFilled(kSendMMsg, Raw(socket, 1u, 0), {}, {Serialize(with_control)}).errno_value,
        services::bsd::kEopnotsupp);
    // A non-blocking receive with nothing there.
    const RecvMMsgArguments now{socket, 1, guest::kMsgDontwait, 0, 0, 0};
    EXPECT_EQ(guest.CallFilled(kRecvMMsg, Bytes(now), {}, {Serialize(one)}).errno_value,
              services::bsd::kEagain);
}

TEST(BsdClient, CommandsThatBlockMayWaitOnTheHost) {
    const BsdClient client;
    for (const u32 command : {5u, 6u, 8u, 9u, 10u, 11u, 12u, 14u, 24u, 25u, 29u, 30u}) {
        EXPECT_TRUE(client.MayWaitOnHost(command)) << command;
    }
    for (const u32 command : {0u, 1u, 2u, 13u, 18u, 20u, 26u, 31u}) {
        EXPECT_FALSE(client.MayWaitOnHost(command)) << command;
    }
}

}  // namespace
