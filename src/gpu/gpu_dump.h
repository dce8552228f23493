#pragma once

// A readable record of every method the GPU executes, for finding out what a program submits:
// `NXHOST_GPU_DUMP=FILE` names the file. One line a method:
//   ch 1 sub 0 MAXWELL_B        0x0d78 DRAW_VERTEX_ARRAY                 0x00000003
// (channel, subchannel, the subchannel's class or the channel class for host methods, byte
// offset, method name where the class tables have one, argument), and a `#` line for each GP
// entry and each submission's driver words, for each method a macro writes
// ("# ch 1   macro writes 0x1a00 SET_CT_WRITE(0) 0x00001111") and for each draw the 3D class
// sends to the host GPU ("# ch 1 draw triangles 6 indices from 0, 1 instance(s), ...; vertex
// program 0x...; fragment program 0x...; target 0 0x... 1280x720 R5G6B5").

#include <cstdio>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "base/types.h"

namespace gpu {

class GpuDump {
public:
    // The dump NXHOST_GPU_DUMP names, or null when it is unset or the file cannot be made.
    static std::shared_ptr<GpuDump> FromEnvironment();
    // Null when the file cannot be made.
    static std::shared_ptr<GpuDump> Open(const std::filesystem::path& path);
    ~GpuDump();
    GpuDump(const GpuDump&) = delete;
    GpuDump& operator=(const GpuDump&) = delete;

    void Method(u32 channel, u32 subchannel, u32 gpfifo_class, u32 class_id, u32 method,
                u32 argument);
    void Note(u32 channel, std::string_view text);
    void Flush();

private:
    explicit GpuDump(std::FILE* file) : file_(file) {}

    std::mutex mutex_;
    std::FILE* file_;
};

}  // namespace gpu
