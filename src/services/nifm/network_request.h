#pragma once

#include <memory>

#include "ipc/service_object.h"
#include "kernel/event.h"

namespace services::nifm {

// nn::nifm::RequestState (libnx NifmRequestState, yuzu's names).
enum class RequestState : u32 {
    Free = 1,  // not submitted, or refused
    OnHold = 2,
    Accepted = 3,
    Blocking = 4,
};

// nn::nifm::detail::IRequest, a program's request for the network (libnx nifmCreateRequest,
// nifmRequestSubmitAndWait). nxhost decides at once: Submit makes the request Accepted when
// the network is on, and leaves it Free with GetResult 2110-1111 when it is off; either way
// it signals the first event (the state changed), which nifmRequestSubmitAndWait waits on. The
// second event is never signalled. The requirement setters answer success and change nothing,
// as there is only one network and it is up or not (their bools are read as the bytes they
// are on the wire). Command ids from switchbrew's "Network
// Interface services".
class NetworkRequest final : public ipc::Interface<NetworkRequest> {
public:
    static constexpr auto kName = "nn::nifm::detail::IRequest";

    explicit NetworkRequest(bool connected)
        : connected_(connected),
          state_event_(std::make_shared<kernel::ReadableEvent>()),
          other_event_(std::make_shared<kernel::ReadableEvent>()) {}

    base::Result GetRequestState(ipc::Out<u32> state);
    base::Result GetResult();
    base::Result GetSystemEventReadableHandles(ipc::OutCopyHandle state_changed,
                                               ipc::OutCopyHandle other);
    base::Result Cancel(ipc::RequestEnvironment environment);
    base::Result Submit(ipc::RequestEnvironment environment);
    base::Result SetRequirementPreset(u32 preset);
    base::Result SetPriority(u8 priority);
    base::Result SetRejectable(u8 rejectable);
    base::Result SetConnectionConfirmationOption(u8 option);
    base::Result SetPersistent(u8 persistent);
    base::Result SetInstant(u8 instant);
    base::Result SetRawPriority(u8 priority);
    base::Result SetGreedy(u8 greedy);
    base::Result SetSharable(u8 sharable);
    base::Result SetKeptInSleep(u8 kept);
    base::Result RegisterSocketDescriptor(u32 socket);
    base::Result UnregisterSocketDescriptor(u32 socket);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, NetworkRequest::GetRequestState),
        NX_COMMAND(1, NetworkRequest::GetResult),
        NX_COMMAND(2, NetworkRequest::GetSystemEventReadableHandles),
        NX_COMMAND(3, NetworkRequest::Cancel),
        NX_COMMAND(4, NetworkRequest::Submit),
        NX_COMMAND(6, NetworkRequest::SetRequirementPreset),
        NX_COMMAND(8, NetworkRequest::SetPriority),
        NX_COMMAND(10, NetworkRequest::SetRejectable),
        NX_COMMAND(11, NetworkRequest::SetConnectionConfirmationOption),
        NX_COMMAND(12, NetworkRequest::SetPersistent),
        NX_COMMAND(13, NetworkRequest::SetInstant),
        NX_COMMAND(15, NetworkRequest::SetRawPriority),
        NX_COMMAND(16, NetworkRequest::SetGreedy),
        NX_COMMAND(17, NetworkRequest::SetSharable),
        NX_COMMAND(23, NetworkRequest::SetKeptInSleep),
        NX_COMMAND(24, NetworkRequest::RegisterSocketDescriptor),
        NX_COMMAND(25, NetworkRequest::UnregisterSocketDescriptor),
    };

private:
    bool connected_;
    bool submitted_ = false;
    RequestState state_ = RequestState::Free;
    std::shared_ptr<kernel::ReadableEvent> state_event_;
    std::shared_ptr<kernel::ReadableEvent> other_event_;
};

}  // namespace services::nifm
