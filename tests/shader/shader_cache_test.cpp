// The on-disk shader cache: keys, round trips, and entries damaged in every way we can think of
// (each must be a logged miss, never a crash, and be replaced by the next Store). Programs are
// made by hand, so these tests do not need the translator.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <thread>

#include <gtest/gtest.h>
#include <xxhash.h>

#include "base/file.h"
#include "base/log.h"
#include "shader/cache/cache_entry.h"
#include "shader/cache/shader_cache.h"

namespace {

namespace fs = std::filesystem;
using namespace shader;

// Layout of an entry as documented in src/shader/cache/cache_entry.h.
constexpr std::size_t kVersionOffset = 8;
constexpr std::size_t kKeyOffset = 12;
constexpr std::size_t kLengthOffset = 28;
constexpr std::size_t kChecksumOffset = 36;
constexpr std::size_t kHeaderBytes = 44;

ComputeProgram MakeProgram(u32 seed = 0) {
    ComputeProgram program;
    for (u32 i = 0; i < 40; ++i) {
        program.spirv.push_back(0x07230203u * (i + 1) + seed);
    }
    program.entry_point = "kernel_main";
    program.workgroup_size = {64, 2, 3};
    program.cbank0_binding = 5;
    program.cbank0_bytes = 0x1a0;
    program.global_buffers = {{.binding = 1, .address_offset = 0x160},
                              {.binding = 2, .address_offset = 0x168},
                              {.binding = 3, .address_offset = 0x8, .address_bank = 1}};
    program.constant_banks = {{.bank = 3, .binding = 4, .bytes = 0x100 + 16 * seed}};
    program.module_global_binding = 6;
    program.images = {{.binding = 7,
                       .handle_offset = 0x170,
                       .kind = shader::ImageKind::Sampled,
                       .dim = shader::ImageDim::D2,
                       .arrayed = true,
                       .texel_words = 4,
                       .format = shader::SurfaceFormat::Raw},
                      {.binding = 8,
                       .handle_offset = 0x180,
                       .kind = shader::ImageKind::Storage,
                       .dim = shader::ImageDim::D1,
                       .arrayed = false,
                       .texel_words = 2,
                       .format = shader::SurfaceFormat::Rgba16Float}};
    program.shared_bytes = 4096 + seed;
    program.local_bytes = 48;
    program.requires_32_wide_subgroups = true;
    return program;
}

void ExpectSameProgram(const ComputeProgram& actual, const ComputeProgram& expected) {
    EXPECT_EQ(actual.spirv, expected.spirv);
    EXPECT_EQ(actual.entry_point, expected.entry_point);
    EXPECT_EQ(actual.workgroup_size, expected.workgroup_size);
    EXPECT_EQ(actual.cbank0_binding, expected.cbank0_binding);
    EXPECT_EQ(actual.cbank0_bytes, expected.cbank0_bytes);
    ASSERT_EQ(actual.global_buffers.size(), expected.global_buffers.size());
    for (std::size_t i = 0; i < expected.global_buffers.size(); ++i) {
        EXPECT_EQ(actual.global_buffers[i].binding, expected.global_buffers[i].binding);
        EXPECT_EQ(actual.global_buffers[i].address_offset,
                  expected.global_buffers[i].address_offset);
        EXPECT_EQ(actual.global_buffers[i].address_bank, expected.global_buffers[i].address_bank);
    }
    ASSERT_EQ(actual.constant_banks.size(), expected.constant_banks.size());
    for (std::size_t i = 0; i < expected.constant_banks.size(); ++i) {
        EXPECT_EQ(actual.constant_banks[i].bank, expected.constant_banks[i].bank);
        EXPECT_EQ(actual.constant_banks[i].binding, expected.constant_banks[i].binding);
        EXPECT_EQ(actual.constant_banks[i].bytes, expected.constant_banks[i].bytes);
    }
    EXPECT_EQ(actual.module_global_binding, expected.module_global_binding);
    EXPECT_EQ(actual.images, expected.images);
    EXPECT_EQ(actual.shared_bytes, expected.shared_bytes);
    EXPECT_EQ(actual.local_bytes, expected.local_bytes);
    EXPECT_EQ(actual.requires_32_wide_subgroups, expected.requires_32_wide_subgroups);
}

sass::CubinKernel MakeKernel() {
    sass::CubinKernel kernel;
    kernel.name = "_Z6kernelPf";
    for (u32 i = 0; i < 48; ++i) {
        kernel.code.push_back(static_cast<u8>(i * 37 + 11));
    }
    kernel.registers = 16;
    kernel.shared_bytes = 256;
    kernel.constant0_bytes = 0x170;
    kernel.constant2 = {0x00, 0x00, 0x80, 0x3f};
    kernel.param_base = 0x160;
    kernel.param_bytes = 16;
    kernel.parameters = {{.ordinal = 0, .offset = 0, .size = 8},
                         {.ordinal = 1, .offset = 8, .size = 4}};
    kernel.exit_offsets = {0x20};
    kernel.attributes = {{.format = 4, .id = 0x17, .value = 0, .payload = {1, 2, 3, 4}}};
    kernel.functions = {{0, "_Z6kernelPf"}};
    return kernel;
}

void WriteBytes(const fs::path& path, std::span<const u8> bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    ASSERT_TRUE(out.good()) << path;
}

template <typename T>
void Put(std::vector<u8>& bytes, std::size_t offset, T value) {
    std::memcpy(bytes.data() + offset, &value, sizeof(T));
}

// Makes the header's length and checksum agree with the payload again, so that what follows is
// checked by the payload's own reader rather than by the checksum.
void FixUpHeader(std::vector<u8>& entry) {
    const u64 length = entry.size() - kHeaderBytes;
    Put(entry, kLengthOffset, length);
    Put(entry, kChecksumOffset, u64{XXH3_64bits(entry.data() + kHeaderBytes, length)});
}

class ShaderCacheTest : public ::testing::Test {
protected:
    void SetUp() override {
        base::SetLogLevel(base::LogLevel::Info);
        folder_ = fs::temp_directory_path() / ("nxhost-shader-cache-" + std::to_string(::getpid()) +
                                               "-" + std::to_string(std::random_device()()));
    }
    void TearDown() override { fs::remove_all(folder_); }

