// hwopus through the real IPC path: CMIF requests as libnx's audio/hwopus.c builds them go to a
// server session of the manager, and the decoder comes back as a session of its own. Packets are
// encoded here with libopus from a 440 Hz sine; the PCM must equal libopus's own decode of the
// same packets, sample for sample.

#include <gtest/gtest.h>
#include <opus.h>
#include <opus_multistream.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <numbers>
#include <optional>
#include <random>
#include <vector>

#include "cpu/guest_memory.h"
#include "ipc/server_session.h"
#include "ipc/structured_request.h"
#include "kernel/memory_map.h"
#include "kernel/memory_objects.h"
#include "services/codec/hwopus_manager.h"
#include "support/fake_ipc_environment.h"

namespace {

using FakeEnvironment = test_support::FakeIpcEnvironment;

constexpr s32 kRate = 48000;
constexpr int kFrame = 960;  // 20 ms
constexpr int kPackets = 10;
constexpr u64 kInput = FakeEnvironment::kMemoryBase;
constexpr u64 kOutput = FakeEnvironment::kMemoryBase + 0x2000;
constexpr u64 kOutputSize = 0x4000;
constexpr u64 kParameters = FakeEnvironment::kMemoryBase + 0x8000;
// The codec module's results, as Ryujinx's CodecResult numbers them (module 111).
constexpr u32 kInvalidLength = 111 | 3 << 9;
constexpr u32 kInvalidSampleRate = 111 | 1001 << 9;
constexpr u32 kInvalidChannelCount = 111 | 1002 << 9;
constexpr u32 kInvalidNumberOfStreams = 111 | 1000 << 9;
constexpr u32 kBadArg = 111 | 130 << 9;

std::vector<s16> Sine440(int channels, int frames) {
    std::vector<s16> pcm(std::size_t(frames) * channels);
    for (int i = 0; i < frames; ++i) {
        const double value = 12000.0 * std::sin(2.0 * std::numbers::pi * 440.0 * i / kRate);
        for (int c = 0; c < channels; ++c) {
            pcm[std::size_t(i) * channels + c] = static_cast<s16>(std::lround(value));
        }
    }
    return pcm;
}

// The console's framing: big-endian packet size and final range, then the packet.
std::vector<u8> Framed(const std::vector<u8>& packet, u32 final_range) {
    std::vector<u8> out(8);
    const u32 size = static_cast<u32>(packet.size());
    for (int i = 0; i < 4; ++i) {
        out[i] = static_cast<u8>(size >> (24 - 8 * i));
        out[4 + i] = static_cast<u8>(final_range >> (24 - 8 * i));
    }
    out.insert(out.end(), packet.begin(), packet.end());
    return out;
}

struct Reply {
    u32 result = 0xFFFFFFFF;
    std::vector<u8> raw;  // the outputs after the SFCO header
};

Reply Parse(const std::array<u8, 0x100>& message) {
    Reply reply;
    for (std::size_t at = 8; at + 16 <= message.size(); at += 4) {
        u32 magic;
        std::memcpy(&magic, message.data() + at, 4);
        if (magic == 0x4F434653) {  // "SFCO"
            std::memcpy(&reply.result, message.data() + at + 8, 4);
            reply.raw.assign(message.begin() + static_cast<long>(at) + 16, message.end());
            break;
        }
    }
    return reply;
}

template <typename T>
T Field(const Reply& reply, std::size_t offset) {
    T value;
    std::memcpy(&value, reply.raw.data() + offset, sizeof(T));
    return value;
}

template <typename T>
void Append(std::vector<u8>& bytes, const T& value) {
    const auto* p = reinterpret_cast<const u8*>(&value);
    bytes.insert(bytes.end(), p, p + sizeof(T));
}

class Hwopus : public ::testing::Test {
protected:
    Hwopus()
        : map_(transfer_memory_),
          manager_(std::make_shared<ipc::ServerSession>(
              std::make_shared<services::codec::HwopusManager>())) {
        map_.Map(kHeap, kHeapSize, kernel::MemoryState::Normal, cpu::Permission::ReadWrite);
    }

