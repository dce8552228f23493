#include "formats/zstd_dictionaries.h"

#include <zstd.h>

#include <algorithm>

#include "base/error.h"
#include "formats/sarc.h"

namespace formats {

namespace {

constexpr u32 kDictionaryMagic = 0xec30a437;

struct DCtxDeleter {
    void operator()(ZSTD_DCtx* context) const { ZSTD_freeDCtx(context); }
};

// Streams all frames of `input` through one context; `dictionary` may be null.
std::vector<u8> DecompressFrames(std::span<const u8> input, const ZSTD_DDict* dictionary,
                                 std::string_view source, u64 max_output) {
    std::unique_ptr<ZSTD_DCtx, DCtxDeleter> context(ZSTD_createDCtx());
    if (!context) {
        base::Fail("{}: out of memory for a zstd context", source);
    }
    if (dictionary) {
        ZSTD_DCtx_refDDict(context.get(), dictionary);
    }
    // Guard against hostile headers: a frame may claim any size; reserve at most 64 MiB up
    // front and grow as real output arrives.
    std::vector<u8> output;
    const unsigned long long declared = ZSTD_getFrameContentSize(input.data(), input.size());
    if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != ZSTD_CONTENTSIZE_ERROR) {
        output.reserve(std::min<unsigned long long>(declared, 64ull << 20));
    }
    ZSTD_inBuffer in{input.data(), input.size(), 0};
    std::size_t last = 0;
    while (in.pos < in.size) {
        const std::size_t used = output.size();
        output.resize(used + ZSTD_DStreamOutSize());
        ZSTD_outBuffer out{output.data() + used, output.size() - used, 0};
        last = ZSTD_decompressStream(context.get(), &out, &in);
        output.resize(used + out.pos);
        if (ZSTD_isError(last)) {
            base::Fail("{}: zstd data is damaged: {}", source, ZSTD_getErrorName(last));
        }
        if (output.size() > max_output) {
            base::Fail("{}: zstd data expands past {:#x} bytes", source, max_output);
        }
        if (out.pos == 0 && in.pos == in.size) {
            break;
        }
    }
    // Flush what the decoder still holds for the last frame.
    while (last != 0) {
        const std::size_t used = output.size();
        output.resize(used + ZSTD_DStreamOutSize());
        ZSTD_outBuffer out{output.data() + used, output.size() - used, 0};
        last = ZSTD_decompressStream(context.get(), &out, &in);
        output.resize(used + out.pos);
        if (ZSTD_isError(last)) {
            base::Fail("{}: zstd data is damaged: {}", source, ZSTD_getErrorName(last));
        }
        if (output.size() > max_output) {
            base::Fail("{}: zstd data expands past {:#x} bytes", source, max_output);
        }
        if (out.pos == 0) {
            base::Fail("{}: zstd data is truncated", source);
        }
    }
    return output;
}

}  // namespace

struct ZstdDictionaries::Entry {
    std::string name;
    std::vector<u8> bytes;
    mutable std::once_flag once;
    mutable ZSTD_DDict* digested = nullptr;

    ~Entry() { ZSTD_freeDDict(digested); }
};

bool IsZstdFrame(std::span<const u8> bytes) {
    return bytes.size() >= 4 && bytes[0] == 0x28 && bytes[1] == 0xb5 && bytes[2] == 0x2f &&
           bytes[3] == 0xfd;
}

u32 ZstdFrameDictionaryId(std::span<const u8> frame) {
    return ZSTD_getDictID_fromFrame(frame.data(), frame.size());
}

std::vector<u8> ZstdDecompress(std::span<const u8> input, std::string_view source, u64 max_output) {
    if (!IsZstdFrame(input)) {
        base::Fail("{}: not zstd data (no frame magic)", source);
    }
    return DecompressFrames(input, nullptr, source, max_output);
}

std::vector<u8> ZstdCompress(std::span<const u8> input, int level) {
    std::vector<u8> output(ZSTD_compressBound(input.size()));
    const std::size_t size =
        ZSTD_compress(output.data(), output.size(), input.data(), input.size(), level);
    if (ZSTD_isError(size)) {
        base::Fail("zstd compression failed: {}", ZSTD_getErrorName(size));
    }
    output.resize(size);
    return output;
}

ZstdDictionaries::ZstdDictionaries() = default;
ZstdDictionaries::~ZstdDictionaries() = default;
ZstdDictionaries::ZstdDictionaries(ZstdDictionaries&&) noexcept = default;
ZstdDictionaries& ZstdDictionaries::operator=(ZstdDictionaries&&) noexcept = default;

ZstdDictionaries ZstdDictionaries::FromPack(std::span<const u8> pack, std::string_view source) {
    const std::vector<u8> archive = ZstdDecompress(pack, source);
    const Sarc sarc = ReadSarc(archive, std::string(source) + " (SARC)");
    ZstdDictionaries dictionaries;
    for (const SarcEntry& entry : sarc.entries) {
        if (!entry.name.ends_with(".zsdic")) {
            continue;
        }
        const auto begin = archive.begin() + static_cast<std::ptrdiff_t>(entry.offset);
        dictionaries.Add(std::vector<u8>(begin, begin + static_cast<std::ptrdiff_t>(entry.size)),
                         fmt::format("{}:{}", source, entry.name));
    }
    return dictionaries;
}

u32 ZstdDictionaries::Add(std::vector<u8> dictionary, std::string name) {
    if (dictionary.size() < 8 || (dictionary[0] | dictionary[1] << 8 | dictionary[2] << 16 |
                                  static_cast<u32>(dictionary[3]) << 24) != kDictionaryMagic) {
        base::Fail("{}: not a zstd dictionary (no magic 0xEC30A437)", name);
    }
    const u32 id = ZSTD_getDictID_fromDict(dictionary.data(), dictionary.size());
    if (id == 0) {
        base::Fail("{}: zstd dictionary has id 0", name);
    }
    auto entry = std::make_unique<Entry>();
    entry->name = std::move(name);
    entry->bytes = std::move(dictionary);
    entries_[id] = std::move(entry);
    return id;
}

std::size_t ZstdDictionaries::Count() const {
    return entries_.size();
}

std::vector<std::pair<u32, std::string>> ZstdDictionaries::List() const {
    std::vector<std::pair<u32, std::string>> list;
    for (const auto& [id, entry] : entries_) {
        list.emplace_back(id, entry->name);
    }
    return list;
}

std::vector<u8> ZstdDictionaries::Decompress(std::span<const u8> frame, std::string_view source,
                                             u64 max_output) const {
    if (!IsZstdFrame(frame)) {
        base::Fail("{}: not zstd data (no frame magic)", source);
    }
    const u32 id = ZstdFrameDictionaryId(frame);
    if (id == 0) {
        return DecompressFrames(frame, nullptr, source, max_output);
    }
    const auto it = entries_.find(id);
    if (it == entries_.end()) {
        base::Fail("{}: needs zstd dictionary {:#x}, which is not among the {} loaded", source, id,
                   entries_.size());
    }
    const Entry& entry = *it->second;
    std::call_once(entry.once, [&entry] {
        entry.digested = ZSTD_createDDict(entry.bytes.data(), entry.bytes.size());
    });
    if (!entry.digested) {
        base::Fail("{}: zstd could not load dictionary {:#x}", entry.name, id);
    }
    return DecompressFrames(frame, entry.digested, source, max_output);
}

}  // namespace formats
