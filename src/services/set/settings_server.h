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
    };
};

// set:sys (nn::settings::ISystemSettingsServer): the firmware version a program sees.
class SystemSettingsServer final : public ipc::Interface<SystemSettingsServer> {
public:
    static constexpr auto kName = "set:sys";

    base::Result GetFirmwareVersion(ipc::OutBuffer<ipc::kPointer> version);
    base::Result GetFirmwareVersion2(ipc::OutBuffer<ipc::kPointer> version);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(3, SystemSettingsServer::GetFirmwareVersion),
        NX_COMMAND(4, SystemSettingsServer::GetFirmwareVersion2),
    };
};

// The language nxhost reports: NXHOST_LANGUAGE ("en-US", "ja", ...) or the host's LANG.
u64 DesiredLanguageCode();

}  // namespace services::set