    // Load with stderr captured: the program (or nothing) and what was logged.
    static std::pair<std::optional<ComputeProgram>, std::string> LoadLogged(
        ShaderCache& cache, const ShaderCacheKey& key) {
        ::testing::internal::CaptureStderr();
        std::optional<ComputeProgram> program = cache.Load(key);
        return {std::move(program), ::testing::internal::GetCapturedStderr()};
    }

    // The entry at `path` must be a damaged miss with exactly one log line about it.
    static void ExpectDamaged(ShaderCache& cache, const ShaderCacheKey& key,
                              const std::string& context) {
        const u64 damaged_before = cache.Stats().damaged;
        const auto [program, log] = LoadLogged(cache, key);
        EXPECT_FALSE(program.has_value()) << context;
        const std::string expected_start =
            "[warning] shader cache: entry " + cache.EntryPath(key).string() + " is damaged (";
        EXPECT_EQ(log.rfind(expected_start, 0), 0u) << context << ": " << log;
        EXPECT_NE(log.find("); translating again\n"), std::string::npos) << context << ": " << log;
        EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 1) << context << ": " << log;
        EXPECT_EQ(cache.Stats().damaged, damaged_before + 1) << context;
    }

    static void ExpectStoreThenLoadWorks(ShaderCache& cache, const ShaderCacheKey& key) {
        const ComputeProgram program = MakeProgram(7);
        cache.Store(key, program);
        const auto [loaded, log] = LoadLogged(cache, key);
        ASSERT_TRUE(loaded.has_value()) << log;
        EXPECT_EQ(log, "");
        ExpectSameProgram(*loaded, program);
    }

    const ShaderCacheKey key_ = MakeShaderCacheKey(MakeKernel(), {}, {});
    fs::path folder_;
};

TEST_F(ShaderCacheTest, RoundTripKeepsEveryField) {
    ShaderCache cache(folder_ / "created/on/demand");
    EXPECT_FALSE(cache.Load(key_).has_value());
    const ComputeProgram program = MakeProgram();
    cache.Store(key_, program);
    EXPECT_TRUE(fs::is_regular_file(folder_ / "created/on/demand" / key_.Hex()));

    const std::optional<ComputeProgram> loaded = cache.Load(key_);
    ASSERT_TRUE(loaded.has_value());
    ExpectSameProgram(*loaded, program);

    // The defaults (empty SPIR-V, no buffers, false) survive too.
    const ShaderCacheKey other = MakeShaderCacheKey(MakeKernel(), {}, {.block = {2, 1, 1}});
    cache.Store(other, ComputeProgram{});
    const std::optional<ComputeProgram> empty = cache.Load(other);
    ASSERT_TRUE(empty.has_value());
    ExpectSameProgram(*empty, ComputeProgram{});

    const ShaderCacheStats stats = cache.Stats();
    EXPECT_EQ(stats.hits, 2u);
    EXPECT_EQ(stats.misses, 1u);
    EXPECT_EQ(stats.damaged, 0u);
    EXPECT_EQ(stats.stored, 2u);
}

TEST(ShaderCacheKeyTest, FileNameIsTheKeyInHex) {
    const ShaderCacheKey key{.low = 0x0123456789abcdef, .high = 0xfedcba9876543210};
    EXPECT_EQ(key.Hex(), "fedcba98765432100123456789abcdef");
    EXPECT_EQ(ShaderCache("/some/folder").EntryPath(key),
              fs::path("/some/folder/fedcba98765432100123456789abcdef"));
}

