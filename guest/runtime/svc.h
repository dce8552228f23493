#pragma once

#include <stddef.h>
#include <stdint.h>

typedef uint32_t Result;
typedef uint32_t Handle;

#define CUR_PROCESS_HANDLE 0xffff8001u
#define CUR_THREAD_HANDLE 0xffff8000u

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

Result svcCreateThread(Handle* out, void (*entry)(void*), void* argument, void* stack_top,
                       int priority, int core);
Result svcStartThread(Handle thread);
_Noreturn void svcExitThread(void);
Result svcGetThreadPriority(int32_t* out, Handle thread);
Result svcSetThreadPriority(Handle thread, uint32_t priority);
Result svcGetThreadCoreMask(int32_t* core, uint64_t* mask, Handle thread);
Result svcSetThreadCoreMask(Handle thread, int32_t core, uint64_t mask);
uint32_t svcGetCurrentProcessorNumber(void);
Result svcSignalEvent(Handle event);
Result svcClearEvent(Handle event);
Result svcCloseHandle(Handle handle);
Result svcResetSignal(Handle event);
Result svcWaitSynchronization(int32_t* index, const Handle* handles, int32_t count,
                              uint64_t timeout);
Result svcCancelSynchronization(Handle thread);
Result svcArbitrateLock(Handle owner, uint32_t* mutex, Handle self);
Result svcArbitrateUnlock(uint32_t* mutex);
Result svcWaitProcessWideKeyAtomic(uint32_t* mutex, uint32_t* key, Handle self, uint64_t timeout);
Result svcSignalProcessWideKey(uint32_t* key, int32_t count);
Result svcGetThreadId(uint64_t* out, Handle thread);
Result svcSetThreadActivity(Handle thread, uint32_t paused);
Result svcGetThreadContext3(void* context, Handle thread);
Result svcWaitForAddress(void* address, uint32_t type, int32_t value, int64_t timeout);
Result svcSignalToAddress(void* address, uint32_t type, int32_t value, int32_t count);
Result svcCreateEvent(Handle* writable, Handle* readable);

Result svcConnectToNamedPort(Handle* session, const char* name);
Result svcSendSyncRequest(Handle session);
Result svcSendSyncRequestWithUserBuffer(void* buffer, uint64_t size, Handle session);
Result svcCreateSession(Handle* server, Handle* client, uint32_t is_light, uint64_t name);
Result svcAcceptSession(Handle* session, Handle port);
Result svcReplyAndReceive(int32_t* index, const Handle* handles, int32_t count, Handle reply_target,
                          int64_t timeout);
Result svcGetProcessId(uint64_t* out, Handle handle);
Result svcSetProcessMemoryPermission(Handle process, uint64_t address, uint64_t size,
                                     uint32_t permission);
Result svcMapProcessMemory(uint64_t destination, Handle process, uint64_t source, uint64_t size);
Result svcUnmapProcessMemory(uint64_t destination, Handle process, uint64_t source, uint64_t size);
Result svcMapProcessCodeMemory(Handle process, uint64_t destination, uint64_t source,
                               uint64_t size);
Result svcUnmapProcessCodeMemory(Handle process, uint64_t destination, uint64_t source,
                                 uint64_t size);

Result svcSetMemoryPermission(void* address, uint64_t size, uint32_t permission);
Result svcSetMemoryAttribute(void* address, uint64_t size, uint32_t mask, uint32_t attribute);
Result svcMapMemory(void* destination, void* source, uint64_t size);
Result svcUnmapMemory(void* destination, void* source, uint64_t size);
Result svcMapSharedMemory(Handle shared, void* address, uint64_t size, uint32_t permission);
Result svcUnmapSharedMemory(Handle shared, void* address, uint64_t size);
Result svcCreateTransferMemory(Handle* out, void* address, uint64_t size, uint32_t permission);
Result svcMapTransferMemory(Handle transfer, void* address, uint64_t size, uint32_t permission);
Result svcUnmapTransferMemory(Handle transfer, void* address, uint64_t size);
Result svcMapPhysicalMemory(void* address, uint64_t size);
Result svcUnmapPhysicalMemory(void* address, uint64_t size);
Result svcCreateCodeMemory(Handle* out, void* address, uint64_t size);
Result svcControlCodeMemory(Handle code, uint32_t operation, void* address, uint64_t size,
                            uint32_t permission);
Result svcQueryProcessMemory(MemoryInfo* info, uint32_t* page_info, Handle process,
                             uint64_t address);

// Result codes of the kernel (module 1), as guests compare them.
#define KERNEL_RESULT(description) ((Result)(1u | ((description) << 9)))
#define RESULT_INVALID_SIZE KERNEL_RESULT(101)
#define RESULT_INVALID_ADDRESS KERNEL_RESULT(102)
#define RESULT_OUT_OF_MEMORY KERNEL_RESULT(104)
#define RESULT_INVALID_CURRENT_MEMORY KERNEL_RESULT(106)
#define RESULT_INVALID_NEW_MEMORY_PERMISSION KERNEL_RESULT(108)
#define RESULT_INVALID_MEMORY_REGION KERNEL_RESULT(110)
#define RESULT_INVALID_PRIORITY KERNEL_RESULT(112)
#define RESULT_INVALID_CORE_ID KERNEL_RESULT(113)
#define RESULT_INVALID_HANDLE KERNEL_RESULT(114)
#define RESULT_INVALID_POINTER KERNEL_RESULT(115)
#define RESULT_INVALID_COMBINATION KERNEL_RESULT(116)
#define RESULT_TIMED_OUT KERNEL_RESULT(117)
#define RESULT_CANCELLED KERNEL_RESULT(118)
#define RESULT_OUT_OF_RANGE KERNEL_RESULT(119)
#define RESULT_INVALID_ENUM_VALUE KERNEL_RESULT(120)
#define RESULT_BUSY KERNEL_RESULT(122)
#define RESULT_INVALID_STATE KERNEL_RESULT(125)
#define RESULT_LIMIT_REACHED KERNEL_RESULT(132)
#define RESULT_NOT_FOUND KERNEL_RESULT(121)
#define RESULT_SESSION_CLOSED KERNEL_RESULT(123)
#define RESULT_NOT_IMPLEMENTED KERNEL_RESULT(33)
