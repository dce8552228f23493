// ARMv8.3 pointer authentication as code built for the Cortex-A78C uses it: return-address
// signing (paciasp/pacibsp with retaa/retab, and the hint forms autiasp + ret), authenticated
// calls and jumps (blraa/blrab/blraaz/blrabz, braa/brab/braaz/brabz), sign/authenticate round
// trips with every key, xpaci/xpacd, ldraa/ldrab at every kind of offset, with and without
// writeback, and pacga.
//
// The reference runs under Linux, which turns the keys on; nxhost runs with them off. Every
// line printed is one both must agree on: the values a correct program computes, never the
// bits of a signed pointer.

#include <stdint.h>

#include "report.h"

typedef uint64_t (*UnaryFunction)(uint64_t);

uint64_t RetaaLeaf(uint64_t);
uint64_t RetabLeaf(uint64_t);
uint64_t HintLeaf(uint64_t);
uint64_t SignedCaller(uint64_t);
uint64_t CallBlraa(UnaryFunction, uint64_t);
uint64_t CallBlrab(UnaryFunction, uint64_t);
uint64_t CallBlraaz(UnaryFunction, uint64_t);
uint64_t CallBlrabz(UnaryFunction, uint64_t);
uint64_t JumpBraa(UnaryFunction, uint64_t);
uint64_t JumpBrab(UnaryFunction, uint64_t);
uint64_t JumpBraaz(UnaryFunction, uint64_t);
uint64_t JumpBrabz(UnaryFunction, uint64_t);

// The callers sign x16 with SP (or zero) as the modifier and branch through it; the jumps are
// tail calls, so the function returns straight to the C caller.
__asm__(
    ".pushsection .text.pointer_auth, \"ax\", %progbits\n"
    ".p2align 2\n"
    ".global RetaaLeaf\n"
    ".type RetaaLeaf, %function\n"
    "RetaaLeaf:\n"
    "  paciasp\n"
    "  add x0, x0, #1\n"
    "  retaa\n"
    ".global RetabLeaf\n"
    ".type RetabLeaf, %function\n"
    "RetabLeaf:\n"
    "  pacibsp\n"
    "  add x0, x0, #2\n"
    "  retab\n"
    ".global HintLeaf\n"
    ".type HintLeaf, %function\n"
    "HintLeaf:\n"
    "  paciasp\n"
    "  add x0, x0, #3\n"
    "  autiasp\n"
    "  ret\n"
    ".global SignedCaller\n"
    ".type SignedCaller, %function\n"
    "SignedCaller:\n"
    "  paciasp\n"
    "  stp x29, x30, [sp, #-16]!\n"
    "  bl RetabLeaf\n"
    "  bl RetaaLeaf\n"
    "  ldp x29, x30, [sp], #16\n"
    "  retaa\n"
    ".macro CALL_THROUGH name, sign, branch\n"
    ".global \\name\n"
    ".type \\name, %function\n"
    "\\name:\n"
    "  stp x29, x30, [sp, #-16]!\n"
    "  mov x16, x0\n"
    "  mov x17, sp\n"
    "  \\sign\n"
    "  mov x0, x1\n"
    "  \\branch\n"
    "  ldp x29, x30, [sp], #16\n"
    "  ret\n"
    ".endm\n"
    "CALL_THROUGH CallBlraa, \"pacia x16, x17\", \"blraa x16, x17\"\n"
    "CALL_THROUGH CallBlrab, \"pacib x16, x17\", \"blrab x16, x17\"\n"
    "CALL_THROUGH CallBlraaz, \"paciza x16\", \"blraaz x16\"\n"
    "CALL_THROUGH CallBlrabz, \"pacizb x16\", \"blrabz x16\"\n"
    ".macro JUMP_THROUGH name, sign, branch\n"
    ".global \\name\n"
    ".type \\name, %function\n"
    "\\name:\n"
    "  mov x16, x0\n"
    "  mov x17, #0x5a5a\n"
    "  \\sign\n"
    "  mov x0, x1\n"
    "  \\branch\n"
    ".endm\n"
    "JUMP_THROUGH JumpBraa, \"pacia x16, x17\", \"braa x16, x17\"\n"
    "JUMP_THROUGH JumpBrab, \"pacib x16, x17\", \"brab x16, x17\"\n"
    "JUMP_THROUGH JumpBraaz, \"paciza x16\", \"braaz x16\"\n"
    "JUMP_THROUGH JumpBrabz, \"pacizb x16\", \"brabz x16\"\n"
    ".popsection\n");

