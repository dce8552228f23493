#include "cpu/llvm/region_cache.h"

#include <algorithm>
#include <cstring>
#include <system_error>

#include <fmt/format.h>
#include <llvm/ADT/StringMap.h>
#include <llvm/Config/llvm-config.h>
#include <llvm/Support/Host.h>
#include <xxhash.h>

#include "base/error.h"
#include "base/file.h"
#include "base/log.h"
#include "cpu/llvm/region.h"

namespace cpu::llvm_tier {
namespace {

// Bumped whenever the translator's output changes for the same guest code.
constexpr u32 kTranslatorVersion = 1;
constexpr u32 kFormatVersion = 1;
constexpr char kMagic[4] = {'N', 'X', 'R', 'C'};
// magic, format, key (16), payload size (8), payload XXH3-64 (8)
constexpr std::size_t kHeaderSize = 4 + 4 + 16 + 8 + 8;

void PutLittle(std::vector<u8>& out, u64 value, unsigned bytes) {
    for (unsigned i = 0; i < bytes; ++i) {
        out.push_back(static_cast<u8>(value >> (8 * i)));
    }
}

u64 GetLittle(const u8* in, unsigned bytes) {
    u64 value = 0;
    for (unsigned i = 0; i < bytes; ++i) {
        value |= u64{in[i]} << (8 * i);
    }
    return value;
}

void PutString(std::vector<u8>& out, const std::string& text) {
    PutLittle(out, text.size(), 8);
    out.insert(out.end(), text.begin(), text.end());
}

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
    std::vector<u8> material;
    PutLittle(material, kFormatVersion, 4);
    PutLittle(material, kTranslatorVersion, 4);
    PutString(material, context.build_id);
    PutString(material, context.llvm_version);
    PutString(material, context.host_cpu);
    PutLittle(material, context.address_bits, 4);
    PutLittle(material, region.entry, 8);
    // The block starts and return points follow from the words and the entry.
    PutLittle(material, region.words.size(), 8);
    for (const auto& [pc, word] : region.words) {
        PutLittle(material, pc, 8);
        PutLittle(material, word, 4);
    }
    const XXH128_hash_t hash = XXH3_128bits(material.data(), material.size());
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
    if (std::memcmp(file.data(), kMagic, 4) != 0) {
        return damaged("not a region entry");
    }
    if (GetLittle(file.data() + 4, 4) != kFormatVersion) {
        return damaged("another format");
    }
    if (RegionKey{GetLittle(file.data() + 8, 8), GetLittle(file.data() + 16, 8)} != key) {
        return damaged("it holds another region's key");
    }
    const u64 size = GetLittle(file.data() + 24, 8);
    if (size != file.size() - kHeaderSize) {
        return damaged(
            fmt::format("payload of {} bytes, {} in the file", size, file.size() - kHeaderSize));
    }
    if (XXH3_64bits(file.data() + kHeaderSize, size) != GetLittle(file.data() + 32, 8)) {
        return damaged("its checksum does not match");
    }
    ++stats_.hits;
    return std::vector<u8>(file.begin() + kHeaderSize, file.end());
}

void RegionCache::Store(const RegionKey& key, std::span<const u8> object) {
    if (store_failed_) {
        return;
    }
    std::vector<u8> file(kMagic, kMagic + 4);
    PutLittle(file, kFormatVersion, 4);
    PutLittle(file, key.low, 8);
    PutLittle(file, key.high, 8);
    PutLittle(file, object.size(), 8);
    PutLittle(file, XXH3_64bits(object.data(), object.size()), 8);
    file.insert(file.end(), object.begin(), object.end());
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
