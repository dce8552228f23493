// Sessions a guest thread serves, and the loader's code memory calls on a process handle that
// one of them carried: what nx-hbloader does to map an NRO into its own process. A helper
// thread receives a request that copies the process pseudo-handle (the kernel hands over a
// real handle) and replies with a moved event; the main thread then maps heap as code through
// that handle. Result codes as the console's kernel returns them.

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "svc.h"
#include "thread.h"

enum { kPage = 0x1000 };
enum { kNormal = 0x05, kAliasCode = 0x08, kAliasCodeData = 0x09, kFree = 0x00, kLocked = 1 };
enum { kNone = 0, kRead = 1, kWrite = 2, kReadWrite = 3, kReadExecute = 5 };

static uint32_t* Tls(void) {
    uint32_t* tls;
    __asm__ volatile("mrs %0, tpidrro_el0" : "=r"(tls));
    return tls;
}

static MemoryInfo Query(uint64_t address) {
    MemoryInfo info;
    uint32_t page_info = 0;
    memset(&info, 0xee, sizeof(info));
    CHECK_RESULT(svcQueryMemory(&info, &page_info, address), 0);
    return info;
}

#define CHECK_BLOCK(address, state_, permission_, attribute_) \
    do {                                                      \
        const MemoryInfo info_ = Query((uint64_t)(address));  \
        CHECK_RESULT(info_.type, state_);                     \
        CHECK_RESULT(info_.perm, permission_);                \
        CHECK_RESULT(info_.attr, attribute_);                 \
    } while (0)

static Handle g_server;
static Handle g_process;     // what the request's copy handle became
static uint64_t g_sent_pid;  // the process id the kernel wrote into the request
static uint32_t g_request_word;
static Result g_closed;  // the receive after the client closed its end

static void Server(void* argument) {
    (void)argument;
    int32_t index = -1;
    CHECK_RESULT(svcReplyAndReceive(&index, &g_server, 1, 0, -1), 0);
    CHECK(index == 0);
    uint32_t* message = Tls();
    // Header: type 4, 2 raw words, a special header with the pid and one copy handle.
    CHECK(message[0] == 4);
    CHECK(message[1] == (2u | 1u << 31));
    CHECK(message[2] == (1u | 1u << 1));
    memcpy(&g_sent_pid, &message[3], 8);
    g_process = message[5];
    g_request_word = message[6];
    // The reply moves an event's readable end and carries one raw word.
    Handle writable = 0, readable = 0;
    CHECK_RESULT(svcCreateEvent(&writable, &readable), 0);
    CHECK_RESULT(svcSignalEvent(writable), 0);
    message[0] = 0;
    message[1] = 1u | 1u << 31;
    message[2] = 1u << 5;
    message[3] = readable;
    message[4] = 0x5678;
    // Reply with nothing to wait on: the reply goes out, then the wait times out.
    CHECK_RESULT(svcReplyAndReceive(&index, &g_server, 0, g_server, 0), RESULT_TIMED_OUT);
    svcCloseHandle(writable);
    // The moved handle left this thread's table entry (one process, one table: it is gone).
    CHECK_RESULT(svcClearEvent(readable), RESULT_INVALID_HANDLE);
    // No reply is pending now.
    CHECK_RESULT(svcReplyAndReceive(&index, &g_server, 0, g_server, 0), RESULT_INVALID_STATE);
    CHECK(index == -1);
    g_closed = svcReplyAndReceive(&index, &g_server, 1, 0, -1);
    CHECK(index == 0);
    CHECK_RESULT(svcCloseHandle(g_server), 0);
}

static void TestSession(void) {
    Handle client = 0;
    CHECK_RESULT(svcCreateSession(&g_server, &client, 0, 0), 0);
    Handle port = 0;
    CHECK_RESULT(svcAcceptSession(&port, g_server), RESULT_INVALID_HANDLE);
    GuestThread thread;
    CHECK_RESULT(guest_thread_create(&thread, Server, NULL, 0x4000, 0x2c, 0), 0);
    CHECK_RESULT(guest_thread_start(&thread), 0);
    uint32_t* message = Tls();
    message[0] = 4;
    message[1] = 2u | 1u << 31;
    message[2] = 1u | 1u << 1;
    message[3] = message[4] = 0;
    message[5] = CUR_PROCESS_HANDLE;
    message[6] = 0xabcd;
    message[7] = 0;
    CHECK_RESULT(svcSendSyncRequest(client), 0);
    CHECK(message[0] == 0);
    CHECK(message[1] == (1u | 1u << 31));
    CHECK(message[2] == 1u << 5);
    const Handle moved = message[3];
    CHECK(message[4] == 0x5678);
    // The moved event is the signaled one the server made.
    int32_t index = -1;
    CHECK_RESULT(svcWaitSynchronization(&index, &moved, 1, 0), 0);
    CHECK_RESULT(svcCloseHandle(moved), 0);
    // Closing the client end ends the server's next receive.
    CHECK_RESULT(svcCloseHandle(client), 0);
    CHECK_RESULT(guest_thread_join(&thread), 0);
    guest_thread_close(&thread);
    CHECK_RESULT(g_closed, RESULT_SESSION_CLOSED);
    CHECK(g_request_word == 0xabcd);
    CHECK(g_process != 0 && g_process != CUR_PROCESS_HANDLE);
    uint64_t pid = 0, own_pid = 1;
    CHECK_RESULT(svcGetProcessId(&pid, g_process), 0);
    CHECK_RESULT(svcGetProcessId(&own_pid, CUR_PROCESS_HANDLE), 0);
    CHECK(pid == own_pid && g_sent_pid == own_pid);
    // A request to a session whose server end is gone.
    Handle server2 = 0, client2 = 0;
    CHECK_RESULT(svcCreateSession(&server2, &client2, 0, 0), 0);
    CHECK_RESULT(svcCloseHandle(server2), 0);
    message[0] = 4;
    message[1] = 0;
    CHECK_RESULT(svcSendSyncRequest(client2), RESULT_SESSION_CLOSED);
    CHECK_RESULT(svcCloseHandle(client2), 0);
}

