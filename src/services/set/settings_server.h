#pragma once

#include "ipc/service_object.h"

namespace services::set {

// set (nn::settings::ISettingsServer): the console's language and region. Command ids from the
// public homebrew documentation.
class SettingsServer final : public ipc::Interface<SettingsServer> {
public:
    static constexpr auto kName = "set";

    base::Result GetLanguageCode(ipc::Out<u64> code);
    base::Result GetAvailableLanguageCodes(ipc::Out<s32> count,
                                           ipc::OutBuffer<ipc::kPointer> codes);
    base::Result MakeLanguageCode(u32 language, ipc::Out<u64> code);
    base::Result GetAvailableLanguageCodeCount(ipc::Out<s32> count);
    base::Result GetRegionCode(ipc::Out<s32> region);
    base::Result GetAvailableLanguageCodes2(ipc::Out<s32> count,
                                            ipc::OutBuffer<ipc::kMapAlias> codes);
    base::Result GetAvailableLanguageCodeCount2(ipc::Out<s32> count);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, SettingsServer::GetLanguageCode),
        NX_COMMAND(1, SettingsServer::GetAvailableLanguageCodes),
        NX_COMMAND(2, SettingsServer::MakeLanguageCode),
        NX_COMMAND(3, SettingsServer::GetAvailableLanguageCodeCount),
        NX_COMMAND(4, SettingsServer::GetRegionCode),
        NX_COMMAND(5, SettingsServer::GetAvailableLanguageCodes2),
        NX_COMMAND(6, SettingsServer::GetAvailableLanguageCodeCount2),
        NX_NOT_BUILT(7, "GetKeyCodeMap"),
        NX_NOT_BUILT(8, "GetQuestFlag"),
        NX_NOT_BUILT(9, "GetKeyCodeMap2"),
        NX_NOT_BUILT(10, "GetFirmwareVersionForDebug"),
        NX_NOT_BUILT(11, "GetDeviceNickName"),
    };
};

// set:sys (nn::settings::ISystemSettingsServer): the firmware version a program sees, the
// theme colour (the console's default, BasicWhite) and the settings items, of which nxhost keeps
// none yet: every item answers the console's not-found result.
class SystemSettingsServer final : public ipc::Interface<SystemSettingsServer> {
public:
    static constexpr auto kName = "set:sys";

    base::Result GetFirmwareVersion(ipc::OutBuffer<ipc::kPointer> version);
    base::Result GetFirmwareVersion2(ipc::OutBuffer<ipc::kPointer> version);
    base::Result GetColorSetId(ipc::Out<s32> color_set);
    base::Result GetSettingsItemValueSize(ipc::InBuffer<ipc::kPointer> name,
                                          ipc::InBuffer<ipc::kPointer> key, ipc::Out<u64> size);
    base::Result GetSettingsItemValue(ipc::InBuffer<ipc::kPointer> name,
                                      ipc::InBuffer<ipc::kPointer> key,
                                      ipc::OutBuffer<ipc::kMapAlias> value, ipc::Out<u64> size);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(3, SystemSettingsServer::GetFirmwareVersion),
        NX_COMMAND(4, SystemSettingsServer::GetFirmwareVersion2),
        NX_COMMAND(23, SystemSettingsServer::GetColorSetId),
        NX_COMMAND(37, SystemSettingsServer::GetSettingsItemValueSize),
        NX_COMMAND(38, SystemSettingsServer::GetSettingsItemValue),
    };
};

// settings (module 105): no settings item of that name and key (2105-0011).
inline constexpr base::Result ResultSettingsItemNotFound{105, 11};

// The language nxhost reports: NXHOST_LANGUAGE ("en-US", "ja", ...) or the host's LANG.
u64 DesiredLanguageCode();

}  // namespace services::set
