#include "kernel/memory_objects.h"

namespace kernel {

std::shared_ptr<SharedMemory> SharedMemory::Create(
    u64 size, std::optional<cpu::Permission> guest_permission) {
    return std::make_shared<SharedMemory>(size, guest_permission);
}

}  // namespace kernel
