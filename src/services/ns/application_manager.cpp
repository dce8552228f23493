#include "services/ns/application_manager.h"

#include <bit>

#include "kernel/event.h"
#include "services/ns/ns_results.h"

namespace services::ns {
namespace {

base::Result NoControlData(u8 source, u64 application_id) {
    LOG_DEBUG("ns", "GetApplicationControlData(source {}, {:016x}): no such application", source,
              application_id);
    return ResultApplicationControlDataNotFound;
}

// The NACP language entry to use, of those the caller says the NACP fills: nxhost's language
// order is the console's default (American English first), so the lowest entry present.
base::Result DesiredLanguage(u8 supported_languages, u8& language) {
    if (supported_languages == 0) {
        return ResultApplicationLanguageNotFound;
    }
    language = static_cast<u8>(std::countr_zero(supported_languages));
    return base::ResultSuccess;
}

}  // namespace

base::Result ApplicationManager::ListApplicationRecord(s32 offset, ipc::OutBuffer<ipc::kMapAlias>,
                                                       ipc::Out<s32> count) {
    LOG_DEBUG("ns", "ListApplicationRecord(offset {}): no applications installed", offset);
    *count = 0;
    return base::ResultSuccess;
}

base::Result ApplicationManager::GenerateApplicationRecordCount(ipc::Out<s64> count) {
    *count = 0;
    return base::ResultSuccess;
}

base::Result ApplicationManager::GetApplicationRecordUpdateSystemEvent(ipc::OutCopyHandle event) {
    *event.object = std::make_shared<kernel::ReadableEvent>();  // never signalled
    return base::ResultSuccess;
}

base::Result ApplicationManager::GetApplicationDesiredLanguage(u8 supported_languages,
                                                               ipc::Out<u8> language) {
    return DesiredLanguage(supported_languages, *language);
}

base::Result ApplicationManager::GetApplicationControlData(u8 source, u64 application_id,
                                                           ipc::OutBuffer<ipc::kMapAlias>,
                                                           ipc::Out<u32>) {
    return NoControlData(source, application_id);
}

base::Result ReadOnlyApplicationControlData::GetApplicationControlData(
    u8 source, u64 application_id, ipc::OutBuffer<ipc::kMapAlias>, ipc::Out<u32>) {
    return NoControlData(source, application_id);
}

base::Result ReadOnlyApplicationControlData::GetApplicationDesiredLanguage(u8 supported_languages,
                                                                           ipc::Out<u8> language) {
    return DesiredLanguage(supported_languages, *language);
}

base::Result ReadOnlyApplicationRecord::HasApplicationRecord(u64, ipc::Out<bool> has_record) {
    *has_record = false;
    return base::ResultSuccess;
}

}  // namespace services::ns
