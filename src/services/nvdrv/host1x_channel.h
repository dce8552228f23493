#pragma once

// /dev/nvhost-nvdec, /dev/nvhost-nvjpg, /dev/nvhost-vic: channels to the multimedia engines
// behind host1x. Their set-up is answered as the console does (the nvmap fd, a syncpoint of
// their own, the wait base, the submit timeout); their work (SUBMIT, MAP_BUFFER: video
// decoding, JPEG, image composition) is not provided yet and says so (ioctl numbers from the
// open-source Switch emulators' nvhost_nvdec_common and the public nvhost headers).

#include <string>

#include "gpu/syncpoint_manager.h"
#include "services/nvdrv/nv_device.h"
#include "services/nvdrv/nvmap.h"

namespace services::nvdrv {

class Host1xChannel final : public NvDevice {
public:
    Host1xChannel(std::string path, std::shared_ptr<gpu::SyncpointManager> syncpoints,
                  std::shared_ptr<NvMap> nvmap)
        : path_(std::move(path)), syncpoints_(std::move(syncpoints)), nvmap_(std::move(nvmap)) {}
    std::string_view Path() const override { return path_; }
    NvResult Ioctl(u32 request, const IoctlBuffers& buffers) override;

    NvResult SetNvmapFd(const IoctlBuffers& buffers);
    NvResult GetSyncpoint(const IoctlBuffers& buffers);
    NvResult GetWaitbase(const IoctlBuffers& buffers);
    NvResult SetSubmitTimeout(const IoctlBuffers& buffers);
    NvResult MapBuffer(const IoctlBuffers& buffers, bool map);

private:
    std::string path_;
    std::shared_ptr<gpu::SyncpointManager> syncpoints_;
    std::shared_ptr<NvMap> nvmap_;
    std::optional<u32> syncpoint_;
};

// The host1x channel devices, by path.
inline constexpr const char* kHost1xChannels[] = {"/dev/nvhost-nvdec", "/dev/nvhost-nvjpg",
                                                  "/dev/nvhost-vic"};

}  // namespace services::nvdrv