    Reply Send(kernel::SessionServer& server, ipc_test::RequestShape shape) {
        auto message = ipc_test::BuildRequest(shape);
        server.HandleRequest(message, environment_);
        return Parse(message);
    }

    // A transfer memory of `size` bytes (rounded up to pages, as the kernel wants them) in the
    // environment's handle table.
    // Each one borrows pages of its own.
    u32 WorkBuffer(u64 size) {
        const u64 pages = (size + 0xFFF) & ~u64{0xFFF};
        const u64 address = kHeap + heap_used_;
        heap_used_ += pages;
        return environment_.AddHandle(std::make_shared<kernel::TransferMemory>(
            map_, transfer_memory_, address, pages, kernel::MemoryState::Normal,
            cpu::Permission::None));
    }

    u32 WorkBufferSize(s32 rate, s32 channels, Reply* reply_out = nullptr) {
        ipc_test::RequestShape shape;
        shape.command = 1;
        Append(shape.arguments, rate);
        Append(shape.arguments, channels);
        const Reply reply = Send(*manager_, shape);
        if (reply_out != nullptr) {
            *reply_out = reply;
        }
        return reply.result == 0 ? Field<u32>(reply, 0) : 0;
    }

    // OpenHardwareOpusDecoder; the decoder's session, or null with `result` set.
    std::shared_ptr<kernel::SessionServer> Open(s32 rate, s32 channels, u32 size, u32 handle,
                                                u32& result) {
        ipc_test::RequestShape shape;
        shape.command = 0;
        Append(shape.arguments, rate);
        Append(shape.arguments, channels);
        Append(shape.arguments, size);
        shape.copy_handles.push_back(handle);
        return Opened(Send(*manager_, shape), result);
    }

    // OpenHardwareOpusDecoderForMultiStream with the parameters in an X buffer.
    std::shared_ptr<kernel::SessionServer> OpenMultiStream(s32 rate, s32 channels, s32 streams,
                                                           s32 coupled,
                                                           const std::vector<u8>& mapping,
                                                           u32& result) {
        std::vector<u8> parameters;
        Append(parameters, rate);
        Append(parameters, channels);
        Append(parameters, streams);
        Append(parameters, coupled);
        parameters.resize(0x110);
        std::memcpy(parameters.data() + 0x10, mapping.data(), mapping.size());
        environment_.Memory().WriteBlock(kParameters, parameters);
        const u32 size = 0x80000;
        ipc_test::RequestShape shape;
        shape.command = 2;
        Append(shape.arguments, size);
        shape.x.push_back({kParameters, parameters.size()});
        shape.copy_handles.push_back(WorkBuffer(size));
        return Opened(Send(*manager_, shape), result);
    }

    std::shared_ptr<kernel::SessionServer> Opened(const Reply& reply, u32& result) {
        result = reply.result;
        if (reply.result != 0) {
            return nullptr;
        }
        const auto client = kernel::As<kernel::ClientSession>(environment_.objects.back());
        return client ? client->server : nullptr;
    }

    // DecodeInterleaved (8) of one framed packet; the PCM in `pcm`.
    Reply Decode(kernel::SessionServer& decoder, const std::vector<u8>& framed, bool reset,
                 std::vector<s16>& pcm, u32 command = 8) {
        environment_.Memory().WriteBlock(kInput, framed);
        ipc_test::RequestShape shape;
        shape.command = command;
        if (command >= 6) {
            shape.arguments.push_back(reset ? 1 : 0);
        }
        shape.a.push_back({kInput, framed.size()});
        shape.b.push_back({kOutput, kOutputSize});
        const Reply reply = Send(decoder, shape);
        pcm.assign(kOutputSize / 2, 0);
        environment_.Memory().ReadBlock(
            kOutput, {reinterpret_cast<u8*>(pcm.data()), pcm.size() * sizeof(s16)});
        return reply;
    }

