#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ipc/service_object.h"

namespace services {

// Every service by its sm name ("lm", "set:sys", ...): a factory for the object a new
// session talks to.
class ServiceDirectory {
public:
    using Factory = std::function<std::shared_ptr<ipc::ServiceObject>()>;

    void Add(std::string name, Factory factory) {
        factories_[std::move(name)] = std::move(factory);
    }
    std::shared_ptr<ipc::ServiceObject> Open(const std::string& name) const {
        const auto found = factories_.find(name);
        return found == factories_.end() ? nullptr : found->second();
    }

    bool Provides(const std::string& name) const { return factories_.contains(name); }

    std::vector<std::string> Names() const {
        std::vector<std::string> names;
        for (const auto& [name, factory] : factories_) {
            names.push_back(name);
        }
        return names;
    }

private:
    std::map<std::string, Factory> factories_;
};

}  // namespace services
