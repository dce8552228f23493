// The kernel's user exception contract: a fault enters the program's handler with the type and
// the saved state (x0..x8, lr, sp, pc, PSTATE, ESR, FAR), and svcReturnFromException resumes the
// thread from that state as the handler left it. The expected syndromes are the Arm
// Architecture Reference Manual's (ESR_ELx: EC bits 31:26, IL bit 25, WnR bit 6, fault status
// bits 5:0) and the types Horizon gives them (Atmosphère's HandleUserException).
//
// With an argument the program ends on purpose, for the tests of how the process ends:
// "decline" (its handler declines a fault), "nested" (its handler faults), "outside"
// (svcReturnFromException with no exception being handled).

#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "exception.h"
#include "svc.h"
#include "thread.h"

enum {
    kEcUnknown = 0x00,
    kEcInstructionAbort = 0x20,
    kEcDataAbort = 0x24,
    kEcBrk = 0x3c,
    kIl = 1 << 25,
    kWnR = 1 << 6,
    kTranslationLevel3 = 0x07,
    kPermissionLevel3 = 0x0f,
};

#define UNMAPPED_DATA 0x1230000ull
#define UNMAPPED_CODE 0x2340000ull

// Routines whose faulting instruction has a label, so that the handler knows its address.
uint64_t exc_load(uint64_t address, uint64_t* x9, uint64_t* nzcv);
void exc_store(uint64_t* address);
void exc_udf(void);
void exc_brk(void);
extern char exc_load_at[], exc_store_at[], exc_udf_at[], exc_brk_at[];
__asm__(
    "    .text\n"
    "    .global exc_load, exc_load_at, exc_store, exc_store_at\n"
    "    .global exc_udf, exc_udf_at, exc_brk, exc_brk_at\n"
    "    .balign 4\n"
    // x9 and NZCV are set before the fault and read after it: the kernel does not restore x9
    // from the info, and restores NZCV from its PSTATE.
    "exc_load:\n"
    "    movz x9, #0x1234, lsl #16\n"
    "    movk x9, #0x5678\n"
    "    mov x10, #0x90000000\n"
    "    msr nzcv, x10\n"
    "exc_load_at:\n"
    "    ldr x3, [x0]\n"
    "    mrs x10, nzcv\n"
    "    str x9, [x1]\n"
    "    str x10, [x2]\n"
    "    mov x0, x3\n"
    "    ret\n"
    "exc_store:\n"
    "    mov x1, #0x77\n"
    "exc_store_at:\n"
    "    str x1, [x0]\n"
    "    ret\n"
    "exc_udf:\n"
    "exc_udf_at:\n"
    "    udf #0xdead\n"
    "    ret\n"
    "exc_brk:\n"
    "exc_brk_at:\n"
    "    brk #0x42\n"
    "    ret\n");

static uint64_t g_context_address;  // svcGetInfo UserExceptionContextAddress
static const uint64_t g_read_only = 0x1122334455667788ull;

// What the handler saw, checked by main after the thread resumed.
typedef struct {
    int count;
    uint32_t type;
    uint64_t pc, far, lr, sp, x0, x1;
    uint32_t esr, pstate;
    uint64_t info_address;
} Seen;
static Seen g_seen;
static atomic_int g_thread_faults;
static const char* g_mode = "";

static uint64_t g_fake_value = 0x5eed5eedull;
// Set: the next fault's handler ends its thread instead of returning.
static atomic_int g_exit_in_handler;

