#pragma once

// The services the guest registered with sm (RegisterService), shared by every sm session of
// the run: each name's port, through which GetServiceHandle connects clients to the guest
// thread that serves it.

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "kernel/guest_session.h"

namespace services::sm {

struct RegisteredServices {
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<kernel::ServerPort>> ports;
};

}  // namespace services::sm
