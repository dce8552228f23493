#include "services/nifm/network_request.h"

#include "services/nifm/nifm_results.h"

namespace services::nifm {

base::Result NetworkRequest::GetRequestState(ipc::Out<u32> state) {
    *state = static_cast<u32>(state_);
    return base::ResultSuccess;
}

// Before a Submit the result says whether one would be accepted.
base::Result NetworkRequest::GetResult() {
    if (state_ == RequestState::Accepted || (!submitted_ && connected_)) {
        return base::ResultSuccess;
    }
    return ResultNetworkCommunicationDisabled;
}

base::Result NetworkRequest::GetSystemEventReadableHandles(ipc::OutCopyHandle state_changed,
                                                           ipc::OutCopyHandle other) {
    *state_changed.object = state_event_;
    *other.object = other_event_;
    return base::ResultSuccess;
}

base::Result NetworkRequest::Cancel(ipc::RequestEnvironment environment) {
    submitted_ = false;
    if (state_ != RequestState::Free) {
        state_ = RequestState::Free;
        environment->SetEventSignal(*state_event_, true);
    }
    return base::ResultSuccess;
}

// A refusal signals too: the program waits for the request to be decided.
base::Result NetworkRequest::Submit(ipc::RequestEnvironment environment) {
    LOG_DEBUG("nifm", "network request submitted: {}", connected_ ? "accepted" : "no network");
    submitted_ = true;
    state_ = connected_ ? RequestState::Accepted : RequestState::Free;
    environment->SetEventSignal(*state_event_, true);
    return base::ResultSuccess;
}

base::Result NetworkRequest::SetRequirementPreset(u32) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::SetPriority(u8) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::SetRejectable(u8) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::SetConnectionConfirmationOption(u8) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::SetPersistent(u8) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::SetInstant(u8) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::SetRawPriority(u8) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::SetGreedy(u8) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::SetSharable(u8) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::SetKeptInSleep(u8) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::RegisterSocketDescriptor(u32) {
    return base::ResultSuccess;
}
base::Result NetworkRequest::UnregisterSocketDescriptor(u32) {
    return base::ResultSuccess;
}

}  // namespace services::nifm
