// A host GPU opened by its first 3D work, not by the run's start.

#include "gpu/host_gpu_on_demand.h"

#include <gtest/gtest.h>

namespace {

class CountingHostGpu final : public gpu::HostGpu {
public:
    std::string_view Name() const override { return "counting"; }
    void ClearColor(const gpu::ColorClear&) override { ++clears; }
    void ClearDepthStencil(const gpu::DepthStencilClear&) override { ++clears; }
    bool Draw(const gpu::DrawCall&) override { return true; }
    void Synchronize() override { ++synchronizations; }

    int clears = 0;
    int synchronizations = 0;
};

TEST(HostGpuOnDemand, OpensOnceAtTheFirstClearAndNotBefore) {
    int opened = 0;
    auto counting = std::make_shared<CountingHostGpu>();
    const auto host = gpu::MakeHostGpuOnDemand([&] {
        ++opened;
        return counting;
    });
    // Fences before any 3D work wait for nothing: the GPU stays closed.
    host->Synchronize();
    EXPECT_EQ(opened, 0);
    EXPECT_EQ(host->Name(), "not opened yet");

    host->ClearColor({});
    host->ClearDepthStencil({});
    host->Synchronize();
    EXPECT_EQ(opened, 1);
    EXPECT_EQ(counting->clears, 2);
    EXPECT_EQ(counting->synchronizations, 1);
    EXPECT_EQ(host->Name(), "counting");
}

}  // namespace
