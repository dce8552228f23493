// Memory supervisor calls.

#include "base/bits.h"
#include "kernel/svc_context.h"

namespace kernel::svc {

namespace {
constexpr u64 kHeapAlignment = 0x200000;
}  // namespace

void SetHeapSize(SvcContext& svc) {
    auto& process = svc.process;
    const u64 size = svc.Arg(1);
    if (!base::IsAligned(size, kHeapAlignment) || size > process.layout.heap.size) {
        return svc.Return(results::InvalidSize);
    }
    std::lock_guard lock(process.scheduler.Lock());
    const u64 heap = process.layout.heap.base;
    if (size > process.heap_size) {
        process.memory_map.Map(heap + process.heap_size, size - process.heap_size,
                               MemoryState::Normal, cpu::Permission::ReadWrite);
    } else if (size < process.heap_size) {
        process.memory_map.Unmap(heap + size, process.heap_size - size);
    }
    process.heap_size = size;
    svc.Out(1, heap);
    svc.Return(base::ResultSuccess);
}

void QueryMemory(SvcContext& svc) {
    const u64 info_address = svc.Arg(0);
    MemoryInfo info;
    {
        std::lock_guard lock(svc.process.scheduler.Lock());
        info = svc.process.memory_map.Query(svc.Arg(2));
    }
    if (!svc.process.memory.Write(info_address, info)) {
        return svc.Return(results::InvalidCurrentMemory);
    }
    svc.Out(1, 0);  // page info
    svc.Return(base::ResultSuccess);
}

}  // namespace kernel::svc
