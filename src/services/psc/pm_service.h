#pragma once

#include "ipc/service_object.h"

namespace services::psc {

// What GetRequest answers: the power state the module is asked to reach.
struct PmRequest {
    u32 state;  // nn::psc::PmState: 0 FullAwake
    u32 flags;
};

// nn::psc::sf::IPmModule: a module told of power-state changes; nxhost never changes state,
// so its event is never signalled and a request asks for FullAwake.
class PmModule final : public ipc::Interface<PmModule> {
public:
    static constexpr auto kName = "nn::psc::sf::IPmModule";

    base::Result Initialize(u32 module_id, ipc::InBuffer<ipc::kMapAlias> dependencies,
                            ipc::OutCopyHandle event);
    base::Result GetRequest(ipc::Out<PmRequest> request);
    base::Result Acknowledge();
    base::Result Finalize();
    base::Result AcknowledgeEx(u32 state);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, PmModule::Initialize),    NX_COMMAND(1, PmModule::GetRequest),
        NX_COMMAND(2, PmModule::Acknowledge),   NX_COMMAND(3, PmModule::Finalize),
        NX_COMMAND(4, PmModule::AcknowledgeEx),
    };
};

// psc:m (nn::psc::sf::IPmService; libnx psc.c).
class PmService final : public ipc::Interface<PmService> {
public:
    static constexpr auto kName = "psc:m";

    base::Result GetPmModule(ipc::OutObject module);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, PmService::GetPmModule),
    };
};

}  // namespace services::psc
