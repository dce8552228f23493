#pragma once

// The memory a process gets: region sizes and the application pool. The defaults are the
// console's (39-bit application process, public Horizon documentation); a game's profile
// overrides them (profiles/<title id>/game.tsv: mem_reserve, mem_alias, mem_stack, app_pool,
// mem_map_limit, sys_resource).

#include <optional>

#include "base/types.h"

namespace kernel {

struct MemorySettings {
    // Horizon's 39-bit region sizes.
    static constexpr u64 kDefaultHeapRegionSize = u64{6} << 30;
    static constexpr u64 kDefaultAliasRegionSize = u64{64} << 30;
    static constexpr u64 kDefaultStackRegionSize = u64{2} << 30;
    // The Switch 2's application pool (9 GiB, as the seed's page has it for its games).
    static constexpr u64 kDefaultApplicationPool = u64{9} << 30;

    u64 heap_region_size = kDefaultHeapRegionSize;    // mem_reserve: what SetHeapSize may reach
    u64 alias_region_size = kDefaultAliasRegionSize;  // mem_alias: MapPhysicalMemory's region
    u64 stack_region_size = kDefaultStackRegionSize;  // mem_stack: MapMemory's destination
    u64 application_pool = kDefaultApplicationPool;   // app_pool: GetInfo's total memory
    // mem_map_limit: maps past the application pool fail with ResultLimitReached, as on the
    // console. Off, they succeed (the host has the memory), which some ports rely on.
    bool map_limit = false;
    // sys_resource: the system resource size; unset, the NPDM's (none for an NRO).
    std::optional<u64> system_resource_size;
};

}  // namespace kernel