TEST(ShaderCacheKeyTest, SameInputsSameKeyAndTheNameDoesNotCount) {
    const sass::CubinKernel kernel = MakeKernel();
    sass::CubinKernel renamed = kernel;
    renamed.name = "_Z5otherPf";
    EXPECT_EQ(MakeShaderCacheKey(kernel, {}, {}), MakeShaderCacheKey(kernel, {}, {}));
    EXPECT_EQ(MakeShaderCacheKey(kernel, {}, {}), MakeShaderCacheKey(renamed, {}, {}));
}

TEST(ShaderCacheKeyTest, EveryInputChangesTheKey) {
    const sass::CubinKernel kernel = MakeKernel();
    std::vector<ShaderCacheKey> keys{MakeShaderCacheKey(kernel, {}, {})};
    auto with_kernel = [&](auto change) {
        sass::CubinKernel changed = kernel;
        change(changed);
        keys.push_back(MakeShaderCacheKey(changed, {}, {}));
    };
    auto with_target = [&](auto change) {
        TargetProfile target;
        change(target);
        keys.push_back(MakeShaderCacheKey(kernel, target, {}));
    };
    auto with_state = [&](auto change) {
        ComputeState state;
        change(state);
        keys.push_back(MakeShaderCacheKey(kernel, {}, state));
    };

    for (std::size_t i = 0; i < kernel.code.size(); ++i) {
        with_kernel([i](sass::CubinKernel& k) { k.code[i] ^= 1; });
    }
    with_kernel([](sass::CubinKernel& k) { k.code.push_back(0); });
    with_kernel([](sass::CubinKernel& k) { k.registers += 1; });
    with_kernel([](sass::CubinKernel& k) { k.shared_bytes += 4; });
    with_kernel([](sass::CubinKernel& k) { k.constant0_bytes += 4; });
    with_kernel([](sass::CubinKernel& k) { k.constant2[2] ^= 1; });
    with_kernel([](sass::CubinKernel& k) { k.constant2.push_back(0); });
    with_kernel([](sass::CubinKernel& k) { k.param_base += 4; });
    with_kernel([](sass::CubinKernel& k) { k.param_bytes += 4; });
    with_kernel([](sass::CubinKernel& k) { k.parameters[1].ordinal = 2; });
    with_kernel([](sass::CubinKernel& k) { k.parameters[1].offset = 12; });
    with_kernel([](sass::CubinKernel& k) { k.parameters[1].size = 8; });
    with_kernel([](sass::CubinKernel& k) { k.parameters.pop_back(); });
    with_kernel([](sass::CubinKernel& k) { k.exit_offsets[0] = 0x30; });
    with_kernel([](sass::CubinKernel& k) { k.attributes[0].id = 0x19; });
    with_kernel([](sass::CubinKernel& k) { k.attributes[0].value = 1; });
    with_kernel([](sass::CubinKernel& k) { k.attributes[0].payload[3] = 5; });
    with_kernel([](sass::CubinKernel& k) { k.functions[0x10] = "helper"; });
    const sass::Relocation relocation{
        .offset = 8, .type = 2, .symbol = "table", .addend = 0, .global_offset = 0};
    with_kernel([&](sass::CubinKernel& k) { k.code_relocations.push_back(relocation); });
    with_kernel([](sass::CubinKernel& k) { k.module.constant3.bytes.push_back(1); });
    with_kernel([](sass::CubinKernel& k) { k.module.constant3.symbols.push_back({"t", 0, 4}); });
    with_kernel([](sass::CubinKernel& k) { k.module.global.bytes.push_back(0); });
    with_kernel([](sass::CubinKernel& k) { k.module.global.symbols.push_back({"g", 0, 0}); });
    with_kernel([](sass::CubinKernel& k) { k.module.constant4.push_back(0); });
    with_kernel(
        [&](sass::CubinKernel& k) { k.module.constant4_relocations.push_back(relocation); });
    with_kernel([&](sass::CubinKernel& k) {
        k.module.constant4_relocations.push_back(relocation);
        k.module.constant4_relocations.back().global_offset.reset();
    });

    with_target([](TargetProfile& t) { t.subgroup_size = 16; });
    for (bool TargetProfile::*flag :
         {&TargetProfile::full_32_wide_subgroups, &TargetProfile::float64, &TargetProfile::int64,
          &TargetProfile::int16, &TargetProfile::int8, &TargetProfile::float16,
          &TargetProfile::storage_8bit, &TargetProfile::storage_16bit,
          &TargetProfile::int64_atomics, &TargetProfile::float32_atomic_add,
          &TargetProfile::float32_atomic_add_shared, &TargetProfile::float64_atomic_add,
          &TargetProfile::float32_atomic_min_max, &TargetProfile::subgroup_ballot,
          &TargetProfile::subgroup_shuffle, &TargetProfile::subgroup_vote,
          &TargetProfile::subgroup_arithmetic, &TargetProfile::shader_clock}) {
        with_target([flag](TargetProfile& t) { t.*flag = true; });
    }
    for (bool TargetProfile::*flag :
         {&TargetProfile::denorm_preserve_f32, &TargetProfile::denorm_preserve_f64,
          &TargetProfile::signed_zero_inf_nan_preserve_f32,
          &TargetProfile::signed_zero_inf_nan_preserve_f64, &TargetProfile::fused_fma_f32}) {
        with_target([flag](TargetProfile& t) { t.*flag = true; });
    }
    for (std::size_t axis = 0; axis < 3; ++axis) {
        with_state([axis](ComputeState& s) { s.block[axis] = 2; });
    }
    with_state([](ComputeState& s) { s.dynamic_shared_bytes = 1024; });
    keys.push_back(MakeShaderCacheKey(kernel, {}, {}, kTranslatorVersion + 1));

    std::set<std::string> distinct;
    for (const ShaderCacheKey& key : keys) {
        distinct.insert(key.Hex());
    }
    EXPECT_EQ(distinct.size(), keys.size());
}

