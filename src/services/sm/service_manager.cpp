#include "services/sm/service_manager.h"

#include <string>

#include "ipc/server_session.h"

namespace services::sm {
namespace {

// sm's result codes (module 21).
constexpr base::Result ResultInvalidClient{21, 2};
constexpr base::Result ResultInvalidServiceName{21, 6};
constexpr base::Result ResultNotRegistered{21, 7};
constexpr base::Result ResultNotAllowed{21, 8};

// A service name is up to 8 characters, zero-padded; anything after the first zero must be
// zero too.
std::optional<std::string> DecodeName(const ServiceName& name) {
    std::string text;
    bool ended = false;
    for (const char c : name.characters) {
        if (c == '\0') {
            ended = true;
        } else if (ended) {
            return std::nullopt;
        } else {
            text.push_back(c);
        }
    }
    if (text.empty()) {
        return std::nullopt;
    }
    return text;
}

}  // namespace

base::Result ServiceManager::RegisterClient(ipc::ClientProcessId) {
    registered_ = true;
    return base::ResultSuccess;
}

base::Result ServiceManager::GetServiceHandle(ServiceName name, ipc::OutMoveHandle session) {
    if (!registered_) {
        return ResultInvalidClient;
    }
    const auto text = DecodeName(name);
    if (!text) {
        return ResultInvalidServiceName;
    }
    auto object = directory_->Open(*text);
    if (!object) {
        // On the console the request would wait for a server that never comes.
        LOG_ERROR("sm", "the guest asked for service \"{}\", which nxhost does not provide", *text);
        return ResultNotRegistered;
    }
    *session.object = ipc::ServerSession::Connect(std::move(object));
    return base::ResultSuccess;
}

base::Result ServiceManager::RegisterService(ServiceName name, u8, u32, ipc::OutMoveHandle) {
    LOG_WARNING("sm", "the guest tried to register service \"{}\": applications may not",
                DecodeName(name).value_or("?"));
    return ResultNotAllowed;
}

base::Result ServiceManager::UnregisterService(ServiceName) {
    return ResultNotAllowed;
}

base::Result ServiceManager::DetachClient(ipc::ClientProcessId) {
    registered_ = false;
    return base::ResultSuccess;
}

}  // namespace services::sm
