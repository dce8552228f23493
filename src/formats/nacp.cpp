#include "formats/nacp.h"

#include "base/byte_reader.h"
#include "base/byte_writer.h"
#include "formats/binary_fields.h"

namespace formats {

namespace {

// Offsets in the NACP (switchbrew "NACP").
constexpr u64 kTitleSize = 0x300;
constexpr u64 kTitleNameSize = 0x200;
constexpr u64 kTitlePublisherSize = 0x100;
constexpr u64 kPresenceGroupId = 0x3038;
constexpr u64 kDisplayVersion = 0x3060;
constexpr u64 kDisplayVersionSize = 0x10;
constexpr u64 kSaveDataOwnerId = 0x3078;

constexpr std::string_view kLanguageNames[kNacpLanguageCount] = {
    "AmericanEnglish", "BritishEnglish",       "Japanese",          "French",
    "German",          "LatinAmericanSpanish", "Spanish",           "Italian",
    "Dutch",           "CanadianFrench",       "Portuguese",        "Russian",
    "Korean",          "TraditionalChinese",   "SimplifiedChinese", "BrazilianPortuguese"};

}  // namespace

const NacpTitle* Nacp::FirstTitle() const {
    for (const NacpTitle& title : titles) {
        if (!title.name.empty()) {
            return &title;
        }
    }
    return nullptr;
}

std::string_view NacpLanguageName(std::size_t index) {
    return index < kNacpLanguageCount ? kLanguageNames[index] : "Unknown";
}

Nacp ReadNacp(std::span<const u8> file, std::string source) {
    const base::ByteReader reader(file, std::move(source));
    if (file.size() != kNacpSize) {
        reader.Invalid("nacp", 0, "size is {:#x} bytes, expected {:#x}", file.size(), kNacpSize);
    }
    Nacp nacp;
    for (std::size_t i = 0; i < kNacpLanguageCount; ++i) {
        const u64 entry = i * kTitleSize;
        nacp.titles[i].name = ReadFixedString(reader, entry, kTitleNameSize, "nacp.title.name");
        nacp.titles[i].publisher = ReadFixedString(reader, entry + kTitleNameSize,
                                                   kTitlePublisherSize, "nacp.title.publisher");
    }
    nacp.display_version =
        ReadFixedString(reader, kDisplayVersion, kDisplayVersionSize, "nacp.display_version");
    nacp.application_id = reader.Read<u64>(kPresenceGroupId, "nacp.presence_group_id");
    nacp.save_data_owner_id = reader.Read<u64>(kSaveDataOwnerId, "nacp.save_data_owner_id");
    return nacp;
}

std::vector<u8> WriteNacp(const Nacp& nacp) {
    base::ByteWriter writer;
    writer.PadTo(kNacpSize);
    for (std::size_t i = 0; i < kNacpLanguageCount; ++i) {
        const u64 entry = i * kTitleSize;
        WriteFixedString(writer, entry, nacp.titles[i].name, kTitleNameSize, "nacp title name");
        WriteFixedString(writer, entry + kTitleNameSize, nacp.titles[i].publisher,
                         kTitlePublisherSize, "nacp publisher");
    }
    WriteFixedString(writer, kDisplayVersion, nacp.display_version, kDisplayVersionSize,
                     "nacp display version");
    writer.Write<u64>(kPresenceGroupId, nacp.application_id);
    writer.Write<u64>(kSaveDataOwnerId, nacp.save_data_owner_id);
    return writer.Take();
}

}  // namespace formats