TEST_F(ShaderCacheTest, EveryTruncationIsADamagedMiss) {
    ShaderCache cache(folder_);
    cache.Store(key_, MakeProgram());
    const std::vector<u8> whole = base::ReadFile(cache.EntryPath(key_));
    for (std::size_t size = 0; size < whole.size(); ++size) {
        WriteBytes(cache.EntryPath(key_), std::span(whole).first(size));
        ExpectDamaged(cache, key_, "truncated to " + std::to_string(size));
    }
    EXPECT_EQ(cache.Stats().hits, 0u);
    ExpectStoreThenLoadWorks(cache, key_);
}

TEST_F(ShaderCacheTest, EveryFlippedByteIsADamagedMiss) {
    ShaderCache cache(folder_);
    cache.Store(key_, MakeProgram());
    const std::vector<u8> whole = base::ReadFile(cache.EntryPath(key_));
    for (std::size_t at = 0; at < whole.size(); ++at) {
        for (const u8 mask : {u8{0x01}, u8{0x80}, u8{0xff}}) {
            std::vector<u8> damaged = whole;
            damaged[at] ^= mask;
            WriteBytes(cache.EntryPath(key_), damaged);
            ExpectDamaged(cache, key_, "byte " + std::to_string(at) + " ^ " + std::to_string(mask));
        }
    }
    ExpectStoreThenLoadWorks(cache, key_);
}

TEST_F(ShaderCacheTest, WrongMagicVersionKeyOrTrailingBytesAreNamed) {
    ShaderCache cache(folder_);
    cache.Store(key_, MakeProgram());
    const std::vector<u8> whole = base::ReadFile(cache.EntryPath(key_));
    auto expect_reason = [&](std::vector<u8> bytes, const std::string& reason) {
        WriteBytes(cache.EntryPath(key_), bytes);
        const auto [program, log] = LoadLogged(cache, key_);
        EXPECT_FALSE(program.has_value());
        EXPECT_NE(log.find(reason), std::string::npos) << log;
    };

    std::vector<u8> magic = whole;
    magic[0] = 'N';
    expect_reason(magic, "(not a shader cache entry (wrong magic))");

    std::vector<u8> version = whole;
    Put<u32>(version, kVersionOffset, 1);
    expect_reason(version, "(format version 1, this build reads " +
                               std::to_string(shader::kShaderCacheFormatVersion) + ")");

    // A whole, valid entry of another key under this key's name (copied or renamed).
    const ShaderCacheKey other = MakeShaderCacheKey(MakeKernel(), {.subgroup_size = 8}, {});
    cache.Store(other, MakeProgram());
    fs::copy_file(cache.EntryPath(other), cache.EntryPath(key_),
                  fs::copy_options::overwrite_existing);
    const auto [program, log] = LoadLogged(cache, key_);
    EXPECT_FALSE(program.has_value());
    EXPECT_NE(log.find("(it holds key " + other.Hex() + ")"), std::string::npos) << log;

    std::vector<u8> trailing = whole;
    trailing.push_back(0);
    expect_reason(trailing, "(payload of " + std::to_string(whole.size() - kHeaderBytes) +
                                " bytes announced, " +
                                std::to_string(whole.size() - kHeaderBytes + 1) + " there)");

    std::vector<u8> checksum = whole;
    checksum.back() ^= 1;
    expect_reason(checksum, "(payload checksum mismatch)");

    EXPECT_EQ(cache.Stats().damaged, 5u);
    ExpectStoreThenLoadWorks(cache, key_);
}

