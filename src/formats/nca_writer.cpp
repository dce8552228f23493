// Building NCA3 files from plain sections, so that the reader can be tested without game data.

#include <algorithm>

#include "base/byte_writer.h"
#include "base/error.h"
#include "base/sha256.h"
#include "formats/binary_fields.h"
#include "formats/nca.h"
#include "formats/nca_crypto.h"

namespace formats {

namespace {

constexpr u64 kMediaUnit = 0x200;
constexpr u32 kHashBlock = 0x1000;

u64 AlignUp(u64 value, u64 alignment) {
    return (value + alignment - 1) / alignment * alignment;
}

}  // namespace

std::vector<u8> WriteNca(const KeySet& keys, const NcaWriteOptions& options,
                         std::span<const NcaWriteSection> sections) {
    if (sections.size() > 4) {
        base::Fail("nca writer: {} sections, at most 4", sections.size());
    }
    const u8 key_index = options.key_generation == 0 ? 0 : options.key_generation - 1;
    base::ByteWriter header;
    header.PadTo(kNcaHeaderSize);
    header.WriteBytes(0x200, AsBytes("NCA3"));
    header.Write<u8>(0x205, static_cast<u8>(options.content_type));
    header.Write<u8>(0x206, std::min<u8>(options.key_generation, 2));
    header.Write<u64>(0x210, options.program_id);
    header.Write<u32>(0x21c, options.sdk_version);
    header.Write<u8>(0x220, options.key_generation);
    if (options.rights_id) {
        header.WriteBytes(0x230, *options.rights_id);
    } else {
        std::array<u8, 64> area{};
        std::copy(options.section_key.begin(), options.section_key.end(), area.begin() + 32);
        const Key128 kek = keys.Require128(
            fmt::format("key_area_key_application_{:02x}", key_index), "to write an NCA");
        AesEcbCrypt(kek, area, true);
        header.WriteBytes(0x300, area);
    }

    base::ByteWriter body;  // everything after the header, plain until encrypted below
    struct Placed {
        u64 start, size, upper_iv;
    };
    std::vector<Placed> placed;
    for (std::size_t i = 0; i < sections.size(); ++i) {
        const NcaWriteSection& section = sections[i];
        const u64 start = kNcaHeaderSize + body.Size();
        base::ByteWriter fs;  // the section header
        fs.PadTo(0x200);
        fs.Write<u16>(0, 2);
        fs.Write<u8>(2, static_cast<u8>(section.fs_type));
        fs.Write<u8>(4, 3);  // AES-CTR
        const u64 upper_iv = 0x0000000100000000ull * (i + 1) + 0x5eed;
        fs.Write<u64>(0x140, upper_iv);
        base::ByteWriter content;
        if (section.fs_type == NcaFsType::PartitionFs) {
            // Hierarchical SHA-256: the hash table first, then the data on a 0x200 boundary.
            fs.Write<u8>(3, 2);
            std::vector<u8> table;
            for (u64 at = 0; at < section.data.size(); at += kHashBlock) {
                const u64 size = std::min<u64>(kHashBlock, section.data.size() - at);
                const auto digest = base::Sha256(std::span(section.data).subspan(at, size));
                table.insert(table.end(), digest.begin(), digest.end());
            }
            const u64 data_offset = AlignUp(std::max<u64>(table.size(), 1), kMediaUnit);
            fs.WriteBytes(0x8, base::Sha256(table));
            fs.Write<u32>(0x28, kHashBlock);
            fs.Write<u32>(0x2c, 2);
            fs.Write<u64>(0x30, 0);
            fs.Write<u64>(0x38, table.size());
            fs.Write<u64>(0x40, data_offset);
            fs.Write<u64>(0x48, section.data.size());
            content.WriteBytes(0, table);
            content.WriteBytes(data_offset, section.data);
        } else {
            // Integrity (IVFC) header naming only the data level; the reader does not check
            // the level hashes, so the writer leaves the upper levels empty.
            fs.Write<u8>(3, 3);
            fs.WriteBytes(0x8, AsBytes("IVFC"));
            fs.Write<u32>(0xc, 0x20000);
            fs.Write<u32>(0x10, 0x20);
            fs.Write<u32>(0x14, 7);
            const u64 data_level = 0x8 + 0x10 + 5 * 0x18;
            fs.Write<u64>(data_level, 0);
            fs.Write<u64>(data_level + 8, section.data.size());
            fs.Write<u32>(data_level + 16, 14);
            content.WriteBytes(0, section.data);
        }
        content.PadTo(AlignUp(std::max<u64>(content.Size(), 1), kMediaUnit));
        header.WriteBytes(0x400 + i * 0x200, fs.Bytes());
        header.WriteBytes(0x280 + i * 32, base::Sha256(fs.Bytes()));
        header.Write<u32>(0x240 + i * 16, static_cast<u32>(start / kMediaUnit));
        header.Write<u32>(0x240 + i * 16 + 4,
                          static_cast<u32>((start + content.Size()) / kMediaUnit));
        placed.push_back({start, content.Size(), upper_iv});
        body.Append(content.Bytes());
    }
    header.Write<u64>(0x208, kNcaHeaderSize + body.Size());

    std::vector<u8> out = header.Take();
    NcaXtsCrypt(keys.Require256("header_key", "to write an NCA"), 0, out, true);
    std::vector<u8> data = body.Take();
    for (const Placed& section : placed) {
        NcaCtrCrypt(options.section_key, section.upper_iv, section.start,
                    std::span(data).subspan(section.start - kNcaHeaderSize, section.size));
    }
    out.insert(out.end(), data.begin(), data.end());
    return out;
}

}  // namespace formats
