#pragma once

// A device behind nvdrv (/dev/nvmap, /dev/nvhost-ctrl, ...): ioctls by their Linux-style
// numbers (direction in bits 30-31, argument size in bits 16-29, type in 8-15, number in 0-7),
// each argument one struct read from the request and written back to the reply.

#include <cstring>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "base/log.h"
#include "gpu/memory_manager.h"
#include "kernel/event.h"
#include "kernel/ipc_session.h"
#include "services/nvdrv/nv_result.h"

namespace services::nvdrv {

class NvDevice;

struct IoctlBuffers {
    std::span<const u8> in;   // the argument struct as the guest sent it
    std::span<const u8> in2;  // Ioctl2's extra input (a KICKOFF_PB's entries), else empty
    std::span<u8> out;        // where the reply's struct goes (zeroed, the client's size)
    std::span<u8> out2;       // Ioctl3's extra output, else empty
    // The requesting process (its memory, whether the run is ending); null in tests of a
    // device alone, where nothing needs it.
    kernel::IpcEnvironment* environment = nullptr;
    // The session's other devices by fd (nvhost-as-gpu's BIND_CHANNEL names a channel so).
    std::function<NvDevice*(u32 fd)> device_of_fd;
};

// Reads the argument struct `T` of an ioctl (zero-padded when the guest sent less) and writes
// it back when the handler returns.
template <typename T>
class IoctlArgument {
public:
    explicit IoctlArgument(const IoctlBuffers& buffers) : out_(buffers.out) {
        std::memcpy(&value, buffers.in.data(), std::min(sizeof(T), buffers.in.size()));
    }
    ~IoctlArgument() { std::memcpy(out_.data(), &value, std::min(sizeof(T), out_.size())); }
    IoctlArgument(const IoctlArgument&) = delete;
    IoctlArgument& operator=(const IoctlArgument&) = delete;

    T value{};
    T* operator->() { return &value; }

private:
    std::span<u8> out_;
};

class NvDevice {
public:
    virtual ~NvDevice() = default;
    virtual std::string_view Path() const = 0;
    virtual NvResult Ioctl(u32 request, const IoctlBuffers& buffers) = 0;
    // QueryEvent: the device's event with this id, or null (BadValue) when it has none.
    virtual std::shared_ptr<kernel::ReadableEvent> Event(u32) { return nullptr; }
    // A GPU channel takes the address space it is bound to; false for other devices.
    virtual bool BindAddressSpace(std::shared_ptr<gpu::MemoryManager>) { return false; }
};

// One ioctl a device provides, for its dispatch table; `handler` null for the ones it knows
// by name but does not provide yet.
template <typename Device>
struct IoctlEntry {
    u32 request;
    std::string_view name;
    NvResult (Device::*handler)(const IoctlBuffers&);
};

// Runs the table's handler for `request`, or logs what is missing and answers NotImplemented
// (the request gets no reply struct, as a driver without the ioctl gives none).
template <typename Device, std::size_t N>
NvResult Dispatch(Device& device, const std::array<IoctlEntry<Device>, N>& table, u32 request,
                  const IoctlBuffers& buffers) {
    for (const auto& entry : table) {
        if (entry.request == request) {
            if (entry.handler == nullptr) {
                LOG_WARNING("nvdrv", "{}: ioctl {} ({:#010x}) is not provided by nxhost yet",
                            device.Path(), entry.name, request);
                return NvResult::NotImplemented;
            }
            if (buffers.in.size() < ((request >> 16) & 0x3fff) && (request >> 30) & 1) {
                LOG_WARNING("nvdrv", "{}: ioctl {} with {} bytes of its {}", device.Path(),
                            entry.name, buffers.in.size(), (request >> 16) & 0x3fff);
                return NvResult::InvalidSize;
            }
            return (device.*entry.handler)(buffers);
        }
    }
    LOG_WARNING("nvdrv", "{}: unknown ioctl {:#010x} (type {:#x}, number {:#x}, {} bytes)",
                device.Path(), request, (request >> 8) & 0xff, request & 0xff,
                (request >> 16) & 0x3fff);
    return NvResult::NotImplemented;
}

}  // namespace services::nvdrv
