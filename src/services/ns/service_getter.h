#pragma once

#include <string_view>

#include "ipc/service_object.h"

namespace services::ns {

// ns:am2, ns:ec, ns:rid, ns:rt, ns:web, ns:ro (nn::ns::detail::IServiceGetterInterface,
// [3.0.0+]): each name hands out the same interfaces; which of them a name may open differs on
// the console by the caller's permissions, which nxhost does not check. libnx opens the first of
// ns:am2, ns:ro, ns:rt, ns:rid, ns:web, ns:ec that sm gives it.
class ServiceGetter final : public ipc::Interface<ServiceGetter> {
public:
    static constexpr auto kName = "ns:am2";

    explicit ServiceGetter(std::string_view name) : name_(name) {}
    std::string_view Name() const override { return name_; }

    base::Result GetReadOnlyApplicationControlDataInterface(ipc::OutObject interface);
    base::Result GetReadOnlyApplicationRecordInterface(ipc::OutObject interface);
    base::Result GetApplicationManagerInterface(ipc::OutObject interface);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(7989, ServiceGetter::GetReadOnlyApplicationControlDataInterface),
        NX_COMMAND(7991, ServiceGetter::GetReadOnlyApplicationRecordInterface),
        NX_COMMAND(7996, ServiceGetter::GetApplicationManagerInterface),
    };

private:
    std::string_view name_;
};

}  // namespace services::ns
