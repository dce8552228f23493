// Mesa NVK's AMPERE_B submissions (tests/gpu/nvk/captures, made by tests/gpu/nvk/capture.sh)
// replayed through nxhost's GPU layer on the Vulkan host GPU (lavapipe where there is no GPU),
// each case's result buffer compared with the one the same Vulkan program gave on lavapipe;
// and damaged captures, each refused with an error naming what is wrong.

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "base/error.h"
#include "base/file.h"
#include "host_gpu_test_support.h"
#include "nvk_capture.h"
#include "nvk_replay.h"

namespace {

using namespace gpu_test;

const std::string kCaptures = NXHOST_SOURCE_DIR "/tests/gpu/nvk/captures/";

// A capture written here, field by field (tests/gpu/nvk/nvk_capture_format.md).
struct CaptureBytes {
    std::vector<u8> bytes;
    CaptureBytes() {
        Put("NXNVKCAP", 8);
        U32(1);
        U32(16);
    }
    void Put(const void* data, std::size_t size) {
        const auto* p = static_cast<const u8*>(data);
        bytes.insert(bytes.end(), p, p + size);
    }
    void U32(u32 value) { Put(&value, 4); }
    void U64(u64 value) { Put(&value, 8); }
    void Record(u32 type, u32 size) {
        U32(type);
        U32(size);
    }
    void Bo(u32 handle, u64 size) {
        Record(1, 16);
        U32(handle);
        U32(0);
        U64(size);
    }
    void Bind(u32 handle, u64 address, u64 offset, u64 size) {
        Record(3, 40);
        U32(0);
        U32(0);
        U32(handle);
        U32(0);
        U64(address);
        U64(offset);
        U64(size);
    }
    void Write(u32 handle, u64 offset, const std::vector<u32>& words) {
        Record(4, 16 + static_cast<u32>(words.size() * 4));
        U32(handle);
        U32(0);
        U64(offset);
        Put(words.data(), words.size() * 4);
    }
};

// The message of the base::Error that parsing and replaying `bytes` throws ("" for none).
std::string ErrorOf(const std::vector<u8>& bytes) {
    try {
        NvkReplay replay(gpu::MakeNoHostGpu());
        replay.Run(ParseNvkCapture(bytes, "damaged.nvkcap"));
    } catch (const base::Error& error) {
        return error.what();
    }
    return "";
}

TEST(NvkCapture, AWellFormedCaptureReplaysItsWritesAtTheirAddresses) {
    CaptureBytes c;
    c.Bo(7, 0x2000);
    c.Bind(7, 0x40'0000'0000 - 0x4000, 0x1000, 0x1000);
    c.Write(7, 0x1010, {0x11223344, 0x55667788});
    NvkReplay replay(gpu::MakeNoHostGpu());
    replay.Run(ParseNvkCapture(c.bytes, "written.nvkcap"));
    const std::vector<u8> seen = replay.Read(0x40'0000'0000 - 0x4000 + 0x10, 8);
    const std::vector<u8> expected = {0x44, 0x33, 0x22, 0x11, 0x88, 0x77, 0x66, 0x55};
    EXPECT_EQ(seen, expected);
}

TEST(NvkCapture, DamagedCapturesAreRefusedNamingWhatIsWrong) {
    CaptureBytes magic;
    magic.bytes[0] = 'Y';
    EXPECT_NE(ErrorOf(magic.bytes).find("not an NVK capture"), std::string::npos);

    CaptureBytes version;
    version.bytes[8] = 2;
    EXPECT_NE(ErrorOf(version.bytes).find("version 2"), std::string::npos);

    EXPECT_NE(ErrorOf({'N', 'X'}).find("past the end"), std::string::npos);

    CaptureBytes truncated;
    truncated.Bo(1, 0x1000);
    truncated.bytes.resize(truncated.bytes.size() - 3);
    EXPECT_NE(ErrorOf(truncated.bytes).find("record payload"), std::string::npos);

    CaptureBytes unknown;
    unknown.Record(99, 0);
    EXPECT_NE(ErrorOf(unknown.bytes).find("unknown record type 99"), std::string::npos);

    CaptureBytes short_bo;
    short_bo.Record(1, 8);
    short_bo.U64(0);
    EXPECT_NE(ErrorOf(short_bo.bytes).find("size needs 8 bytes"), std::string::npos);

    CaptureBytes pushes;  // an EXEC claiming more pushes than it holds
    pushes.Record(5, 8 + 16);
    pushes.U32(0);
    pushes.U32(0x1000'0000);
    pushes.U64(0x1000);
    pushes.U64(16);
    EXPECT_NE(ErrorOf(pushes.bytes).find("the pushes"), std::string::npos);

    CaptureBytes no_object;
    no_object.Write(5, 0, {1});
    EXPECT_NE(ErrorOf(no_object.bytes).find("buffer object 5, which the capture never made"),
              std::string::npos);

    CaptureBytes outside;
    outside.Bo(2, 0x1000);
    outside.Write(2, 0xFFC, {1, 2});
    EXPECT_NE(ErrorOf(outside.bytes).find("a CPU write of 0x8 bytes at 0xffc"), std::string::npos);

    CaptureBytes bind;
    bind.Bo(2, 0x1000);
    bind.Bind(2, 0x10'0000'0000, 0x1000, 0x1000);
    EXPECT_NE(ErrorOf(bind.bytes).find("VM_BIND of 0x1000 bytes at 0x1000"), std::string::npos);

    CaptureBytes odd_push;
    odd_push.Record(5, 8 + 16);
    odd_push.U32(0);
    odd_push.U32(1);
    odd_push.U64(0x10'0000'0000);
    odd_push.U32(6);
    odd_push.U32(0);
    EXPECT_NE(ErrorOf(odd_push.bytes).find("push of 6 bytes"), std::string::npos);
}

// Every cut of a real capture (the triangle's) either ends at a record's end and parses, or is
// refused with an error naming the file; none parses to more records than the whole has.
TEST(NvkCapture, EveryTruncationOfARealCaptureParsesOrIsRefused) {
    const std::vector<u8> whole = base::ReadFile(kCaptures + "triangle.nvkcap");
    const std::size_t records = ParseNvkCapture(whole, "triangle.nvkcap").size();
    ASSERT_GT(records, 20u);
    u32 refused = 0;
    for (std::size_t size = 0; size < whole.size(); size += 5) {
        const std::vector<u8> cut(whole.begin(), whole.begin() + static_cast<long>(size));
        try {
            EXPECT_LE(ParseNvkCapture(cut, "cut.nvkcap").size(), records) << size;
        } catch (const base::Error& error) {
            ++refused;
            EXPECT_NE(std::string(error.what()).find("cut.nvkcap"), std::string::npos);
        }
    }
    EXPECT_GT(refused, whole.size() / 10);
}

// A case's result: where its buffer is in NVK's address space (CASE.result) and lavapipe's
// bytes of it (CASE.lavapipe.bin).
struct CaseResult {
    u64 address = 0;
    u64 bytes = 0;
    std::vector<u8> reference;
};

CaseResult ReadCase(const std::string& name) {
    CaseResult result;
    std::ifstream in(kCaptures + name + ".result");
    std::string word, address;
    in >> word >> address >> result.bytes;
    if (word != "result" || address.rfind("0x", 0) != 0) {
        ADD_FAILURE() << kCaptures << name << ".result: not \"result 0xADDRESS BYTES\"";
    }
    result.address = std::stoull(address, nullptr, 16);
    result.reference = base::ReadFile(kCaptures + name + ".lavapipe.bin");
    EXPECT_EQ(result.reference.size(), result.bytes) << name << ": the reference's size";
    return result;
}

// Images shaded with floats: NAK's code and lavapipe's may round or fuse differently.
constexpr int kFloatTolerance = 2;

class NvkReplayOnHost : public HostGpuTest {
protected:
    NvkReplayOnHost() : HostGpuTest("the NVK replays") {}

    // Replays the case and compares its result buffer's first `compared` bytes (all by default)
    // with lavapipe's byte for byte; returns the whole buffer.
    std::vector<u8> ReplayBytes(const std::string& name, u64 compared = ~u64{0}) {
        const CaseResult expected = ReadCase(name);
        NvkReplay replay(host_);
        replay.Run(ReadNvkCapture(kCaptures + name + ".nvkcap"));
        const std::vector<u8> seen = replay.Read(expected.address, expected.bytes);
        u64 wrong = 0;
        for (std::size_t i = 0; i < seen.size() && i < expected.reference.size() && i < compared;
             ++i) {
            if (seen[i] != expected.reference[i] && wrong++ < 8) {
                ADD_FAILURE() << name << ": byte " << i << " is " << int{seen[i]} << ", lavapipe's "
                              << int{expected.reference[i]};
            }
        }
        EXPECT_EQ(wrong, 0u) << name << ": bytes differ from lavapipe's";
        std::cout << name << ": " << replay.Submissions() << " submissions replayed; " << wrong
                  << " of " << std::min<u64>(seen.size(), compared)
                  << " bytes differ from lavapipe's\n";
        return seen;
    }

    // Replays the case and compares its RGBA8 UNORM picture with lavapipe's within 2/255 per
    // component unless a pixel's tolerance says otherwise, reporting the largest difference;
    // returns it.
    int ReplayUnormPicture(
        const std::string& name, u32 width, u32 height,
        const std::function<int(u32, u32)>& tolerance_at = [](u32, u32) {
            return kFloatTolerance;
        }) {
        const CaseResult expected = ReadCase(name);
        NvkReplay replay(host_);
        replay.Run(ReadNvkCapture(kCaptures + name + ".nvkcap"));
        const std::vector<u8> seen = replay.Read(expected.address, expected.bytes);
        int largest = 0;
        for (std::size_t i = 0; i < seen.size() && i < expected.reference.size(); ++i) {
            largest = std::max(largest, std::abs(int{seen[i]} - int{expected.reference[i]}));
        }
        std::cout << name << ": " << replay.Submissions()
                  << " submissions replayed; largest difference from lavapipe " << largest
                  << "/255\n";
        ExpectPixels(
            seen, width, height,
            [&](u32 x, u32 y) {
                std::array<u8, 4> pixel;
                std::memcpy(pixel.data(), &expected.reference[(y * width + x) * 4], 4);
                return pixel;
            },
            tolerance_at);
        return largest;
    }
};

TEST_F(NvkReplayOnHost, CopyGivesLavapipesBytes) {
    ReplayBytes("copy");
}

// NAK's program stores through the storage buffer address NVK put in the descriptor set it
// binds as constant bank 1 (c[0x1][0x0], IADD3 / IADD3.X with the index, then STG).
TEST_F(NvkReplayOnHost, ComputeGivesLavapipesBytes) {
    ReplayBytes("compute");
}

TEST_F(NvkReplayOnHost, ClearGivesLavapipesPicture) {
    ReplayUnormPicture("clear", 64, 32);
}

TEST_F(NvkReplayOnHost, TriangleGivesLavapipesPicture) {
    ReplayUnormPicture("triangle", 64, 32);
}

TEST_F(NvkReplayOnHost, IndexedInstancedDrawGivesLavapipesPicture) {
    ReplayUnormPicture("indexed", 64, 32);
}

TEST_F(NvkReplayOnHost, IndirectIndexedDrawGivesLavapipesPicture) {
    ReplayUnormPicture("indirect", 64, 32);
}

TEST_F(NvkReplayOnHost, BlendAndDepthGiveLavapipesPicture) {
    ReplayUnormPicture("blend_depth", 64, 32);
}

// NAK samples with TEX.B, its handle moved into a register from the descriptor set's word
// (ULDC UR0, c[0x1][0x0]; MOV R0, UR0).
TEST_F(NvkReplayOnHost, TextureGivesLavapipesPicture) {
    ReplayUnormPicture("texture", 64, 32);
}

// A D24S8 attachment: REPLACE, INCREMENT_AND_CLAMP on depth fail and INVERT writes, then
// EQUAL and LESS (under a compare mask) tests choosing which quads show.
TEST_F(NvkReplayOnHost, StencilOpsAndTestsGiveLavapipesPicture) {
    ReplayUnormPicture("stencil", 64, 32);
}

// R8, R16G16_SFLOAT, R32_SFLOAT, B8G8R8A8, BC1 and BC3 block-linear textures, a level of a
// mipmapped one and a layer of an array sampled at an explicit LOD, a pitch-linear one, and
// two levels of a 3D one.
// The BC1 and BC3 strips (x 32..47, formats.c) on a host that samples S3TC natively: NVIDIA's
// hardware interpolates with weights of its own (the H200 is 4-6 of 255 from lavapipe's
// formulas there, the same measure as host_gpu_draw_test.cpp's S3TC cases). Where nxhost decodes
// them, or on lavapipe itself, the usual 2/255 holds.
TEST_F(NvkReplayOnHost, TextureFormatsAndLayoutsGiveLavapipesPicture) {
    constexpr u32 kS3tcFirstColumn = 32, kS3tcEndColumn = 48;
    constexpr int kNvidiaS3tcTolerance = 8;
    const bool nvidia_s3tc = host_->Name().starts_with("NVIDIA");
    ReplayUnormPicture("formats", 88, 32, [&](u32 x, u32) {
        const bool s3tc = x >= kS3tcFirstColumn && x < kS3tcEndColumn;
        return s3tc && nvidia_s3tc ? kNvidiaS3tcTolerance : kFloatTolerance;
    });
}

// Three precise occlusion queries (2048, 1024 and 0 samples) copied with their availability by
// vkCmdCopyQueryPoolResults, compared byte for byte; then two timestamps, which only the device
// that ran the work can know: they are checked for being non-zero and in order.
TEST_F(NvkReplayOnHost, OcclusionQueriesGiveLavapipesCountsAndTimestampsRise) {
    constexpr u64 kCountBytes = 48;
    const std::vector<u8> seen = ReplayBytes("queries", kCountBytes);
    ASSERT_EQ(seen.size(), kCountBytes + 16);
    u64 before = 0, after = 0;
    std::memcpy(&before, &seen[kCountBytes], 8);
    std::memcpy(&after, &seen[kCountBytes + 8], 8);
    std::cout << "queries: timestamps " << before << ", " << after << "\n";
    EXPECT_NE(before, 0u);
    EXPECT_GE(after, before);
}

}  // namespace
