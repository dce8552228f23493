#include "services/fs/file_system_proxy.h"

#include "base/error.h"
#include "base/log.h"
#include "services/fs/fs_results.h"
#include "services/fs/host_file_system.h"
#include "services/fs/storage_interface.h"

namespace services::fs {

base::Result FileSystemProxy::SetCurrentProcess(ipc::ClientProcessId) {
    return base::ResultSuccess;
}

base::Result FileSystemProxy::OpenSdCardFileSystem(ipc::OutObject file_system) {
    *file_system.object = std::make_shared<HostFileSystem>(context_->SdCardFolder(), nullptr,
                                                           nullptr, context_->ShownOnSdCard());
    return base::ResultSuccess;
}

base::Result FileSystemProxy::OpenSaveDataFileSystem(u8, SaveDataAttribute attribute,
                                                     ipc::OutObject file_system) {
    // Application id 0 means the calling program's own save.
    const u64 title =
        attribute.application_id != 0 ? attribute.application_id : context_->ProgramId();
    std::shared_ptr<SaveDataStore> save;
    try {
        save = context_->OpenSave(title, attribute.user_id[0], attribute.user_id[1]);
    } catch (const base::Error& error) {
        NX_LOG(Error, "fs", "{}", error.what());
        return ResultPermissionDenied;
    }
    SaveDataStore* store = save.get();
    *file_system.object = std::make_shared<HostFileSystem>(
        store->Working(), [store] { return store->Commit(); }, save);
    return base::ResultSuccess;
}

base::Result FileSystemProxy::OpenDataStorageByCurrentProcess(ipc::OutObject storage) {
    formats::StoragePtr romfs = context_->RomFs();
    if (romfs == nullptr) {
        return ResultTargetNotFound;
    }
    *storage.object = std::make_shared<StorageInterface>(std::move(romfs));
    return base::ResultSuccess;
}

base::Result FileSystemProxy::OpenDataStorageByProgramId(u64 program_id, ipc::OutObject storage) {
    if (program_id != context_->ProgramId()) {
        return ResultTargetNotFound;
    }
    return OpenDataStorageByCurrentProcess(storage);
}

base::Result FileSystemProxy::GetGlobalAccessLogMode(ipc::Out<u32> mode) {
    *mode = 0;
    return base::ResultSuccess;
}

}  // namespace services::fs
