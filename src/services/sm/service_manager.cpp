#include "services/sm/service_manager.h"

#include <string>

#include "ipc/server_session.h"

namespace services::sm {
namespace {

// sm's result codes (module 21).
constexpr base::Result ResultInvalidClient{21, 2};
constexpr base::Result ResultAlreadyRegistered{21, 4};
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

base::Result ServiceManager::GetServiceHandle(ServiceName name, ipc::OutMoveHandle session,
                                              ipc::RequestEnvironment environment) {
    if (!registered_) {
        return ResultInvalidClient;
    }
    const auto text = DecodeName(name);
    if (!text) {
        return ResultInvalidServiceName;
    }
    std::shared_ptr<kernel::ServerPort> port;
    {
        std::lock_guard lock(registered_services_->mutex);
        const auto found = registered_services_->ports.find(*text);
        if (found != registered_services_->ports.end()) {
            port = found->second;
        }
    }
    if (port) {
        // A service the guest hosts: a new session its server accepts from the port.
        auto client = environment->ConnectToPort(*port);
        if (!client) {
            return ResultNotRegistered;
        }
        *session.object = std::move(client);
        return base::ResultSuccess;
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

base::Result ServiceManager::AtmosphereHasService(ipc::Out<bool> has, ServiceName name) {
    const auto text = DecodeName(name);
    if (!text) {
        return ResultInvalidServiceName;
    }
    {
        std::lock_guard lock(registered_services_->mutex);
        if (registered_services_->ports.contains(*text)) {
            *has = true;
            return base::ResultSuccess;
        }
    }
    *has = directory_->Provides(*text);
    return base::ResultSuccess;
}

// sm's access check (Atmosphère's sm documents it): an entry allows the name itself, or, when
// it ends in '*', every name that starts with what precedes the '*'.
bool ServiceManager::MayHost(const std::string& name) const {
    if (!service_access_) {
        return false;
    }
    for (const formats::ServiceAccess& entry : *service_access_) {
        if (!entry.is_server) {
            continue;
        }
        if (!entry.name.empty() && entry.name.back() == '*') {
            if (name.starts_with(std::string_view(entry.name).substr(0, entry.name.size() - 1))) {
                return true;
            }
        } else if (entry.name == name) {
            return true;
        }
    }
    return false;
}

base::Result ServiceManager::RegisterService(ServiceName name, u8 is_light, u32 max_sessions,
                                             ipc::OutMoveHandle port) {
    if (!registered_) {
        return ResultInvalidClient;
    }
    const auto text = DecodeName(name);
    if (!text) {
        return ResultInvalidServiceName;
    }
    if (!MayHost(*text)) {
        LOG_WARNING("sm",
                    "the guest tried to register service \"{}\", which its NPDM does not let "
                    "it host{}",
                    *text, service_access_ ? "" : " (an NRO has no NPDM)");
        return ResultNotAllowed;
    }
    if (is_light != 0) {
        LOG_WARNING("sm",
                    "service \"{}\" asks for light sessions, which nxhost serves as "
                    "ordinary ones",
                    *text);
    }
    std::lock_guard lock(registered_services_->mutex);
    if (registered_services_->ports.contains(*text) || directory_->Open(*text)) {
        return ResultAlreadyRegistered;
    }
    auto server_port = std::make_shared<kernel::ServerPort>(max_sessions);
    registered_services_->ports[*text] = server_port;
    *port.object = std::move(server_port);
    return base::ResultSuccess;
}

base::Result ServiceManager::UnregisterService(ServiceName name) {
    if (!registered_) {
        return ResultInvalidClient;
    }
    const auto text = DecodeName(name);
    if (!text) {
        return ResultInvalidServiceName;
    }
    std::lock_guard lock(registered_services_->mutex);
    if (registered_services_->ports.erase(*text) == 0) {
        return directory_->Open(*text) ? ResultNotAllowed : ResultNotRegistered;
    }
    return base::ResultSuccess;
}

base::Result ServiceManager::DetachClient(ipc::ClientProcessId) {
    registered_ = false;
    return base::ResultSuccess;
}

}  // namespace services::sm