// Behind a valid checksum the payload's own reader is what stands between odd bytes and a
// crash: every payload cut short, an impossible count, trailing bytes.
TEST_F(ShaderCacheTest, PayloadReaderChecksEveryLengthBehindAValidChecksum) {
    ShaderCache cache(folder_);
    cache.Store(key_, MakeProgram());
    const std::vector<u8> whole = base::ReadFile(cache.EntryPath(key_));
    for (std::size_t size = kHeaderBytes; size < whole.size(); ++size) {
        std::vector<u8> cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(size));
        FixUpHeader(cut);
        WriteBytes(cache.EntryPath(key_), cut);
        ExpectDamaged(cache, key_, "payload cut to " + std::to_string(size - kHeaderBytes));
    }

    std::vector<u8> huge_count = whole;
    Put<u32>(huge_count, kHeaderBytes + 4, 0xffffffff);  // the SPIR-V word count, after the kind
    FixUpHeader(huge_count);
    WriteBytes(cache.EntryPath(key_), huge_count);
    const auto [program, log] = LoadLogged(cache, key_);
    EXPECT_FALSE(program.has_value());
    EXPECT_NE(log.find("(payload ends inside SPIR-V words)"), std::string::npos) << log;

    std::vector<u8> bad_flag = whole;
    bad_flag.back() = 2;  // requires_32_wide_subgroups, the last byte
    FixUpHeader(bad_flag);
    WriteBytes(cache.EntryPath(key_), bad_flag);
    ExpectDamaged(cache, key_, "flag 2");

    std::vector<u8> extra = whole;
    extra.push_back(0);
    FixUpHeader(extra);
    WriteBytes(cache.EntryPath(key_), extra);
    ExpectDamaged(cache, key_, "a byte after the program");

    // Every byte of the payload set to every-ones: a valid program or a damaged miss, nothing else.
    for (std::size_t at = kHeaderBytes; at < whole.size(); ++at) {
        std::vector<u8> changed = whole;
        changed[at] = 0xff;
        FixUpHeader(changed);
        WriteBytes(cache.EntryPath(key_), changed);
        const u64 damaged_before = cache.Stats().damaged;
        const auto [loaded, changed_log] = LoadLogged(cache, key_);
        EXPECT_EQ(loaded.has_value(), cache.Stats().damaged == damaged_before) << at;
        EXPECT_EQ(changed_log.empty(), loaded.has_value()) << at << ": " << changed_log;
    }
    ExpectStoreThenLoadWorks(cache, key_);
}

// Random payloads (fixed seed) behind a valid header: each loads or is a logged damaged miss.
TEST_F(ShaderCacheTest, RandomPayloadsBehindAValidHeaderLoadOrAreDamaged) {
    ShaderCache cache(folder_);
    cache.Store(key_, MakeProgram());
    const std::vector<u8> header = [&] {
        std::vector<u8> whole = base::ReadFile(cache.EntryPath(key_));
        whole.resize(kHeaderBytes);
        return whole;
    }();
    std::mt19937 random(12345);
    u64 loaded_count = 0;
    for (int round = 0; round < 1000; ++round) {
        std::vector<u8> entry = header;
        const std::size_t length = random() % 96;
        for (std::size_t i = 0; i < length; ++i) {
            // Mostly small bytes, so that counts are often small enough to be followed.
            entry.push_back(static_cast<u8>(random() % 4 == 0 ? random() : random() % 3));
        }
        FixUpHeader(entry);
        WriteBytes(cache.EntryPath(key_), entry);
        const u64 damaged_before = cache.Stats().damaged;
        const auto [program, log] = LoadLogged(cache, key_);
        EXPECT_EQ(program.has_value(), cache.Stats().damaged == damaged_before) << round;
        EXPECT_EQ(log.empty(), program.has_value()) << round << ": " << log;
        loaded_count += program.has_value() ? 1 : 0;
    }
    EXPECT_EQ(cache.Stats().hits, loaded_count);
    ExpectStoreThenLoadWorks(cache, key_);
}

TEST_F(ShaderCacheTest, ADirectoryOrAnOversizedFileIsDamaged) {
    ShaderCache cache(folder_);
    fs::create_directories(cache.EntryPath(key_));
    ExpectDamaged(cache, key_, "a directory");
    fs::remove(cache.EntryPath(key_));

    // A sparse file past the size limit (64 MiB) is refused before it is read.
    WriteBytes(cache.EntryPath(key_), std::vector<u8>{0});
    fs::resize_file(cache.EntryPath(key_), (u64{64} << 20) + 1);
    const auto [program, log] = LoadLogged(cache, key_);
    EXPECT_FALSE(program.has_value());
    EXPECT_NE(log.find("(67108865 bytes, more than an entry can hold)"), std::string::npos) << log;
    ExpectStoreThenLoadWorks(cache, key_);
}