static void ReturnAddressSigning(void) {
    report_text("# return-address signing and authenticated branches");
    report_u64("retaa", RetaaLeaf(OPAQUE(10ull)));
    report_u64("retab", RetabLeaf(OPAQUE(10ull)));
    report_u64("autiasp + ret", HintLeaf(OPAQUE(10ull)));
    report_u64("nested retaa", SignedCaller(OPAQUE(10ull)));
    report_u64("blraa", CallBlraa(RetaaLeaf, OPAQUE(20ull)));
    report_u64("blrab", CallBlrab(RetabLeaf, OPAQUE(20ull)));
    report_u64("blraaz", CallBlraaz(HintLeaf, OPAQUE(20ull)));
    report_u64("blrabz", CallBlrabz(SignedCaller, OPAQUE(20ull)));
    report_u64("braa", JumpBraa(RetaaLeaf, OPAQUE(30ull)));
    report_u64("brab", JumpBrab(RetabLeaf, OPAQUE(30ull)));
    report_u64("braaz", JumpBraaz(HintLeaf, OPAQUE(30ull)));
    report_u64("brabz", JumpBrabz(SignedCaller, OPAQUE(30ull)));
}

// Signs `pointer` and authenticates it again: a correct round trip gives the pointer back.
#define ROUND_TRIP(sign, authenticate, pointer, modifier)          \
    ({                                                             \
        uint64_t value_ = (pointer);                               \
        __asm__ volatile(sign " %0, %1\n\t" authenticate " %0, %1" \
                         : "+r"(value_)                            \
                         : "r"(modifier));                         \
        value_;                                                    \
    })
#define ROUND_TRIP_ZERO(sign, authenticate, pointer)                        \
    ({                                                                      \
        uint64_t value_ = (pointer);                                        \
        __asm__ volatile(sign " %0\n\t" authenticate " %0" : "+r"(value_)); \
        value_;                                                             \
    })

static uint64_t g_data[1200];

static void SignAndAuthenticate(void) {
    report_text("# sign, authenticate, strip");
    const uint64_t code = OPAQUE((uint64_t)&RetaaLeaf);
    const uint64_t data = OPAQUE((uint64_t)&g_data[7]);
    const uint64_t modifier = OPAQUE(0x0123456789abcdefull);
    report_u64("pacia/autia", ROUND_TRIP("pacia", "autia", code, modifier) == code);
    report_u64("pacib/autib", ROUND_TRIP("pacib", "autib", code, modifier) == code);
    report_u64("pacda/autda", ROUND_TRIP("pacda", "autda", data, modifier) == data);
    report_u64("pacdb/autdb", ROUND_TRIP("pacdb", "autdb", data, modifier) == data);
    report_u64("paciza/autiza", ROUND_TRIP_ZERO("paciza", "autiza", code) == code);
    report_u64("pacizb/autizb", ROUND_TRIP_ZERO("pacizb", "autizb", code) == code);
    report_u64("pacdza/autdza", ROUND_TRIP_ZERO("pacdza", "autdza", data) == data);
    report_u64("pacdzb/autdzb", ROUND_TRIP_ZERO("pacdzb", "autdzb", data) == data);
    uint64_t stripped_code = code;
    __asm__ volatile("pacia %0, %1\n\txpaci %0" : "+r"(stripped_code) : "r"(modifier));
    report_u64("pacia/xpaci", stripped_code == code);
    uint64_t stripped_data = data;
    __asm__ volatile("pacdb %0, %1\n\txpacd %0" : "+r"(stripped_data) : "r"(modifier));
    report_u64("pacdb/xpacd", stripped_data == data);
    uint64_t unsigned_data = data;
    __asm__ volatile("xpacd %0" : "+r"(unsigned_data));
    report_u64("xpacd of an unsigned pointer", unsigned_data == data);
    // xpaclri strips x30, here signed by paciaz (zero modifier).
    uint64_t link = code;
    __asm__ volatile("mov x30, %0\n\tpaciaz\n\txpaclri\n\tmov %0, x30" : "+r"(link) : : "x30");
    report_u64("paciaz/xpaclri", link == code);
}

