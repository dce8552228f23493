#include "gpu/host_gpu_on_demand.h"

#include <mutex>

namespace gpu {
namespace {

class HostGpuOnDemand final : public HostGpu {
public:
    explicit HostGpuOnDemand(std::function<std::shared_ptr<HostGpu>()> open)
        : open_(std::move(open)) {}

    std::string_view Name() const override {
        const auto opened = Opened();
        return opened ? opened->Name() : "not opened yet";
    }
    void ClearColor(const ColorClear& clear) override { Open().ClearColor(clear); }
    void ClearDepthStencil(const DepthStencilClear& clear) override {
        Open().ClearDepthStencil(clear);
    }
    bool Draw(const DrawCall& draw) override { return Open().Draw(draw); }
    bool Dispatch(const ComputeCall& call) override { return Open().Dispatch(call); }
    // Nothing has run on a host GPU that is not open: nothing to wait for or write back.
    void Synchronize() override {
        if (const auto opened = Opened()) {
            opened->Synchronize();
        }
    }
    // Nothing was drawn, so nothing was counted, on a host GPU that is not open.
    std::optional<u64> SamplesPassed() override {
        const auto opened = Opened();
        return opened ? opened->SamplesPassed() : std::optional<u64>(0);
    }

private:
    HostGpu& Open() {
        std::lock_guard lock(mutex_);
        if (!opened_) {
            opened_ = open_();
        }
        return *opened_;
    }
    std::shared_ptr<HostGpu> Opened() const {
        std::lock_guard lock(mutex_);
        return opened_;
    }

    std::function<std::shared_ptr<HostGpu>()> open_;
    mutable std::mutex mutex_;
    std::shared_ptr<HostGpu> opened_;
};

}  // namespace

std::shared_ptr<HostGpu> MakeHostGpuOnDemand(std::function<std::shared_ptr<HostGpu>()> open) {
    return std::make_shared<HostGpuOnDemand>(std::move(open));
}

}  // namespace gpu