TEST_F(ShaderCacheTest, LeftoverTemporaryFileIsNotAnEntry) {
    ShaderCache cache(folder_);
    cache.Store(key_, MakeProgram());
    const std::vector<u8> whole = base::ReadFile(cache.EntryPath(key_));
    fs::remove(cache.EntryPath(key_));

    // A writer killed before its rename leaves its temporary file (whole or not) behind.
    const fs::path temporary = cache.EntryPath(key_).string() + ".tmp-999999";
    WriteBytes(temporary, std::span(whole).first(whole.size() / 2));
    const auto [program, log] = LoadLogged(cache, key_);
    EXPECT_FALSE(program.has_value());
    EXPECT_EQ(log, "");
    EXPECT_EQ(cache.Stats().damaged, 0u);
    ExpectStoreThenLoadWorks(cache, key_);
}

TEST_F(ShaderCacheTest, TwoCachesShareOneFolder) {
    ShaderCache first(folder_);
    ShaderCache second(folder_);
    const ShaderCacheKey other = MakeShaderCacheKey(MakeKernel(), {.int64 = true}, {});
    first.Store(key_, MakeProgram(1));
    second.Store(other, MakeProgram(2));

    const std::optional<ComputeProgram> from_second = second.Load(key_);
    ASSERT_TRUE(from_second.has_value());
    ExpectSameProgram(*from_second, MakeProgram(1));
    const std::optional<ComputeProgram> from_first = first.Load(other);
    ASSERT_TRUE(from_first.has_value());
    ExpectSameProgram(*from_first, MakeProgram(2));
    EXPECT_EQ(first.Stats().hits, 1u);
    EXPECT_EQ(second.Stats().hits, 1u);
}