// ldraa/ldrab through a base at g_data[600], signed first with the matching data key and a
// zero modifier as the instruction expects; `address` is the operand text ("[%1, #8]", or
// "[%1, #16]!" with writeback). Gives the value loaded and how far the base register moved.
struct AuthenticatedLoad {
    uint64_t value;
    uint64_t base_moved_by;
};
#define LOAD_AUTHENTICATED(mnemonic, sign, address)              \
    ({                                                           \
        const uint64_t start_ = (uint64_t)&g_data[600];          \
        uint64_t base_ = OPAQUE((uint64_t)start_);               \
        uint64_t loaded_;                                        \
        __asm__ volatile(sign " %1\n\t" mnemonic " %0, " address \
                         : "=r"(loaded_), "+r"(base_)            \
                         :                                       \
                         : "memory");                            \
        (struct AuthenticatedLoad){loaded_, base_ - start_};     \
    })

static void ReportWriteback(const char* label, struct AuthenticatedLoad load) {
    report_u64(label, load.value);
    report_u64("  base moved by", load.base_moved_by);
}

static void AuthenticatedLoads(void) {
    report_text("# ldraa / ldrab");
    for (int i = 0; i < 1200; ++i) {
        g_data[i] = 0x1000000000000000ull * (uint64_t)(i % 15) + (uint64_t)i * 0x10001ull;
    }
    report_u64("ldraa #0", LOAD_AUTHENTICATED("ldraa", "pacdza", "[%1, #0]").value);
    report_u64("ldraa #8", LOAD_AUTHENTICATED("ldraa", "pacdza", "[%1, #8]").value);
    report_u64("ldraa #4088", LOAD_AUTHENTICATED("ldraa", "pacdza", "[%1, #4088]").value);
    report_u64("ldraa #-8", LOAD_AUTHENTICATED("ldraa", "pacdza", "[%1, #-8]").value);
    report_u64("ldraa #-256", LOAD_AUTHENTICATED("ldraa", "pacdza", "[%1, #-256]").value);
    report_u64("ldraa #-264", LOAD_AUTHENTICATED("ldraa", "pacdza", "[%1, #-264]").value);
    report_u64("ldraa #-4096", LOAD_AUTHENTICATED("ldraa", "pacdza", "[%1, #-4096]").value);
    report_u64("ldrab #16", LOAD_AUTHENTICATED("ldrab", "pacdzb", "[%1, #16]").value);
    report_u64("ldrab #-2048", LOAD_AUTHENTICATED("ldrab", "pacdzb", "[%1, #-2048]").value);
    ReportWriteback("ldraa #16!", LOAD_AUTHENTICATED("ldraa", "pacdza", "[%1, #16]!"));
    ReportWriteback("ldraa #-256!", LOAD_AUTHENTICATED("ldraa", "pacdza", "[%1, #-256]!"));
    ReportWriteback("ldraa #248!", LOAD_AUTHENTICATED("ldraa", "pacdza", "[%1, #248]!"));
    ReportWriteback("ldrab #2048!", LOAD_AUTHENTICATED("ldrab", "pacdzb", "[%1, #2048]!"));
    ReportWriteback("ldrab #-4096!", LOAD_AUTHENTICATED("ldrab", "pacdzb", "[%1, #-4096]!"));
}

static uint64_t Pacga(uint64_t data, uint64_t modifier) {
    uint64_t result;
    __asm__ volatile("pacga %0, %1, %2" : "=r"(result) : "r"(data), "r"(modifier));
    return result;
}

static void GenericAuthentication(void) {
    report_text("# pacga");
    const uint64_t data = OPAQUE(0x1122334455667788ull);
    const uint64_t modifier = OPAQUE(0x99ull);
    const uint64_t first = Pacga(data, modifier);
    report_u64("low half is zero", first & 0xffffffffull);
    report_u64("same operands, same code", Pacga(data, modifier) == first);
    report_u64("other data, other code", Pacga(data ^ 1, modifier) != first);
    report_u64("other modifier, other code", Pacga(data, modifier + 1) != first);
}

int main(void) {
    ReturnAddressSigning();
    SignAndAuthenticate();
    AuthenticatedLoads();
    GenericAuthentication();
    return 0;
}