    static constexpr u64 kHeap = 0x10'0000'0000;
    static constexpr u64 kHeapSize = 0x400000;
    u64 heap_used_ = 0;
    // The transfer memory's pages outlive the objects (the environment's handles) that borrow them.
    cpu::GuestMemory transfer_memory_{39};
    kernel::MemoryMap map_;
    FakeEnvironment environment_;
    std::shared_ptr<ipc::ServerSession> manager_;
};

struct Packets {
    std::vector<std::vector<u8>> packets;
    std::vector<u32> ranges;
};

// Checks that `pcm` begins with libopus's own decoding of `packet` (one stereo frame);
// libopus's samples are appended to `decoded` when given.
void ExpectLibopusDecoding(OpusDecoder* reference, const std::vector<u8>& packet,
                           const std::vector<s16>& pcm, int p,
                           std::vector<s16>* decoded = nullptr) {
    std::vector<s16> expected(kFrame * 2);
    ASSERT_EQ(opus_decode(reference, packet.data(), static_cast<opus_int32>(packet.size()),
                          expected.data(), kFrame, 0),
              kFrame);
    ASSERT_GE(pcm.size(), expected.size()) << "packet " << p;
    for (int i = 0; i < kFrame * 2; ++i) {
        ASSERT_EQ(pcm[i], expected[i]) << "packet " << p << " sample " << i;
    }
    if (decoded != nullptr) {
        decoded->insert(decoded->end(), expected.begin(), expected.end());
    }
}

Packets EncodeStereo() {
    int error = 0;
    OpusEncoder* encoder = opus_encoder_create(kRate, 2, OPUS_APPLICATION_AUDIO, &error);
    EXPECT_EQ(error, OPUS_OK);
    const std::vector<s16> pcm = Sine440(2, kFrame * kPackets);
    Packets out;
    for (int p = 0; p < kPackets; ++p) {
        std::vector<u8> packet(1500);
        const int size = opus_encode(encoder, pcm.data() + std::size_t(p) * kFrame * 2, kFrame,
                                     packet.data(), static_cast<opus_int32>(packet.size()));
        EXPECT_GT(size, 0);
        packet.resize(std::size_t(std::max(size, 0)));
        opus_uint32 range = 0;
        opus_encoder_ctl(encoder, OPUS_GET_FINAL_RANGE(&range));
        out.packets.push_back(packet);
        out.ranges.push_back(range);
    }
    opus_encoder_destroy(encoder);
    return out;
}

// The dominant frequency by counting upward zero crossings of channel 0 (a pure sine).
double Frequency(const std::vector<s16>& interleaved, int channels) {
    int crossings = 0;
    std::size_t first = 0, last = 0;
    const std::size_t frames = interleaved.size() / channels;
    for (std::size_t i = 1; i < frames; ++i) {
        if (interleaved[(i - 1) * channels] < 0 && interleaved[i * channels] >= 0) {
            if (crossings == 0) {
                first = i;
            }
            last = i;
            ++crossings;
        }
    }
    return crossings < 2 ? 0.0 : (crossings - 1) * double(kRate) / double(last - first);
}

TEST_F(Hwopus, WorkBufferSizeAndBadParameters) {
    // Ryujinx's formula for the console: libopus's decoder state (0x4800 + 0x800 a channel,
    // | 0x50), SILK's 0x2160, CELT's (0x2030 + 480) a channel + 21 * 16 + 0x54, 1536 bytes of
    // packet and one 40 ms frame of mono 48 kHz per channel aligned to 64.
    const u32 opus2 = ((0x4800 + 2 * 0x800) | 0x50) + 0x2160 + (0x2030 + 480) * 2 + 21 * 16 + 0x54;
    EXPECT_EQ(WorkBufferSize(48000, 2), opus2 + 1536 + 3840);
    Reply reply;
    WorkBufferSize(44100, 2, &reply);
    EXPECT_EQ(reply.result, kInvalidSampleRate);
    WorkBufferSize(48000, 3, &reply);
    EXPECT_EQ(reply.result, kInvalidChannelCount);

    u32 result = 0;
    EXPECT_EQ(Open(44100, 2, 0x40000, WorkBuffer(0x40000), result), nullptr);
    EXPECT_EQ(result, kInvalidSampleRate);
    EXPECT_EQ(Open(48000, 0, 0x40000, WorkBuffer(0x40000), result), nullptr);
    EXPECT_EQ(result, kInvalidChannelCount);
    // A work buffer smaller than asked for, a size smaller than needed, no transfer memory.
    EXPECT_EQ(Open(48000, 2, 0x40000, WorkBuffer(0x1000), result), nullptr);
    EXPECT_EQ(result, kInvalidLength);
    EXPECT_EQ(Open(48000, 2, 0x100, WorkBuffer(0x1000), result), nullptr);
    EXPECT_EQ(result, kInvalidLength);
    EXPECT_EQ(Open(48000, 2, 0x40000, 0x999, result), nullptr);
    EXPECT_EQ(result, kInvalidLength);

    EXPECT_EQ(OpenMultiStream(48000, 2, 2, 1, {0, 1}, result), nullptr);  // 2 + 1 > 2 channels
    EXPECT_EQ(result, kInvalidNumberOfStreams);
}

TEST_F(Hwopus, DecodesStereoAsLibopusDoes) {
    const u32 size = WorkBufferSize(48000, 2);
    ASSERT_GT(size, 0u);
    u32 result = 1;
    const auto decoder = Open(48000, 2, size, WorkBuffer(size), result);
    ASSERT_EQ(result, 0u);
    ASSERT_NE(decoder, nullptr);

    const Packets encoded = EncodeStereo();
    int error = 0;
    OpusDecoder* reference = opus_decoder_create(kRate, 2, &error);
    ASSERT_EQ(error, OPUS_OK);
    std::vector<s16> all;
    for (int p = 0; p < kPackets; ++p) {
        const std::vector<u8> framed = Framed(encoded.packets[p], encoded.ranges[p]);
        std::vector<s16> pcm;
        // Alternate the commands: 8 (current), 0 (old), 4 (old with perf).
        const u32 commands[] = {8, 0, 4};
        const Reply reply = Decode(*decoder, framed, false, pcm, commands[p % 3]);
        ASSERT_EQ(reply.result, 0u) << "packet " << p;
        EXPECT_EQ(Field<u32>(reply, 0), framed.size());
        EXPECT_EQ(Field<u32>(reply, 4), u32(kFrame));

        ASSERT_NO_FATAL_FAILURE(ExpectLibopusDecoding(reference, encoded.packets[p], pcm, p, &all));
    }
    opus_decoder_destroy(reference);
    // Past the encoder's start-up, the sine's frequency.
    const std::vector<s16> settled(all.begin() + kFrame * 2 * 2, all.end());
    EXPECT_NEAR(Frequency(settled, 2), 440.0, 2.0);
}

TEST_F(Hwopus, DamagedPacketsAnswerErrors) {
    const u32 size = WorkBufferSize(48000, 2);
    u32 result = 1;
    const auto decoder = Open(48000, 2, size, WorkBuffer(size), result);
    ASSERT_NE(decoder, nullptr);
    const Packets encoded = EncodeStereo();
    std::vector<s16> pcm;
    // A header naming more bytes than the buffer holds.
    std::vector<u8> framed = Framed(encoded.packets[0], encoded.ranges[0]);
    framed[3] = static_cast<u8>(framed[3] + 1);
    EXPECT_EQ(Decode(*decoder, framed, false, pcm).result, kInvalidLength);
    // Shorter than the header.
    EXPECT_EQ(Decode(*decoder, {0, 0, 0}, false, pcm).result, kInvalidLength);
    // Hostile packets: the reply is an error or a decode of at most 120 ms, never a crash.
    std::mt19937 random(16);
    for (int i = 0; i < 300; ++i) {
        std::vector<u8> packet(random() % 64);
        for (auto& byte : packet) {
            byte = static_cast<u8>(random());
        }
        const Reply reply = Decode(*decoder, Framed(packet, 0), random() % 2 == 0, pcm);
        if (reply.result == 0) {
            EXPECT_LE(Field<u32>(reply, 4), 5760u);
        } else {
            EXPECT_EQ(reply.result & 0x1FF, 111u);
        }
    }
    // The decoder still decodes a good packet after a reset.
    framed = Framed(encoded.packets[0], encoded.ranges[0]);
    EXPECT_EQ(Decode(*decoder, framed, true, pcm).result, 0u);
}

TEST_F(Hwopus, MultiStreamOfTwoMonoStreams) {
    // Two uncoupled streams on two channels, mapping 0 -> stream 0, 1 -> stream 1.
    u32 result = 1;
    const auto decoder = OpenMultiStream(48000, 2, 2, 0, {0, 1}, result);
    ASSERT_EQ(result, 0u);
    ASSERT_NE(decoder, nullptr);
    const unsigned char mapping[2] = {0, 1};
    int error = 0;
    OpusMSEncoder* encoder =
        opus_multistream_encoder_create(kRate, 2, 2, 0, mapping, OPUS_APPLICATION_AUDIO, &error);
    ASSERT_EQ(error, OPUS_OK);
    OpusMSDecoder* reference = opus_multistream_decoder_create(kRate, 2, 2, 0, mapping, &error);
    ASSERT_EQ(error, OPUS_OK);
    const std::vector<s16> input = Sine440(2, kFrame * kPackets);
    for (int p = 0; p < kPackets; ++p) {
        std::vector<u8> packet(3000);
        const int bytes =
            opus_multistream_encode(encoder, input.data() + std::size_t(p) * kFrame * 2, kFrame,
                                    packet.data(), static_cast<opus_int32>(packet.size()));
        ASSERT_GT(bytes, 0);
        packet.resize(std::size_t(bytes));
        std::vector<s16> pcm;
        const Reply reply = Decode(*decoder, Framed(packet, 0), false, pcm, 9);
        ASSERT_EQ(reply.result, 0u);
        EXPECT_EQ(Field<u32>(reply, 0), packet.size() + 8);
        EXPECT_EQ(Field<u32>(reply, 4), u32(kFrame));
        std::vector<s16> expected(kFrame * 2);
        ASSERT_EQ(
            opus_multistream_decode(reference, packet.data(), bytes, expected.data(), kFrame, 0),
            kFrame);
        for (int i = 0; i < kFrame * 2; ++i) {
            ASSERT_EQ(pcm[i], expected[i]) << "packet " << p << " sample " << i;
        }
    }
    opus_multistream_encoder_destroy(encoder);
    opus_multistream_decoder_destroy(reference);
}

TEST_F(Hwopus, ExCommandsTakeTheLargeFrameFlag) {
    // GetWorkBufferSizeEx (5) and ExEx (8): as command 1, with frames of 120 ms (5760 samples a
    // channel at 48 kHz) when flag bit 0 is set; 12 kHz has a quarter of the samples.
    const u32 opus2 = ((0x4800 + 2 * 0x800) | 0x50) + 0x2160 + (0x2030 + 480) * 2 + 21 * 16 + 0x54;
    const auto size_ex = [&](u32 command, s32 rate, u32 flags) {
        ipc_test::RequestShape shape;
        shape.command = command;
        Append(shape.arguments, rate);
        Append(shape.arguments, s32{2});
        Append(shape.arguments, flags);
        Append(shape.arguments, u32{0});
        const Reply reply = Send(*manager_, shape);
        EXPECT_EQ(reply.result, 0u);
        return Field<u32>(reply, 0);
    };
    EXPECT_EQ(size_ex(5, 48000, 0), opus2 + 1536 + 3840);
    EXPECT_EQ(size_ex(5, 48000, 1), opus2 + 1536 + 11520);
    EXPECT_EQ(size_ex(8, 48000, 1), opus2 + 1536 + 11520);
    EXPECT_EQ(size_ex(5, 12000, 1), opus2 + 1536 + 2880);

    // OpenHardwareOpusDecoderEx (4) with that size decodes as command 0's decoder does.
    const u32 size = opus2 + 1536 + 11520;
    ipc_test::RequestShape open;
    open.command = 4;
    Append(open.arguments, kRate);
    Append(open.arguments, s32{2});
    Append(open.arguments, u32{1});
    Append(open.arguments, u32{0});
    Append(open.arguments, size);
    open.copy_handles.push_back(WorkBuffer(size));
    u32 result = 1;
    const auto decoder = Opened(Send(*manager_, open), result);
    ASSERT_EQ(result, 0u);
    ASSERT_NE(decoder, nullptr);
    const Packets encoded = EncodeStereo();
    std::vector<s16> pcm;
    const Reply reply =
        Decode(*decoder, Framed(encoded.packets[0], encoded.ranges[0]), true, pcm, 6);
    EXPECT_EQ(reply.result, 0u);
    EXPECT_EQ(Field<u32>(reply, 4), u32(kFrame));

    // The multistream Ex parameters (0x118 bytes) in a buffer too short for them.
    std::vector<u8> parameters;
    Append(parameters, kRate);
    Append(parameters, s32{2});
    Append(parameters, s32{1});
    Append(parameters, s32{1});
    parameters.resize(0x110);
    environment_.Memory().WriteBlock(kParameters, parameters);
    ipc_test::RequestShape multi;
    multi.command = 7;
    multi.x.push_back({kParameters, parameters.size()});
    EXPECT_EQ(Send(*manager_, multi).result, kBadArg);
    // At its full size: one coupled stream on two channels sizes as Ryujinx's formula says
    // (libopus's stereo state less its allocation, aligned to 4, + 0xB920; 1500 bytes a stream
    // aligned to 64; one 40 ms stereo frame).
    parameters.resize(0x118);
    parameters[0x18] = 0;
    parameters[0x19] = 1;
    environment_.Memory().WriteBlock(kParameters, parameters);
    multi.x[0].size = parameters.size();
    const Reply sized = Send(*manager_, multi);
    ASSERT_EQ(sized.result, 0u);
    const u32 coupled_state = (opus2 - (0x4800 + 2 * 0x800) + 3) & ~3u;
    EXPECT_EQ(Field<u32>(sized, 0), coupled_state + 0xB920 + 1536 + 3840);
}

}  // namespace

