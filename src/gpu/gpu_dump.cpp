#include "gpu/gpu_dump.h"

#include <fmt/format.h>

#include <cstdlib>

#include "base/log.h"
#include "gpu/class_ids.h"
#include "gpu/method_names.h"

namespace gpu {

std::shared_ptr<GpuDump> GpuDump::FromEnvironment() {
    const char* path = std::getenv("NXHOST_GPU_DUMP");
    if (path == nullptr || *path == '\0') {
        return nullptr;
    }
    return Open(path);
}

std::shared_ptr<GpuDump> GpuDump::Open(const std::filesystem::path& path) {
    std::FILE* file = std::fopen(path.c_str(), "w");
    if (file == nullptr) {
        LOG_ERROR("gpu", "GPU dump {}: the file cannot be made", path.string());
        return nullptr;
    }
    LOG_INFO("gpu", "writing every executed GPU method to {}", path.string());
    return std::shared_ptr<GpuDump>(new GpuDump(file));
}

GpuDump::~GpuDump() {
    std::fclose(file_);
}

void GpuDump::Method(u32 channel, u32 subchannel, u32 gpfifo_class, u32 class_id, u32 method,
                     u32 argument) {
    const u32 shown_class = method < 0x40 ? gpfifo_class : class_id;
    const std::string class_name =
        shown_class == 0
            ? std::string("(no class)")
            : std::string(ClassName(shown_class).value_or(fmt::format("{:#06x}", shown_class)));
    const std::string name = MethodName(gpfifo_class, class_id, method).value_or("");
    const std::string line = fmt::format("ch {} sub {} {:<26} {:#06x} {:<34} {:#010x}\n", channel,
                                         subchannel, class_name, method * 4, name, argument);
    std::lock_guard lock(mutex_);
    std::fputs(line.c_str(), file_);
}

void GpuDump::Note(u32 channel, std::string_view text) {
    const std::string line = fmt::format("# ch {} {}\n", channel, text);
    std::lock_guard lock(mutex_);
    std::fputs(line.c_str(), file_);
}

void GpuDump::Flush() {
    std::lock_guard lock(mutex_);
    std::fflush(file_);
}

}  // namespace gpu
