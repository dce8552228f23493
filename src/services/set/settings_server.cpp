#include "services/set/settings_server.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace services::set {
namespace {

// The console's language codes in nn::settings::Language order.
constexpr std::string_view kLanguages[] = {
    "ja", "en-US", "fr",    "de",    "it",    "es",     "zh-CN",   "ko",      "nl",
    "pt", "ru",    "zh-TW", "en-GB", "fr-CA", "es-419", "zh-Hans", "zh-Hant", "pt-BR"};
constexpr s32 kLanguageCount = static_cast<s32>(std::size(kLanguages));
constexpr s32 kLegacyLanguageCount = 15;  // what the first GetAvailableLanguageCodes lists
constexpr s32 kRegionUsa = 1;

// nn::settings::LanguageCode: the code's characters in a zero-padded u64.
u64 Encode(std::string_view text) {
    u64 code = 0;
    std::memcpy(&code, text.data(), std::min<std::size_t>(text.size(), 8));
    return code;
}

base::Result WriteCodes(std::span<u8> out, s32 limit, s32& count) {
    count = 0;
    for (s32 i = 0; i < limit && static_cast<std::size_t>(i + 1) * 8 <= out.size(); ++i) {
        const u64 code = Encode(kLanguages[i]);
        std::memcpy(out.data() + i * 8, &code, 8);
        ++count;
    }
    return base::ResultSuccess;
}

// nn::settings::system::FirmwareVersion (0x100 bytes).
struct FirmwareVersion {
    u8 major, minor, micro, padding1;
    u8 revision_major, revision_minor, padding2, padding3;
    char platform[0x20];
    char version_hash[0x40];
    char display_version[0x18];
    char display_title[0x80];
};
static_assert(sizeof(FirmwareVersion) == 0x100);

// nn::settings::system::ColorSet: 0 BasicWhite (the light theme a console starts with).
constexpr s32 kColorSetBasicWhite = 0;

// A settings name or item key: the client's zero-terminated text.
std::string ItemText(const std::vector<u8>& bytes) {
    std::string text(bytes.begin(), bytes.end());
    text.erase(std::find(text.begin(), text.end(), '\0'), text.end());
    return text;
}

base::Result ItemNotFound(const char* command, const std::vector<u8>& name,
                          const std::vector<u8>& key) {
    LOG_DEBUG("set", "{}(\"{}!{}\"): no such settings item", command, ItemText(name),
              ItemText(key));
    return ResultSettingsItemNotFound;
}

base::Result WriteFirmwareVersion(std::span<u8> out) {
    FirmwareVersion version{};
    version.major = 20;
    version.minor = 1;
    version.micro = 0;
    version.revision_major = 1;
    std::strncpy(version.platform, "NX", sizeof(version.platform));
    std::strncpy(version.display_version, "20.1.0", sizeof(version.display_version));
    std::strncpy(version.display_title, "NintendoSDK Firmware for NX 20.1.0-1.0",
                 sizeof(version.display_title));
    std::memcpy(out.data(), &version, std::min(out.size(), sizeof(version)));
    return base::ResultSuccess;
}

}  // namespace

u64 DesiredLanguageCode() {
    const char* chosen = std::getenv("NXHOST_LANGUAGE");
    if (chosen != nullptr) {
        for (const auto language : kLanguages) {
            if (language == chosen) {
                return Encode(language);
            }
        }
    }
    // LANG=ja_JP.UTF-8 and the like: the language part decides.
    const char* lang = std::getenv("LANG");
    if (lang != nullptr && std::strlen(lang) >= 2) {
        const std::string prefix(lang, 2);
        for (const auto language : kLanguages) {
            if (language.substr(0, 2) == prefix && language != "en-GB") {
                return Encode(language);
            }
        }
    }
    return Encode("en-US");
}

base::Result SettingsServer::GetLanguageCode(ipc::Out<u64> code) {
    *code = DesiredLanguageCode();
    return base::ResultSuccess;
}

base::Result SettingsServer::GetAvailableLanguageCodes(ipc::Out<s32> count,
                                                       ipc::OutBuffer<ipc::kPointer> codes) {
    return WriteCodes(codes.data, kLegacyLanguageCount, *count);
}

base::Result SettingsServer::MakeLanguageCode(u32 language, ipc::Out<u64> code) {
    if (language >= std::size(kLanguages)) {
        return base::Result{105,
                            625};  // settings: ResultLanguageOutOfRange (as Atmosphere names it)
    }
    *code = Encode(kLanguages[language]);
    return base::ResultSuccess;
}

base::Result SettingsServer::GetAvailableLanguageCodeCount(ipc::Out<s32> count) {
    *count = kLegacyLanguageCount;
    return base::ResultSuccess;
}

base::Result SettingsServer::GetRegionCode(ipc::Out<s32> region) {
    *region = kRegionUsa;
    return base::ResultSuccess;
}

base::Result SettingsServer::GetAvailableLanguageCodes2(ipc::Out<s32> count,
                                                        ipc::OutBuffer<ipc::kMapAlias> codes) {
    return WriteCodes(codes.data, kLanguageCount, *count);
}

base::Result SettingsServer::GetAvailableLanguageCodeCount2(ipc::Out<s32> count) {
    *count = kLanguageCount;
    return base::ResultSuccess;
}

base::Result SystemSettingsServer::GetFirmwareVersion(ipc::OutBuffer<ipc::kPointer> version) {
    return WriteFirmwareVersion(version.data);
}

base::Result SystemSettingsServer::GetFirmwareVersion2(ipc::OutBuffer<ipc::kPointer> version) {
    return WriteFirmwareVersion(version.data);
}

base::Result SystemSettingsServer::GetColorSetId(ipc::Out<s32> color_set) {
    *color_set = kColorSetBasicWhite;
    return base::ResultSuccess;
}

base::Result SystemSettingsServer::GetSettingsItemValueSize(ipc::InBuffer<ipc::kPointer> name,
                                                            ipc::InBuffer<ipc::kPointer> key,
                                                            ipc::Out<u64>) {
    return ItemNotFound("GetSettingsItemValueSize", name.data, key.data);
}

base::Result SystemSettingsServer::GetSettingsItemValue(ipc::InBuffer<ipc::kPointer> name,
                                                        ipc::InBuffer<ipc::kPointer> key,
                                                        ipc::OutBuffer<ipc::kMapAlias>,
                                                        ipc::Out<u64>) {
    return ItemNotFound("GetSettingsItemValue", name.data, key.data);
}

}  // namespace services::set
