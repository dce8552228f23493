#pragma once

#include "ipc/service_object.h"

namespace services::ns {

// nn::ns::detail::IApplicationManagerInterface: the record of installed applications. nxhost
// installs none, so the record is empty and no application has control data. Command ids from
// the public homebrew documentation (switchbrew "NS services", libnx ns.c).
class ApplicationManager final : public ipc::Interface<ApplicationManager> {
public:
    static constexpr auto kName = "nn::ns::detail::IApplicationManagerInterface";

    base::Result ListApplicationRecord(s32 offset, ipc::OutBuffer<ipc::kMapAlias> records,
                                       ipc::Out<s32> count);
    base::Result GenerateApplicationRecordCount(ipc::Out<s64> count);
    base::Result GetApplicationRecordUpdateSystemEvent(ipc::OutCopyHandle event);
    base::Result GetApplicationDesiredLanguage(u8 supported_languages, ipc::Out<u8> language);
    base::Result GetApplicationControlData(u8 source, u64 application_id,
                                           ipc::OutBuffer<ipc::kMapAlias> data, ipc::Out<u32> size);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, ApplicationManager::ListApplicationRecord),
        NX_COMMAND(1, ApplicationManager::GenerateApplicationRecordCount),
        NX_COMMAND(2, ApplicationManager::GetApplicationRecordUpdateSystemEvent),
        NX_COMMAND(55, ApplicationManager::GetApplicationDesiredLanguage),
        NX_COMMAND(400, ApplicationManager::GetApplicationControlData),
    };
};

// nn::ns::detail::IReadOnlyApplicationControlDataInterface ([5.1.0+], where libnx reads control
// data from): the same answers as the application manager's.
class ReadOnlyApplicationControlData final : public ipc::Interface<ReadOnlyApplicationControlData> {
public:
    static constexpr auto kName = "nn::ns::detail::IReadOnlyApplicationControlDataInterface";

    base::Result GetApplicationControlData(u8 source, u64 application_id,
                                           ipc::OutBuffer<ipc::kMapAlias> data, ipc::Out<u32> size);
    base::Result GetApplicationDesiredLanguage(u8 supported_languages, ipc::Out<u8> language);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, ReadOnlyApplicationControlData::GetApplicationControlData),
        NX_COMMAND(1, ReadOnlyApplicationControlData::GetApplicationDesiredLanguage),
    };
};

// nn::ns::detail::IReadOnlyApplicationRecordInterface ([5.0.0+]): no application has a record.
class ReadOnlyApplicationRecord final : public ipc::Interface<ReadOnlyApplicationRecord> {
public:
    static constexpr auto kName = "nn::ns::detail::IReadOnlyApplicationRecordInterface";

    base::Result HasApplicationRecord(u64 application_id, ipc::Out<bool> has_record);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, ReadOnlyApplicationRecord::HasApplicationRecord),
    };
};

}  // namespace services::ns
