#include "ipc/server_session.h"

#include <cstring>
#include <mutex>
#include <set>
#include <string>

#include "base/bits.h"

namespace ipc {
namespace {

// CMIF (public homebrew documentation): "SFCI" / "SFCO" headers after 16-byte alignment.
constexpr u32 kInMagic = 0x49434653;
constexpr u32 kOutMagic = 0x4f434653;
constexpr u32 kTypeClose = 2;
constexpr u32 kTypeRequest = 4;
constexpr u32 kTypeControl = 5;
constexpr u32 kTypeRequestWithContext = 6;
constexpr u32 kTypeControlWithContext = 7;
constexpr u32 kTipcFirstCommand = 16;
constexpr u32 kDomainSend = 1;
constexpr u32 kDomainClose = 2;

// Results of the kernel (module 1) for messages the server cannot take.
constexpr base::Result kSessionClosed{1, 123};
constexpr base::Result kNotHandled{1, 124};

struct CmifHeader {
    u32 magic;
    u32 version;
    u32 command_or_result;
    u32 token;
};

struct DomainInHeader {
    u8 type;
    u8 in_object_count;
    u16 data_size;
    u32 object_id;
    u32 padding;
    u32 token;
};

// Whether a missing command of an interface is reported for the first time: each is logged
// once per run, however often the program calls it.
bool FirstReport(std::string_view interface, u32 command) {
    static std::mutex mutex;
    static std::set<std::pair<std::string, u32>> seen;
    std::lock_guard lock(mutex);
    return seen.emplace(std::string(interface), command).second;
}

// Logs a command nxhost lacks once per interface and command.
void LogUnknownCommand(std::string_view interface, u32 command) {
    if (FirstReport(interface, command)) {
        LOG_WARNING("ipc",
                    "service interface {} has no command {}: answering as an unknown "
                    "command ({})",
                    interface, command, ResultUnknownCommandId.ToString());
    }
}

}  // namespace

void detail::LogCommandNotBuilt(std::string_view interface, u32 command, std::string_view name) {
    if (FirstReport(interface, command)) {
        LOG_WARNING("ipc",
                    "service interface {} command {} ({}) is not built in nxhost yet: answering "
                    "as an unknown command ({})",
                    interface, command, name, ResultUnknownCommandId.ToString());
    }
}

namespace {

u32 AlignedDataStart(u32 data_offset) {
    return base::AlignUp(data_offset, 16u);
}

}  // namespace

ServerSession::ServerSession(std::shared_ptr<ServiceObject> object, bool speaks_tipc)
    : object_(std::move(object)), speaks_tipc_(speaks_tipc) {}

std::shared_ptr<kernel::ClientSession> ServerSession::Connect(
    std::shared_ptr<ServiceObject> object) {
    return std::make_shared<kernel::ClientSession>(
        std::make_shared<ServerSession>(std::move(object)));
}

base::Result ServerSession::HandleRequest(std::span<u8> message,
                                          kernel::IpcEnvironment& environment) {
    std::string error;
    const auto request = ParseHipc(message, error);
    if (!request) {
        LOG_WARNING("ipc", "malformed message to {}: {}", object_ ? object_->Name() : "a domain",
                    error);
        return kNotHandled;
    }
    std::unique_lock lock(mutex_);
    switch (request->type) {
        case kTypeClose:
            object_.reset();
            domain_.clear();
            return base::ResultSuccess;
        case kTypeRequest:
        case kTypeRequestWithContext:
            return HandleCmif(message, *request, environment, lock);
        case kTypeControl:
        case kTypeControlWithContext:
            return HandleControl(message, *request, environment);
        default:
            if (speaks_tipc_ && request->type >= kTipcFirstCommand) {
                return HandleTipc(message, *request, environment);
            }
            LOG_WARNING("ipc", "message type {} to {} is not handled", request->type,
                        object_ ? object_->Name() : "a domain");
            return kNotHandled;
    }
}

std::vector<u32> ServerSession::CommandIds() {
    std::lock_guard lock(mutex_);
    std::vector<u32> ids = object_ ? object_->CommandIds() : std::vector<u32>{};
    for (const auto& [id, object] : domain_) {
        const std::vector<u32> more = object->CommandIds();
        ids.insert(ids.end(), more.begin(), more.end());
    }
    return ids;
}

bool ServerSession::IsDomain() {
    std::lock_guard lock(mutex_);
    return is_domain_;
}

base::Result ServerSession::InvokeCommand(ServiceObject& object, u32 command,
                                          RequestContext& context) {
    base::Result result;
    if (!object.Invoke(command, context, result)) {
        LogUnknownCommand(object.Name(), command);
        return ResultUnknownCommandId;
    }
    LOG_DEBUG("ipc", "{} command {} -> {}", object.Name(), command, result.ToString());
    return result;
}

// Writes a CMIF reply: [domain out header] SFCO, raw output, [out object ids].
struct ServerSession::Reply {
    static base::Result Write(std::span<u8> message, base::Result result, RequestContext& context,
                              bool domain, const std::vector<u32>& out_object_ids) {
        const std::vector<u8>& raw = result.IsSuccess() ? context.raw_output : std::vector<u8>{};
        const u32 domain_bytes = domain ? 16 + static_cast<u32>(out_object_ids.size()) * 4 : 0;
        const u32 payload = domain_bytes + sizeof(CmifHeader) + static_cast<u32>(raw.size());
        HipcReply reply;
        reply.data_words = (payload + 3) / 4 + 4;  // four words for the 16-byte alignment
        if (result.IsSuccess()) {
            reply.copy_handles = context.copy_handles;
            reply.move_handles = context.move_handles;
        }
        const auto data_offset = WriteHipcHeader(message, reply);
        if (!data_offset) {
            return kNotHandled;
        }
        const u32 start = AlignedDataStart(*data_offset);
        if (start + payload > message.size()) {
            return kNotHandled;
        }
        std::memset(message.data() + *data_offset, 0, start - *data_offset);
        u32 at = start;
        if (domain) {
            const u32 out_header[4] = {static_cast<u32>(out_object_ids.size()), 0, 0, 0};
            std::memcpy(message.data() + at, out_header, sizeof(out_header));
            at += sizeof(out_header);
        }
        const CmifHeader header{kOutMagic, 0, result.Raw(), 0};
        std::memcpy(message.data() + at, &header, sizeof(header));
        at += sizeof(header);
        if (!raw.empty()) {
            std::memcpy(message.data() + at, raw.data(), raw.size());
        }
        at += static_cast<u32>(raw.size());
        for (const u32 id : out_object_ids) {
            std::memcpy(message.data() + at, &id, 4);
            at += 4;
        }
        return base::ResultSuccess;
    }
};

base::Result ServerSession::HandleCmif(std::span<u8> message, const HipcMessage& request,
                                       kernel::IpcEnvironment& environment,
                                       std::unique_lock<std::mutex>& lock) {
    const u32 start = AlignedDataStart(request.data_offset);
    const u32 end = request.data_offset + request.data_words * 4;
    u32 at = start;
    std::shared_ptr<ServiceObject> target = object_;
    std::vector<u32> in_object_ids;
    if (is_domain_) {
        DomainInHeader domain{};
        if (at + sizeof(domain) > end) {
            return kNotHandled;
        }
        std::memcpy(&domain, message.data() + at, sizeof(domain));
        at += sizeof(domain);
        if (domain.type == kDomainClose) {
            domain_.erase(domain.object_id);
            RequestContext context(request, {}, environment, true);
            return Reply::Write(message, base::ResultSuccess, context, true, {});
        }
        const auto found = domain_.find(domain.object_id);
        if (domain.type != kDomainSend || found == domain_.end() ||
            at + domain.data_size + domain.in_object_count * 4u > end) {
            RequestContext context(request, {}, environment, true);
            return Reply::Write(message, ResultInvalidInObjectId, context, true, {});
        }
        target = found->second;
        for (u32 i = 0; i < domain.in_object_count; ++i) {
            u32 id;
            std::memcpy(&id, message.data() + at + domain.data_size + i * 4, 4);
            in_object_ids.push_back(id);
        }
    }
    if (!target) {
        return kSessionClosed;
    }
    CmifHeader header{};
    if (at + sizeof(header) > end) {
        return kNotHandled;
    }
    std::memcpy(&header, message.data() + at, sizeof(header));
    if (header.magic != kInMagic) {
        LOG_WARNING("ipc", "request to {} lacks the SFCI header", target->Name());
        return kNotHandled;
    }
    at += sizeof(header);
    const bool waits_on_host =
        target->RequestMayWaitOnHost(header.command_or_result, {message.data() + at, end - at});
    if (waits_on_host && !environment.CanWaitOnHost()) {
        return kernel::ResultWaitsOnHost;
    }
    RequestContext context(request, {message.data() + at, end - at}, environment, is_domain_);
    context.in_object_ids = std::move(in_object_ids);
    // While it waits, the session's other clients (its clones, the other objects of its
    // domain) are answered.
    if (waits_on_host) {
        lock.unlock();
    }
    const base::Result result = InvokeCommand(*target, header.command_or_result, context);
    if (waits_on_host) {
        lock.lock();
    }

    std::vector<u32> out_object_ids;
    if (result.IsSuccess()) {
        for (auto& object : context.out_objects) {
            if (is_domain_) {
                const u32 id = next_object_id_++;
                domain_[id] = std::move(object);
                out_object_ids.push_back(id);
            } else {
                context.move_handles.push_back(environment.AddHandle(Connect(std::move(object))));
            }
        }
    }
    return Reply::Write(message, result, context, is_domain_, out_object_ids);
}

base::Result ServerSession::HandleControl(std::span<u8> message, const HipcMessage& request,
                                          kernel::IpcEnvironment& environment) {
    const u32 start = AlignedDataStart(request.data_offset);
    CmifHeader header{};
    if (start + sizeof(header) > request.data_offset + request.data_words * 4) {
        return kNotHandled;
    }
    std::memcpy(&header, message.data() + start, sizeof(header));
    RequestContext context(request, {}, environment, false);
    const auto push_u32 = [&](u32 value) {
        context.raw_output.resize(4);
        std::memcpy(context.raw_output.data(), &value, 4);
    };
    base::Result result = base::ResultSuccess;
    switch (header.command_or_result) {
        case 0:  // ConvertCurrentObjectToDomain
            if (is_domain_ || !object_) {
                result = ResultUnknownCommandId;
                break;
            }
            is_domain_ = true;
            domain_[next_object_id_] = std::move(object_);
            push_u32(next_object_id_++);
            break;
        case 1: {  // CopyFromCurrentDomain
            u32 id = 0;
            if (start + sizeof(header) + 4 > request.data_offset + request.data_words * 4) {
                result = ResultInvalidCombination;
                break;
            }
            std::memcpy(&id, message.data() + start + sizeof(header), 4);
            const auto found = domain_.find(id);
            if (!is_domain_ || found == domain_.end()) {
                result = ResultInvalidInObjectId;
                break;
            }
            context.move_handles.push_back(environment.AddHandle(Connect(found->second)));
            break;
        }
        case 2:  // CloneCurrentObject
        case 4:  // CloneCurrentObjectEx
            // A new session to the same server state.
            context.move_handles.push_back(
                environment.AddHandle(std::make_shared<kernel::ClientSession>(shared_from_this())));
            break;
        case 3: {  // QueryPointerBufferSize
            const ServiceObject* object = object_           ? object_.get()
                                          : domain_.empty() ? nullptr
                                                            : domain_.begin()->second.get();
            const u16 size = object ? object->PointerBufferSize() : 0;
            context.raw_output.resize(2);
            std::memcpy(context.raw_output.data(), &size, 2);
            break;
        }
        default:
            LogUnknownCommand("control", header.command_or_result);
            result = ResultUnknownCommandId;
    }
    return Reply::Write(message, result, context, false, {});
}

base::Result ServerSession::HandleTipc(std::span<u8> message, const HipcMessage& request,
                                       kernel::IpcEnvironment& environment) {
    if (!object_) {
        return kSessionClosed;
    }
    RequestContext context(request, {message.data() + request.data_offset, request.data_words * 4u},
                           environment, false);
    const base::Result result = InvokeCommand(*object_, request.type - kTipcFirstCommand, context);
    if (result.IsSuccess()) {
        for (auto& object : context.out_objects) {
            context.move_handles.push_back(environment.AddHandle(Connect(std::move(object))));
        }
    }
    // TIPC replies: the result word, then the raw output.
    const std::vector<u8> raw = result.IsSuccess() ? context.raw_output : std::vector<u8>{};
    HipcReply reply;
    reply.data_words = 1 + static_cast<u32>((raw.size() + 3) / 4);
    if (result.IsSuccess()) {
        reply.copy_handles = context.copy_handles;
        reply.move_handles = context.move_handles;
    }
    const auto data_offset = WriteHipcHeader(message, reply);
    if (!data_offset) {
        return kNotHandled;
    }
    const u32 raw_result = result.Raw();
    std::memcpy(message.data() + *data_offset, &raw_result, 4);
    if (!raw.empty()) {
        std::memcpy(message.data() + *data_offset + 4, raw.data(), raw.size());
    }
    return base::ResultSuccess;
}

}  // namespace ipc
