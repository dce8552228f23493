#pragma once

#include <map>
#include <memory>
#include <mutex>

#include "ipc/service_object.h"
#include "kernel/ipc_session.h"

namespace ipc {

// The server end of one session: a single service object, or, once the client converts it, a
// domain of objects addressed by id. Answers CMIF requests and control requests, and TIPC
// requests for services that speak it (sm:).
class ServerSession final : public kernel::SessionServer,
                            public std::enable_shared_from_this<ServerSession> {
public:
    explicit ServerSession(std::shared_ptr<ServiceObject> object, bool speaks_tipc = false);

    base::Result HandleRequest(std::span<u8> message, kernel::IpcEnvironment& environment) override;

    // A client session for `object`, to hand to a guest.
    static std::shared_ptr<kernel::ClientSession> Connect(std::shared_ptr<ServiceObject> object);

    // The command ids of the objects this session serves (its object, or its domain's), for
    // tests that build well-formed requests.
    std::vector<u32> CommandIds();
    bool IsDomain();

private:
    struct Reply;
    base::Result HandleCmif(std::span<u8> message, const HipcMessage& request,
                            kernel::IpcEnvironment& environment,
                            std::unique_lock<std::mutex>& lock);
    base::Result HandleControl(std::span<u8> message, const HipcMessage& request,
                               kernel::IpcEnvironment& environment);
    base::Result HandleTipc(std::span<u8> message, const HipcMessage& request,
                            kernel::IpcEnvironment& environment);
    base::Result InvokeCommand(ServiceObject& object, u32 command, RequestContext& context);

    std::mutex mutex_;
    std::shared_ptr<ServiceObject> object_;  // outside a domain
    bool speaks_tipc_;
    bool is_domain_ = false;
    std::map<u32, std::shared_ptr<ServiceObject>> domain_;
    u32 next_object_id_ = 1;
};

}  // namespace ipc
