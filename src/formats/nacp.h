#pragma once

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/types.h"

namespace formats {

inline constexpr u64 kNacpSize = 0x4000;
inline constexpr std::size_t kNacpLanguageCount = 16;

// A title entry of the NACP, in UTF-8.
struct NacpTitle {
    std::string name;
    std::string publisher;
    bool operator==(const NacpTitle&) const = default;
};

// The parts of control.nacp (nn::ns::ApplicationControlProperty) nxhost shows or uses.
struct Nacp {
    std::array<NacpTitle, kNacpLanguageCount> titles;  // indexed like NacpLanguageName
    std::string display_version;
    u64 application_id = 0;  // PresenceGroupId, which is the application's id
    u64 save_data_owner_id = 0;

    // The first title entry with a name (American English comes first), or nullptr.
    const NacpTitle* FirstTitle() const;
    bool operator==(const Nacp&) const = default;
};

// "AmericanEnglish", "BritishEnglish", "Japanese", ... for the title entry at `index`.
std::string_view NacpLanguageName(std::size_t index);

Nacp ReadNacp(std::span<const u8> file, std::string source);

// A 0x4000-byte NACP holding `nacp`'s fields and zeros elsewhere (for tests and fixtures).
std::vector<u8> WriteNacp(const Nacp& nacp);

}  // namespace formats
