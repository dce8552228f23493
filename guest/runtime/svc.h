#pragma once

#include <stddef.h>
#include <stdint.h>

typedef uint32_t Result;
typedef uint32_t Handle;

#define CUR_PROCESS_HANDLE 0xffff8001u

typedef struct {
    uint64_t addr;
    uint64_t size;
    uint32_t type;
    uint32_t attr;
    uint32_t perm;
    uint32_t ipc_refcount;
    uint32_t device_refcount;
    uint32_t padding;
} MemoryInfo;

Result svcSetHeapSize(void** out_address, uint64_t size);
Result svcQueryMemory(MemoryInfo* info, uint32_t* page_info, uint64_t address);
_Noreturn void svcExitProcess(void);
void svcSleepThread(int64_t nanoseconds);
uint64_t svcGetSystemTick(void);
Result svcBreak(uint32_t reason, uint64_t address, uint64_t size);
Result svcOutputDebugString(const char* text, uint64_t size);
Result svcGetInfo(uint64_t* out, uint32_t id0, Handle handle, uint64_t id1);
