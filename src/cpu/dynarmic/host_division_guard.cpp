#include "cpu/dynarmic/host_division_guard.h"

#include <signal.h>
#include <ucontext.h>

#include <cstdint>
#include <cstring>
#include <mutex>

namespace cpu {
namespace {

#if defined(__x86_64__)

// Register numbers of the x86 encoding, mapped to their slots in the signal context.
constexpr int kGregOfRegister[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP,
                                     REG_RSI, REG_RDI, REG_R8,  REG_R9,  REG_R10, REG_R11,
                                     REG_R12, REG_R13, REG_R14, REG_R15};

struct sigaction g_previous_action;

// Returns true when the faulting instruction is `idiv reg` (F7 /7, register operand, with an
// optional REX prefix) dividing the most negative value by -1, and completes it.
bool CompleteOverflowingDivision(ucontext_t& context) {
    greg_t* registers = context.uc_mcontext.gregs;
    const auto* code = reinterpret_cast<const std::uint8_t*>(registers[REG_RIP]);
    std::size_t length = 0;
    std::uint8_t rex = 0;
    if ((code[0] & 0xf0) == 0x40) {
        rex = code[0];
        length = 1;
    }
    const std::uint8_t opcode = code[length];
    const std::uint8_t modrm = code[length + 1];
    if (opcode != 0xf7 || (modrm >> 6) != 3 || ((modrm >> 3) & 7) != 7) {
        return false;
    }
    const bool wide = (rex & 0x08) != 0;
    const int divisor_register = (modrm & 7) | ((rex & 0x01) ? 8 : 0);
    const auto divisor = static_cast<std::uint64_t>(registers[kGregOfRegister[divisor_register]]);
    const auto dividend = static_cast<std::uint64_t>(registers[REG_RAX]);
    if (wide) {
        if (divisor != ~std::uint64_t{0} || dividend != std::uint64_t{1} << 63) {
            return false;
        }
        registers[REG_RAX] = static_cast<greg_t>(dividend);  // INT64_MIN / -1 = INT64_MIN
    } else {
        if ((divisor & 0xffffffff) != 0xffffffff || (dividend & 0xffffffff) != 0x80000000) {
            return false;
        }
        registers[REG_RAX] = static_cast<greg_t>(0x80000000);  // INT32_MIN / -1 = INT32_MIN
    }
    registers[REG_RDX] = 0;  // no remainder
    registers[REG_RIP] += static_cast<greg_t>(length + 2);
    return true;
}

void HandleSigfpe(int signal, siginfo_t* info, void* raw_context) {
    auto& context = *static_cast<ucontext_t*>(raw_context);
    if (info->si_code == FPE_INTOVF || info->si_code == FPE_INTDIV) {
        if (CompleteOverflowingDivision(context)) {
            return;
        }
    }
    // Not ours: behave as the previous handler (by default, end the process with the signal).
    ::sigaction(signal, &g_previous_action, nullptr);
    ::raise(signal);
}

#endif

}  // namespace

void InstallHostDivisionGuard() {
#if defined(__x86_64__)
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction action;
        std::memset(&action, 0, sizeof(action));
        action.sa_sigaction = HandleSigfpe;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGFPE, &action, &g_previous_action);
    });
#endif
}

}  // namespace cpu
