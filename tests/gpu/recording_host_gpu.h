#pragma once

// A host GPU that keeps every draw it is sent (and does nothing else), for tests of what the 3D
// class's draws carry.

#include <string_view>
#include <vector>

#include "gpu/host_gpu.h"

namespace gpu_test {

class RecordingHostGpu final : public gpu::HostGpu {
public:
    std::string_view Name() const override { return "recording"; }
    void ClearColor(const gpu::ColorClear&) override {}
    void ClearDepthStencil(const gpu::DepthStencilClear&) override {}
    bool Draw(const gpu::DrawCall& draw) override {
        draws.push_back(draw);
        return true;
    }
    void Synchronize() override {}
    std::vector<gpu::DrawCall> draws;
};

}  // namespace gpu_test
