#pragma once

// One request being answered: its parsed message, the raw input, and the reply being built.

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "base/result.h"
#include "base/types.h"
#include "ipc/hipc.h"
#include "kernel/ipc_session.h"

namespace ipc {

class ServiceObject;

// sf's result codes (module 10), as nn::sf returns them.
inline constexpr base::Result ResultUnknownCommandId{10, 221};
inline constexpr base::Result ResultInvalidInObjectId{10, 236};
// The kernel's, for a message the server cannot read.
inline constexpr base::Result ResultInvalidCombination{1, 116};

class RequestContext {
public:
    RequestContext(const HipcMessage& message, std::span<const u8> raw_input,
                   kernel::IpcEnvironment& environment, bool is_domain)
        : message_(message),
          raw_input_(raw_input),
          environment_(environment),
          is_domain_(is_domain) {}

    const HipcMessage& Message() const { return message_; }
    std::span<const u8> RawInput() const { return raw_input_; }
    kernel::IpcEnvironment& Environment() { return environment_; }
    bool IsDomain() const { return is_domain_; }

    // The reply, filled in by the command.
    std::vector<u8> raw_output;
    std::vector<u32> copy_handles;
    std::vector<u32> move_handles;
    std::vector<std::shared_ptr<ServiceObject>> out_objects;  // sessions or domain objects
    std::vector<u32> in_object_ids;                           // domain requests only

private:
    const HipcMessage& message_;
    std::span<const u8> raw_input_;
    kernel::IpcEnvironment& environment_;
    bool is_domain_;
};

}  // namespace ipc
