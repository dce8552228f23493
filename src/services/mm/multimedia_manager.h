#pragma once

#include <map>
#include <memory>

#include "ipc/service_object.h"
#include "services/pcv/clock_rates.h"

namespace services::mm {

// mm:u (nn::mmnv::IRequest): clock requests of the multimedia modules (0 CPU, 1 GPU, 2 EMC,
// 3 SysBus, 4 MSelect, 5 NVDEC, 6 NVENC, 7 NVJPG, 8 Test). The old commands (0-3) name the
// module; the new ones (4-7, libnx mm.c) a request id that Initialize hands out. A rate set
// goes to the shared clock rates (src/services/pcv), so Get reads what was set.
class MultimediaManager final : public ipc::Interface<MultimediaManager> {
public:
    static constexpr auto kName = "mm:u";

    explicit MultimediaManager(std::shared_ptr<pcv::ClockRates> rates) : rates_(std::move(rates)) {}

    base::Result InitializeOld(u32 module, u32 priority, u32 event_clear_mode);
    base::Result FinalizeOld(u32 module);
    base::Result SetAndWaitOld(u32 module, u32 min_hz, u32 max_hz);
    base::Result GetOld(u32 module, ipc::Out<u32> hz);
    base::Result Initialize(u32 module, u32 priority, u32 event_clear_mode,
                            ipc::Out<u32> request_id);
    base::Result Finalize(u32 request_id);
    base::Result SetAndWait(u32 request_id, u32 min_hz, s32 timeout);
    base::Result Get(u32 request_id, ipc::Out<u32> hz);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, MultimediaManager::InitializeOld),
        NX_COMMAND(1, MultimediaManager::FinalizeOld),
        NX_COMMAND(2, MultimediaManager::SetAndWaitOld),
        NX_COMMAND(3, MultimediaManager::GetOld),
        NX_COMMAND(4, MultimediaManager::Initialize),
        NX_COMMAND(5, MultimediaManager::Finalize),
        NX_COMMAND(6, MultimediaManager::SetAndWait),
        NX_COMMAND(7, MultimediaManager::Get),
    };

private:
    std::shared_ptr<pcv::ClockRates> rates_;
    std::map<u32, u32> requests_;  // request id -> module
    u32 next_request_ = 1;
};

}  // namespace services::mm
