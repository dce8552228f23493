#include <atomic>

#include "base/log.h"
#include "gpu/host_gpu.h"

namespace gpu {
namespace {

class NoHostGpu final : public HostGpu {
public:
    std::string_view Name() const override { return "none"; }
    void ClearColor(const ColorClear&) override { NameOnce("clears"); }
    void ClearDepthStencil(const DepthStencilClear&) override { NameOnce("clears"); }
    bool Draw(const DrawCall&) override {
        NameOnce("draws");
        return false;
    }
    bool Dispatch(const ComputeCall&) override {
        NameOnce("compute launches");
        return false;
    }
    void Synchronize() override {}

private:
    void NameOnce(std::string_view what) {
        if (!named_.exchange(true)) {
            LOG_WARNING(
                "gpu",
                "no host GPU (--gpu off, or no Vulkan device): 3D and compute work ({} first) is "
                "not executed; named once",
                what);
        }
    }
    std::atomic<bool> named_ = false;
};

}  // namespace

std::shared_ptr<HostGpu> MakeNoHostGpu() {
    return std::make_shared<NoHostGpu>();
}

}  // namespace gpu
