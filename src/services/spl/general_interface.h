#pragma once

#include "ipc/service_object.h"

namespace services::spl {

// spl: (nn::spl::detail::IGeneralInterface): the secure monitor's configuration as a retail
// Erista console (Icosa, 4 GB, standard memory arrangement) reports it. Command ids and config
// item numbers from switchbrew "SPL services" and libnx spl.c.
class GeneralInterface final : public ipc::Interface<GeneralInterface> {
public:
    static constexpr auto kName = "spl:";

    base::Result GetConfig(u32 item, ipc::Out<u64> value);
    base::Result GenerateRandomBytes(ipc::OutBuffer<ipc::kPointer> bytes);
    base::Result IsDevelopment(ipc::Out<bool> is_development);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, GeneralInterface::GetConfig),
        NX_COMMAND(7, GeneralInterface::GenerateRandomBytes),
        NX_COMMAND(11, GeneralInterface::IsDevelopment),
    };
};

}  // namespace services::spl
