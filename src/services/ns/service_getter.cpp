#include "services/ns/service_getter.h"

#include "services/ns/application_manager.h"

namespace services::ns {

base::Result ServiceGetter::GetReadOnlyApplicationControlDataInterface(ipc::OutObject interface) {
    *interface.object = std::make_shared<ReadOnlyApplicationControlData>();
    return base::ResultSuccess;
}

base::Result ServiceGetter::GetReadOnlyApplicationRecordInterface(ipc::OutObject interface) {
    *interface.object = std::make_shared<ReadOnlyApplicationRecord>();
    return base::ResultSuccess;
}

base::Result ServiceGetter::GetApplicationManagerInterface(ipc::OutObject interface) {
    *interface.object = std::make_shared<ApplicationManager>();
    return base::ResultSuccess;
}

}  // namespace services::ns
