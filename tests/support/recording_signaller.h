#pragma once

// An EventSignaller for tests of periodic work: it signals the events as the kernel would and
// keeps what was signalled and whether the run was asked to end.

#include <vector>

#include "kernel/event.h"
#include "kernel/periodic_work.h"

namespace test_support {

class RecordingSignaller final : public kernel::EventSignaller {
public:
    void Signal(kernel::ReadableEvent& event) override {
        event.signaled = true;
        signalled.push_back(&event);
    }
    void EndRun(kernel::RunStop) override { ended = true; }

    std::vector<kernel::ReadableEvent*> signalled;
    bool ended = false;
};

}  // namespace test_support
