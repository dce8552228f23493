#pragma once

// A device the console's driver has and nxhost does not provide yet (the display controllers,
// the GPU's debugger and profiler): it opens, as on the console, and each ioctl is named in the
// log and answered NotImplemented.

#include <string>

#include "services/nvdrv/nv_device.h"

namespace services::nvdrv {

class UnprovidedDevice final : public NvDevice {
public:
    explicit UnprovidedDevice(std::string path) : path_(std::move(path)) {}
    std::string_view Path() const override { return path_; }
    NvResult Ioctl(u32 request, const IoctlBuffers&) override {
        LOG_WARNING("nvdrv",
                    "{}: ioctl {:#010x} (type {:#x}, number {:#x}): nxhost does not "
                    "provide this device's work yet",
                    path_, request, (request >> 8) & 0xff, request & 0xff);
        return NvResult::NotImplemented;
    }

private:
    std::string path_;
};

// The console's devices nxhost knows by name only (nvdrv's device list on switchbrew).
inline constexpr const char* kUnprovidedDevices[] = {
    "/dev/nvhost-nvdec",    "/dev/nvhost-nvjpg", "/dev/nvhost-vic",     "/dev/nvdisp-disp0",
    "/dev/nvdisp-disp1",    "/dev/nvcec-ctrl",   "/dev/nvhost-display", "/dev/nvhost-dbg-gpu",
    "/dev/nvhost-prof-gpu", "/dev/nvsched-ctrl",
};

}  // namespace services::nvdrv
