#include "cpu/llvm/region_cache.h"

#include <algorithm>
#include <cstring>
#include <system_error>

#include <fmt/format.h>
#include <llvm/ADT/StringMap.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/Support/Host.h>
#include <xxhash.h>

#include "base/byte_reader.h"
#include "base/byte_writer.h"
#include "base/error.h"
#include "base/file.h"
#include "base/log.h"
#include "cpu/llvm/region.h"

namespace cpu::llvm_tier {
namespace {

// Bumped whenever the translator's output changes for the same guest code.
constexpr u32 kTranslatorVersion = 10;
constexpr u32 kFormatVersion = 1;
constexpr char kMagic[4] = {'N', 'X', 'R', 'C'};
// The entry's header, then the object: magic, format, key, object size, object XXH3-64.
constexpr u64 kFormatOffset = 4;
constexpr u64 kKeyOffset = 8;
constexpr u64 kSizeOffset = 24;
constexpr u64 kChecksumOffset = 32;
constexpr u64 kHeaderSize = 40;
static_assert(sizeof(RegionKey) == 16, "the key is stored as its two halves, low first");

// Appends values at the end of a byte image (host order, as the shader cache's entries).
class Appender {
public:
    template <typename T>
    void Put(const T& value) {
        writer_.Write(writer_.Size(), value);
    }
    void PutBytes(std::span<const u8> bytes) { writer_.Append(bytes); }
    void PutString(const std::string& text) {  // its length first
        Put<u64>(text.size());
        PutBytes({reinterpret_cast<const u8*>(text.data()), text.size()});
    }
    std::vector<u8> Take() { return writer_.Take(); }

private:
    base::ByteWriter writer_;
};

}  // namespace

std::string RegionKey::Hex() const {
    return fmt::format("{:016x}{:016x}", high, low);
}

RegionKeyContext HostRegionKeyContext(std::string build_id, unsigned address_bits) {
    std::string cpu = llvm::sys::getHostCPUName().str();
    llvm::StringMap<bool> features;
    if (llvm::sys::getHostCPUFeatures(features)) {
        std::vector<std::string> names;
        for (const auto& feature : features) {
            names.push_back((feature.getValue() ? "+" : "-") + feature.getKey().str());
        }
        std::sort(names.begin(), names.end());  // StringMap's order is not defined
        for (const std::string& name : names) {
            cpu += "," + name;
        }
    }
    return {std::move(build_id), LLVM_VERSION_STRING, std::move(cpu), address_bits};
}

RegionKey MakeRegionKey(const Region& region, const RegionKeyContext& context) {
    Appender material;
    material.Put(kFormatVersion);
    material.Put(kTranslatorVersion);
    material.PutString(context.build_id);
    material.PutString(context.llvm_version);
    material.PutString(context.host_cpu);
    material.Put<u32>(context.address_bits);
    material.Put(region.entry);
    // The block starts and return points follow from the words, the entry and the known
    // entry points.
    material.Put<u64>(region.words.size());
    for (const auto& [pc, word] : region.words) {
        material.Put(pc);
        material.Put(word);
    }
    material.Put<u64>(region.indirect_targets.size());
    for (const u64 target : region.indirect_targets) {
        material.Put(target);
    }
    const std::vector<u8> bytes = material.Take();
    const XXH128_hash_t hash = XXH3_128bits(bytes.data(), bytes.size());
    return {hash.low64, hash.high64};
}

RegionCache::RegionCache(std::filesystem::path folder) : folder_(std::move(folder)) {}

std::filesystem::path RegionCache::EntryPath(const RegionKey& key) const {
    return folder_ / (key.Hex() + ".region");
}

std::optional<std::vector<u8>> RegionCache::Load(const RegionKey& key) {
    const std::filesystem::path path = EntryPath(key);
    std::error_code error;
    if (!std::filesystem::exists(path, error)) {
        ++stats_.misses;
        return std::nullopt;
    }
    const auto damaged = [&](std::string_view why) -> std::optional<std::vector<u8>> {
        LOG_WARNING("cpu", "LLVM tier: cache entry {} is damaged ({}); compiling the region again",
                    path.string(), why);
        ++stats_.damaged;
        ++stats_.misses;
        return std::nullopt;
    };
    std::vector<u8> file;
    try {
        file = base::ReadFile(path);
    } catch (const base::Error& failure) {
        return damaged(failure.what());
    }
    if (file.size() < kHeaderSize) {
        return damaged("shorter than its header");
    }
    const base::ByteReader header(file, path.string());
    if (std::memcmp(file.data(), kMagic, sizeof(kMagic)) != 0) {
        return damaged("not a region entry");
    }
    if (header.Read<u32>(kFormatOffset, "format") != kFormatVersion) {
        return damaged("another format");
    }
    if (header.Read<RegionKey>(kKeyOffset, "key") != key) {
        return damaged("it holds another region's key");
    }
    const u64 size = header.Read<u64>(kSizeOffset, "object size");
    if (size != file.size() - kHeaderSize) {
        return damaged(
            fmt::format("payload of {} bytes, {} in the file", size, file.size() - kHeaderSize));
    }
    if (XXH3_64bits(file.data() + kHeaderSize, size) !=
        header.Read<u64>(kChecksumOffset, "object checksum")) {
        return damaged("its checksum does not match");
    }
    ++stats_.hits;
    return std::vector<u8>(file.begin() + kHeaderSize, file.end());
}

void RegionCache::Store(const RegionKey& key, std::span<const u8> object) {
    if (store_failed_) {
        return;
    }
    Appender entry;
    entry.Put(kMagic);
    entry.Put(kFormatVersion);
    entry.Put(key);
    entry.Put<u64>(object.size());
    entry.Put<u64>(XXH3_64bits(object.data(), object.size()));
    entry.PutBytes(object);
    const std::vector<u8> file = entry.Take();
    try {
        std::filesystem::create_directories(folder_);
        base::WriteFileAtomic(EntryPath(key), file);
        ++stats_.stored;
    } catch (const std::exception& failure) {
        LOG_WARNING("cpu", "LLVM tier: cannot write the region cache in {} ({}); reading only",
                    folder_.string(), failure.what());
        store_failed_ = true;
    }
}

}  // namespace cpu::llvm_tier