// Threads storing and loading one key through two caches: a reader sees no entry or a whole one,
// never a damaged one (the rename is atomic).
TEST_F(ShaderCacheTest, ConcurrentStoresAndLoadsNeverSeeAPartialEntry) {
    ShaderCache first(folder_);
    ShaderCache second(folder_);
    const ComputeProgram program = MakeProgram(3);
    std::vector<std::thread> threads;
    for (int i = 0; i < 4; ++i) {
        ShaderCache& cache = i % 2 == 0 ? first : second;
        threads.emplace_back([&cache, &program, this, i] {
            for (int round = 0; round < 50; ++round) {
                if (i < 2) {
                    cache.Store(key_, program);
                } else if (const std::optional<ComputeProgram> loaded = cache.Load(key_)) {
                    EXPECT_EQ(loaded->spirv, program.spirv);
                }
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(first.Stats().damaged + second.Stats().damaged, 0u);
    EXPECT_EQ(first.Stats().stored + second.Stats().stored, 100u);
}

TEST_F(ShaderCacheTest, UnwritableFolderLogsOnceAndGoesOnWithoutStoring) {
    // A folder below a regular file cannot be created, not even by root.
    fs::create_directories(folder_);
    WriteBytes(folder_ / "file", std::vector<u8>{1});
    ShaderCache cache(folder_ / "file/shaders");
    ::testing::internal::CaptureStderr();
    cache.Store(key_, MakeProgram());
    cache.Store(key_, MakeProgram());
    const std::string log = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 1) << log;
    EXPECT_EQ(log.rfind("[warning] shader cache: cannot store (", 0), 0u) << log;
    EXPECT_NE(log.find("going on without storing shaders"), std::string::npos) << log;
    const auto [program, load_log] = LoadLogged(cache, key_);
    EXPECT_FALSE(program.has_value());
    EXPECT_EQ(load_log, "");
    EXPECT_EQ(cache.Stats().stored, 0u);
    EXPECT_EQ(cache.Stats().misses, 1u);
    EXPECT_EQ(cache.Stats().damaged, 0u);
}

// Sets an environment variable for one scope, then puts back what was there.
class ScopedEnvironment {
public:
    ScopedEnvironment(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) {
            old_ = old;
        }
        Set(value);
    }
    ~ScopedEnvironment() { Set(old_ ? old_->c_str() : nullptr); }
    void Set(const char* value) {
        if (value != nullptr) {
            ::setenv(name_, value, 1);
        } else {
            ::unsetenv(name_);
        }
    }

private:
    const char* name_;
    std::optional<std::string> old_;
};

TEST(ShaderCacheFolderTest, FollowsXdgCacheHomeThenHome) {
    ScopedEnvironment home("HOME", "/home/player");
    ScopedEnvironment xdg("XDG_CACHE_HOME", "/xdg/cache");
    EXPECT_EQ(DefaultShaderCacheFolder(), fs::path("/xdg/cache/nxhost/shaders"));
    xdg.Set("relative/ignored");
    EXPECT_EQ(DefaultShaderCacheFolder(), fs::path("/home/player/.cache/nxhost/shaders"));
    xdg.Set(nullptr);
    EXPECT_EQ(DefaultShaderCacheFolder(), fs::path("/home/player/.cache/nxhost/shaders"));
}

// Graphics entries: the translations of the 3D engines' programs (video::GraphicsShaders).

GraphicsProgram MakeGraphicsProgram() {
    GraphicsProgram program;
    program.stage = Stage::Fragment;
    for (u32 i = 0; i < 24; ++i) {
        program.spirv.push_back(0x07230203u ^ (i * 0x9e3779b9u));
    }
    program.entry_point = "fragment_main";
    ResourceLayout& layout = program.layout;
    layout.constant_banks = {{.bank = 0, .binding = 0, .bytes = 0x1a0},
                             {.bank = 2, .binding = 1, .bytes = 0x40}};
    layout.images = {{.binding = 2,
                      .handle_bank = 0,
                      .handle_offset = 0x690,
                      .kind = ImageKind::Sampled,
                      .dim = ImageDim::D3,
                      .arrayed = false,
                      .texel_words = 4,
                      .format = SurfaceFormat::Rgba8Unorm}};
    layout.inputs = {{.location = 0, .components = 0xF, .interpolation = Interpolation::Linear},
                     {.location = 33,
                      .components = 0x3,
                      .interpolation = Interpolation::Flat,
                      .type = AttributeType::Sint}};
    layout.outputs = {{.location = 1, .components = 0x7, .interpolation = Interpolation::Flat}};
    layout.render_targets = {{0, 0xF}, {3, 0x1}};
    layout.writes_depth = true;
    layout.writes_viewport_index = true;
    return program;
}

void ExpectSameGraphicsProgram(const GraphicsProgram& actual, const GraphicsProgram& expected) {
    EXPECT_EQ(actual.stage, expected.stage);
    EXPECT_EQ(actual.spirv, expected.spirv);
    EXPECT_EQ(actual.entry_point, expected.entry_point);
    EXPECT_EQ(actual.layout, expected.layout);
}

const std::vector<u8> kHeader(0x50, 0x21);
const std::vector<u8> kCode{1, 2, 3, 4, 5, 6, 7, 8};
const std::vector<u32> kConstants{0x3f800000, 7};

GraphicsCacheSource Source() {
    return {.environment = "deko3d",
            .stage = Stage::Fragment,
            .header = kHeader,
            .code = kCode,
            .fixed_constants = kConstants,
            .attribute_types = {},
            .build = "v1-test"};
}

TEST_F(ShaderCacheTest, GraphicsRoundTripKeepsEveryField) {
    ShaderCache cache(folder_, "v1-test");
    EXPECT_EQ(cache.Build(), "v1-test");
    const ShaderCacheKey key = MakeGraphicsCacheKey(Source(), {});
    EXPECT_FALSE(cache.LoadGraphics(key).has_value());
    const GraphicsProgram program = MakeGraphicsProgram();
    cache.Store(key, program);
    const std::optional<GraphicsProgram> loaded = cache.LoadGraphics(key);
    ASSERT_TRUE(loaded.has_value());
    ExpectSameGraphicsProgram(*loaded, program);

    const ShaderCacheKey other = MakeGraphicsCacheKey({.environment = "engine",
                                                       .stage = Stage::Vertex,
                                                       .header = {},
                                                       .code = {},
                                                       .fixed_constants = {},
                                                       .attribute_types = {},
                                                       .build = "v1-test"},
                                                      {});
    cache.Store(other, GraphicsProgram{});
    const std::optional<GraphicsProgram> empty = cache.LoadGraphics(other);
    ASSERT_TRUE(empty.has_value());
    ExpectSameGraphicsProgram(*empty, GraphicsProgram{});
    EXPECT_EQ(cache.Stats().hits, 2u);
    EXPECT_EQ(cache.Stats().misses, 1u);
}

TEST(ShaderCacheKeyTest, EveryGraphicsInputChangesTheKey) {
    std::vector<ShaderCacheKey> keys{MakeGraphicsCacheKey(Source(), {})};
    EXPECT_EQ(keys[0], MakeGraphicsCacheKey(Source(), {}));
    const auto with = [&](auto change) {
        GraphicsCacheSource source = Source();
        std::vector<u8> header = kHeader;
        std::vector<u8> code = kCode;
        std::vector<u32> constants = kConstants;
        source.header = header;
        source.code = code;
        source.fixed_constants = constants;
        change(source, header, code, constants);
        keys.push_back(MakeGraphicsCacheKey(source, {}));
    };
    with([](GraphicsCacheSource& s, auto&, auto&, auto&) { s.environment = "engine"; });
    with([](GraphicsCacheSource& s, auto&, auto&, auto&) { s.stage = Stage::Vertex; });
    with([](GraphicsCacheSource& s, auto&, auto&, auto&) { s.build = "v2-test"; });
    static const std::array<AttributeType, 2> kTypes{AttributeType::Float, AttributeType::Sint};
    with([](GraphicsCacheSource& s, auto&, auto&, auto&) { s.attribute_types = kTypes; });
    with([](GraphicsCacheSource&, std::vector<u8>& header, auto&, auto&) { header[0x4f] ^= 1; });
    with([](GraphicsCacheSource& s, std::vector<u8>& header, auto&, auto&) {
        s.header = std::span(header).first(0x4f);
    });
    with([](GraphicsCacheSource&, auto&, std::vector<u8>& code, auto&) { code[0] ^= 0x80; });
    with([](GraphicsCacheSource&, auto&, auto&, std::vector<u32>& constants) { constants[1] = 8; });
    // A byte moved from the end of the header to the start of the code is another program.
    with([](GraphicsCacheSource& s, std::vector<u8>& header, std::vector<u8>& code, auto&) {
        code.insert(code.begin(), header.back());
        s.header = std::span(header).first(header.size() - 1);
        s.code = code;
    });
    TargetProfile target;
    target.fragment_quad_operations = true;
    keys.push_back(MakeGraphicsCacheKey(Source(), target));
    keys.push_back(MakeShaderCacheKey(MakeKernel(), {}, {}));

    std::set<std::string> distinct;
    for (const ShaderCacheKey& key : keys) {
        distinct.insert(key.Hex());
    }
    EXPECT_EQ(distinct.size(), keys.size());
}

// A compute entry is never taken for a graphics one, nor the other way round, even under the
// right key (a file renamed or copied into place).
TEST_F(ShaderCacheTest, AnEntryOfTheOtherKindIsNamedAndMissed) {
    ShaderCache cache(folder_);
    cache.Store(key_, MakeProgram());
    ::testing::internal::CaptureStderr();
    EXPECT_FALSE(cache.LoadGraphics(key_).has_value());
    const std::string log = ::testing::internal::GetCapturedStderr();
    EXPECT_NE(log.find("(it holds a compute program)"), std::string::npos) << log;

    cache.Store(key_, MakeGraphicsProgram());
    const auto [program, compute_log] = LoadLogged(cache, key_);
    EXPECT_FALSE(program.has_value());
    EXPECT_NE(compute_log.find("(it holds a graphics program)"), std::string::npos) << compute_log;
    EXPECT_EQ(cache.Stats().damaged, 2u);
}

// Every truncation, every flipped byte, and every payload byte set to all-ones behind a valid
// checksum: a graphics entry that loads whole or a logged damaged miss (enumerations out of
// range included), never a crash.
TEST_F(ShaderCacheTest, DamagedGraphicsEntriesAreMissesOrLoadWhole) {
    ShaderCache cache(folder_);
    const ShaderCacheKey key = MakeGraphicsCacheKey(Source(), {});
    cache.Store(key, MakeGraphicsProgram());
    const std::vector<u8> whole = base::ReadFile(cache.EntryPath(key));
    const auto load = [&](std::span<const u8> bytes, const std::string& context, bool may_load) {
        WriteBytes(cache.EntryPath(key), bytes);
        const u64 damaged_before = cache.Stats().damaged;
        ::testing::internal::CaptureStderr();
        const std::optional<GraphicsProgram> loaded = cache.LoadGraphics(key);
        const std::string log = ::testing::internal::GetCapturedStderr();
        if (!may_load) {
            EXPECT_FALSE(loaded.has_value()) << context;
        }
        EXPECT_EQ(loaded.has_value(), cache.Stats().damaged == damaged_before) << context;
        EXPECT_EQ(log.empty(), loaded.has_value()) << context << ": " << log;
    };
    for (std::size_t size = 0; size < whole.size(); ++size) {
        load(std::span(whole).first(size), "truncated to " + std::to_string(size), false);
    }
    for (std::size_t at = 0; at < whole.size(); ++at) {
        std::vector<u8> flipped = whole;
        flipped[at] ^= 0x01;
        load(flipped, "byte " + std::to_string(at) + " flipped", false);
    }
    for (std::size_t at = kHeaderBytes; at < whole.size(); ++at) {
        std::vector<u8> changed = whole;
        changed[at] = 0xff;
        FixUpHeader(changed);
        load(changed, "payload byte " + std::to_string(at) + " all ones", true);
    }
    cache.Store(key, MakeGraphicsProgram());
    const std::optional<GraphicsProgram> loaded = cache.LoadGraphics(key);
    ASSERT_TRUE(loaded.has_value());
    ExpectSameGraphicsProgram(*loaded, MakeGraphicsProgram());
}

}  // namespace
