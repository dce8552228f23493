#pragma once

// zstd frames and the dictionaries games keep for them. A game's `Pack/ZsDic.pack.zs` is a
// zstd frame (no dictionary) holding a SARC of `.zsdic` dictionaries; each `.zs` file is a
// zstd frame whose header names its dictionary by id. Dictionaries are digested once, on
// first use, and shared by every thread that decompresses.

#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace formats {

inline constexpr u64 kZstdMaxOutput = u64{4} << 30;

bool IsZstdFrame(std::span<const u8> bytes);
// The dictionary id a frame names (0 when it names none or the header is unreadable).
u32 ZstdFrameDictionaryId(std::span<const u8> frame);
// Decompresses every frame in `input` without a dictionary; fails naming `source` on damage
// or when the output would pass `max_output`.
std::vector<u8> ZstdDecompress(std::span<const u8> input, std::string_view source,
                               u64 max_output = kZstdMaxOutput);
std::vector<u8> ZstdCompress(std::span<const u8> input, int level);

class ZstdDictionaries {
public:
    ZstdDictionaries();
    ~ZstdDictionaries();
    ZstdDictionaries(ZstdDictionaries&&) noexcept;
    ZstdDictionaries& operator=(ZstdDictionaries&&) noexcept;

    // Reads the dictionaries out of a ZsDic.pack.zs.
    static ZstdDictionaries FromPack(std::span<const u8> pack, std::string_view source);
    // Adds one dictionary (zstd's format, magic 0xEC30A437); its id comes from its header.
    u32 Add(std::vector<u8> dictionary, std::string name);

    std::size_t Count() const;
    std::vector<std::pair<u32, std::string>> List() const;
    // Decompresses a frame, choosing the dictionary named by its header; a frame that names
    // none is decompressed plainly, one that names a missing dictionary fails naming its id.
    std::vector<u8> Decompress(std::span<const u8> frame, std::string_view source,
                               u64 max_output = kZstdMaxOutput) const;

private:
    struct Entry;
    std::map<u32, std::unique_ptr<Entry>> entries_;
};

}  // namespace formats
