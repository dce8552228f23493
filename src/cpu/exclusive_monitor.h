#pragma once

#include <memory>

namespace cpu {

// The exclusive monitor that LDXR / STXR on every core share.
class ExclusiveMonitor {
public:
    explicit ExclusiveMonitor(unsigned core_count);
    ~ExclusiveMonitor();
    unsigned CoreCount() const { return core_count_; }
    // The backend's own monitor object (opaque outside the backend).
    void* Backend() const { return backend_.get(); }

private:
    struct BackendDeleter {
        void operator()(void* monitor) const;
    };
    unsigned core_count_;
    std::unique_ptr<void, BackendDeleter> backend_;
};

}  // namespace cpu