static Result Handler(uint32_t type, ExceptionInfo* info) {
    if (atomic_exchange(&g_exit_in_handler, 0) != 0) {
        svcExitThread();
    }
    if (strcmp(g_mode, "decline") == 0) {
        return 0xf801;
    }
    if (strcmp(g_mode, "nested") == 0) {
        return (Result) * (volatile uint32_t*)(uintptr_t)UNMAPPED_DATA;
    }
    g_seen.count++;
    g_seen.type = type;
    g_seen.pc = info->pc;
    g_seen.far = info->far;
    g_seen.lr = info->lr;
    g_seen.sp = info->sp;
    g_seen.x0 = info->x[0];
    g_seen.x1 = info->x[1];
    g_seen.esr = info->esr;
    g_seen.pstate = info->pstate;
    g_seen.info_address = (uint64_t)(uintptr_t)info;
    if (info->pc == (uint64_t)(uintptr_t)exc_load_at) {
        atomic_fetch_add(&g_thread_faults, 1);
        info->x[3] = g_fake_value;  // as if the load had read it
        info->pc += 4;
    } else if (info->pc == UNMAPPED_CODE) {
        info->x[0] = 77;  // returns 77 to the caller
        info->pc = info->lr;
    } else {
        info->pc += 4;  // skip the instruction
    }
    return 0;
}

static void CheckContract(void) {
    CHECK_RESULT(svcGetInfo(&g_context_address, 20, CUR_PROCESS_HANDLE, 0), 0);
    CHECK(g_context_address != 0 && (g_context_address & 0x1ff) == 0);
    MemoryInfo memory;
    uint32_t page;
    CHECK_RESULT(svcQueryMemory(&memory, &page, g_context_address), 0);
    CHECK(memory.perm == 3);  // read-write, in the thread-local pages

    // A read of unmapped memory, resumed with a value put in the load's register.
    uint64_t x9 = 0, nzcv = 0;
    const uint64_t value = exc_load(UNMAPPED_DATA, &x9, &nzcv);
    CHECK(g_seen.count == 1);
    CHECK(value == g_fake_value);
    CHECK(x9 == 0x12345678);
    CHECK(nzcv == 0x90000000);
    CHECK_RESULT(g_seen.type, ExceptionType_DataAbort);
    CHECK(g_seen.pc == (uint64_t)(uintptr_t)exc_load_at);
    CHECK(g_seen.far == UNMAPPED_DATA);
    CHECK(g_seen.x0 == UNMAPPED_DATA);
    CHECK(g_seen.x1 == (uint64_t)(uintptr_t)&x9);
    CHECK_RESULT(g_seen.esr, (kEcDataAbort << 26) | kIl | kTranslationLevel3);
    CHECK_RESULT(g_seen.pstate & 0xf0000000u, 0x90000000u);
    CHECK(g_seen.info_address == g_context_address + 0x148);
    // exc_load is a leaf: its sp is the caller's, just below the caller's locals.
    CHECK((g_seen.sp & 0xf) == 0 && g_seen.sp <= (uint64_t)(uintptr_t)&x9 &&
          (uint64_t)(uintptr_t)&x9 - g_seen.sp < 0x1000);

    // A write to read-only data: a permission fault, skipped; the data is unchanged.
    exc_store((uint64_t*)(uintptr_t)&g_read_only);
    CHECK(g_seen.count == 2);
    CHECK_RESULT(g_seen.type, ExceptionType_DataAbort);
    CHECK(g_seen.pc == (uint64_t)(uintptr_t)exc_store_at);
    CHECK(g_seen.far == (uint64_t)(uintptr_t)&g_read_only);
    CHECK_RESULT(g_seen.esr, (kEcDataAbort << 26) | kIl | kWnR | kPermissionLevel3);
    CHECK(*(volatile const uint64_t*)&g_read_only == 0x1122334455667788ull);

    // An undefined instruction and a BRK: "instruction aborts" to Horizon.
    exc_udf();
    CHECK(g_seen.count == 3);
    CHECK_RESULT(g_seen.type, ExceptionType_InstructionAbort);
    CHECK(g_seen.pc == (uint64_t)(uintptr_t)exc_udf_at);
    CHECK(g_seen.far == (uint64_t)(uintptr_t)exc_udf_at);
    CHECK_RESULT(g_seen.esr, (kEcUnknown << 26) | kIl);
    exc_brk();
    CHECK(g_seen.count == 4);
    CHECK_RESULT(g_seen.type, ExceptionType_InstructionAbort);
    CHECK(g_seen.pc == (uint64_t)(uintptr_t)exc_brk_at);
    CHECK_RESULT(g_seen.esr, (kEcBrk << 26) | kIl | 0x42);

    // A call to unmapped code, resumed at its return address with a result.
    uint64_t (*nowhere)(void) = (uint64_t(*)(void))(uintptr_t)UNMAPPED_CODE;
    const uint64_t returned = nowhere();
    CHECK(g_seen.count == 5);
    CHECK(returned == 77);
    CHECK_RESULT(g_seen.type, ExceptionType_InstructionAbort);
    CHECK(g_seen.pc == UNMAPPED_CODE);
    CHECK(g_seen.far == UNMAPPED_CODE);
    CHECK_RESULT(g_seen.esr, (kEcInstructionAbort << 26) | kIl | kTranslationLevel3);
}