static int Returns42(void) {
    return -1;  // replaced by the code copied in
}

static void TestCodeMemory(void) {
    const Handle process = g_process;
    uint64_t heap = 0, heap_size = 0;
    CHECK_RESULT(svcGetInfo(&heap, 4, process, 0), 0);
    CHECK_RESULT(svcGetInfo(&heap_size, 5, process, 0), 0);
    // Free addresses in the ASLR region, past the heap region (as the memory test uses).
    const uint64_t code = heap + heap_size + 0x40000000;
    uint32_t* source = aligned_alloc(kPage, 3 * kPage);
    CHECK(source != NULL);
    memset(source, 0, 3 * kPage);
    source[0] = 0x52800540;  // mov w0, #42
    source[1] = 0xd65f03c0;  // ret
    const uint64_t from = (uint64_t)source;
    const uint64_t size = 3 * kPage;

    CHECK_RESULT(svcMapProcessCodeMemory(process, code + 1, from, size), RESULT_INVALID_ADDRESS);
    CHECK_RESULT(svcMapProcessCodeMemory(process, code, from, 0), RESULT_INVALID_SIZE);
    CHECK_RESULT(svcMapProcessCodeMemory(0x1234, code, from, size), RESULT_INVALID_HANDLE);
    // Not heap: this program's own code.
    const uint64_t text = (uint64_t)Returns42 & ~(uint64_t)(kPage - 1);
    CHECK_RESULT(svcMapProcessCodeMemory(process, code, text, kPage),
                 RESULT_INVALID_CURRENT_MEMORY);
    // A destination in the heap region cannot hold code.
    CHECK_RESULT(svcMapProcessCodeMemory(process, heap, from, size), RESULT_INVALID_CURRENT_MEMORY);

    CHECK_RESULT(svcMapProcessCodeMemory(process, code, from, size), 0);
    CHECK_BLOCK(code, kAliasCode, kReadWrite, 0);
    CHECK_BLOCK(from, kNormal, kNone, kLocked);
    CHECK_RESULT(svcMapProcessCodeMemory(process, code, from + size, kPage),
                 RESULT_INVALID_CURRENT_MEMORY);

    CHECK_RESULT(svcSetProcessMemoryPermission(process, code, kPage, kWrite),
                 RESULT_INVALID_NEW_MEMORY_PERMISSION);
    CHECK_RESULT(svcSetProcessMemoryPermission(process, heap, kPage, kRead),
                 RESULT_INVALID_CURRENT_MEMORY);
    CHECK_RESULT(svcSetProcessMemoryPermission(0x1234, code, kPage, kRead), RESULT_INVALID_HANDLE);
    CHECK_RESULT(svcSetProcessMemoryPermission(process, code, kPage, kReadExecute), 0);
    CHECK_RESULT(svcSetProcessMemoryPermission(process, code + kPage, kPage, kRead), 0);
    CHECK_RESULT(svcSetProcessMemoryPermission(process, code + 2 * kPage, kPage, kReadWrite), 0);
    CHECK_BLOCK(code, kAliasCode, kReadExecute, 0);
    CHECK_BLOCK(code + kPage, kAliasCode, kRead, 0);
    CHECK_BLOCK(code + 2 * kPage, kAliasCodeData, kReadWrite, 0);
    int (*function)(void) = (int (*)(void))code;
    CHECK(function() == 42);
    *(volatile uint32_t*)(code + 2 * kPage) = 0x600d;

    // The unmap must name the pages the map aliased.
    CHECK_RESULT(svcUnmapProcessCodeMemory(process, code, from + kPage, kPage),
                 RESULT_INVALID_MEMORY_REGION);
    // Segment by segment, as nx-hbloader unmaps.
    CHECK_RESULT(svcUnmapProcessCodeMemory(process, code, from, kPage), 0);
    CHECK_RESULT(svcUnmapProcessCodeMemory(process, code + kPage, from + kPage, 2 * kPage), 0);
    CHECK_BLOCK(code, kFree, kNone, 0);
    CHECK_BLOCK(from, kNormal, kReadWrite, 0);
    CHECK(source[0] == 0x52800540 && source[2 * kPage / 4] == 0x600d);
    CHECK_RESULT(svcUnmapProcessCodeMemory(process, code, from, size),
                 RESULT_INVALID_CURRENT_MEMORY);
    free(source);
    CHECK_RESULT(svcCloseHandle(process), 0);
}

static void TestInfoProbes(void) {
    // Ids the console does not have: Atmosphère's 65000 (Mesosphère's marker) and 19, gone
    // from GetInfo since 5.0.0, whatever the handle.
    uint64_t value = 0;
    CHECK_RESULT(svcGetInfo(&value, 65000, 0, 0), RESULT_INVALID_ENUM_VALUE);
    CHECK_RESULT(svcGetInfo(&value, 19, 0, 0), RESULT_INVALID_ENUM_VALUE);
    CHECK_RESULT(svcGetInfo(&value, 6, 0, 0), RESULT_INVALID_HANDLE);
}

int main(void) {
    TestSession();
    TestCodeMemory();
    TestInfoProbes();
    return check_summary("sessions");
}