TEST_F(Hwopus, SetContextIsRefusedAndTheDecoderKeepsItsState) {
    // The console's context blob has no public layout, so nxhost cannot apply it: SetContext
    // (1, and 3 for multistream) answers the CMIF unknown-command result, module 10
    // description 221, and the decoder goes on exactly as libopus's would without it.
    constexpr u32 kUnknownCommand = 10 | 221 << 9;
    const u32 size = WorkBufferSize(48000, 2);
    u32 result = 1;
    const auto decoder = Open(48000, 2, size, WorkBuffer(size), result);
    ASSERT_NE(decoder, nullptr);
    const Packets encoded = EncodeStereo();
    int error = 0;
    OpusDecoder* reference = opus_decoder_create(kRate, 2, &error);
    ASSERT_EQ(error, OPUS_OK);
    for (int p = 0; p < 3; ++p) {
        const std::vector<u8> context(0x40, static_cast<u8>(0xA5 + p));
        environment_.Memory().WriteBlock(kParameters, context);
        ipc_test::RequestShape shape;
        shape.command = p % 2 == 0 ? 1 : 3;
        shape.a.push_back({kParameters, context.size()});
        EXPECT_EQ(Send(*decoder, shape).result, kUnknownCommand);

        std::vector<s16> pcm;
        const Reply reply =
            Decode(*decoder, Framed(encoded.packets[p], encoded.ranges[p]), false, pcm);
        ASSERT_EQ(reply.result, 0u);
        ASSERT_NO_FATAL_FAILURE(ExpectLibopusDecoding(reference, encoded.packets[p], pcm, p));
    }
    opus_decoder_destroy(reference);
}