// Faults on several cores at once: the kernel hands them to the handler one at a time.
enum { kFaultsPerThread = 200, kThreads = 3 };
static atomic_int g_thread_errors;

static void FaultLoop(void* argument) {
    (void)argument;
    for (int i = 0; i < kFaultsPerThread; ++i) {
        uint64_t x9 = 0, nzcv = 0;
        if (exc_load(UNMAPPED_DATA, &x9, &nzcv) != g_fake_value || x9 != 0x12345678 ||
            nzcv != 0x90000000) {
            atomic_fetch_add(&g_thread_errors, 1);
        }
    }
}

static void CheckThreads(void) {
    atomic_store(&g_thread_faults, 0);
    GuestThread threads[kThreads - 1];
    for (int i = 0; i < kThreads - 1; ++i) {
        CHECK_RESULT(guest_thread_create(&threads[i], FaultLoop, 0, 0x10000, 44, i + 1), 0);
        CHECK_RESULT(guest_thread_start(&threads[i]), 0);
    }
    FaultLoop(0);
    for (int i = 0; i < kThreads - 1; ++i) {
        CHECK_RESULT(guest_thread_join(&threads[i]), 0);
        guest_thread_close(&threads[i]);
    }
    CHECK(atomic_load(&g_thread_faults) == kThreads * kFaultsPerThread);
    CHECK(atomic_load(&g_thread_errors) == 0);
}

// A thread that ends inside its handler leaves the handler free (Atmosphère's KThread::Exit
// releases the user exception): the next fault, on another thread, is handled, not held for
// ever.
static void FaultOnce(void* argument) {
    (void)argument;
    uint64_t x9, nzcv;
    exc_load(UNMAPPED_DATA, &x9, &nzcv);
    atomic_fetch_add(&g_thread_errors, 1);  // not reached: the handler ends the thread
}

static void CheckExitInHandler(void) {
    atomic_store(&g_thread_errors, 0);
    atomic_store(&g_exit_in_handler, 1);
    GuestThread thread;
    CHECK_RESULT(guest_thread_create(&thread, FaultOnce, 0, 0x10000, 44, 1), 0);
    CHECK_RESULT(guest_thread_start(&thread), 0);
    CHECK_RESULT(guest_thread_join(&thread), 0);
    guest_thread_close(&thread);
    CHECK(atomic_load(&g_exit_in_handler) == 0);
    CHECK(atomic_load(&g_thread_errors) == 0);
    const int before = g_seen.count;
    uint64_t x9 = 0, nzcv = 0;
    CHECK(exc_load(UNMAPPED_DATA, &x9, &nzcv) == g_fake_value);
    CHECK(g_seen.count == before + 1);
}

int main(int argc, char** argv) {
    if (argc > 1) {
        g_mode = argv[1];
        if (strcmp(g_mode, "outside") == 0) {
            printf("calling svcReturnFromException outside a handler\n");
            svcReturnFromException(0);
        }
        nx_set_exception_handler(Handler);
        printf("faulting with a handler that does \"%s\"\n", g_mode);
        uint64_t x9, nzcv;
        exc_load(UNMAPPED_DATA, &x9, &nzcv);
        printf("FAIL: resumed after the handler\n");
        return 1;
    }
    nx_set_exception_handler(Handler);
    CheckContract();
    CheckThreads();
    CheckExitInHandler();
    return check_summary("exceptions");
}
