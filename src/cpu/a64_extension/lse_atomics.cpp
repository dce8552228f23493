// LSE atomic memory operations (LDADD, LDCLR, LDEOR, LDSET, LDSMAX, LDSMIN, LDUMAX, LDUMIN,
// SWP and their ST* aliases), executed with std::atomic_ref on the guest's host memory so they
// are atomic against every other host thread running guest code.
//
// Encoding: size 111 0 00 A R 1 Rs o3 opc 00 Rn Rt.

#include <atomic>
#include <type_traits>

#include "cpu/a64_extension/extension_internal.h"
#include "cpu/a64_extension/memory_access.h"

namespace cpu::extension {
namespace {

enum class AtomicOp : u8 { Add, Clear, Eor, Set, SMax, SMin, UMax, UMin, Swap };

template <typename T>
T Combine(AtomicOp op, T old, T operand) {
    using S = std::make_signed_t<T>;
    switch (op) {
        case AtomicOp::SMax:
            return static_cast<S>(old) > static_cast<S>(operand) ? old : operand;
        case AtomicOp::SMin:
            return static_cast<S>(old) < static_cast<S>(operand) ? old : operand;
        case AtomicOp::UMax:
            return old > operand ? old : operand;
        case AtomicOp::UMin:
            return old < operand ? old : operand;
        default:
            return operand;  // not reached: the bitwise and arithmetic ops use fetch_*
    }
}

template <typename T>
T Apply(AtomicOp op, std::atomic_ref<T> ref, T operand, std::memory_order order) {
    switch (op) {
        case AtomicOp::Add:
            return ref.fetch_add(operand, order);
        case AtomicOp::Clear:
            return ref.fetch_and(static_cast<T>(~operand), order);
        case AtomicOp::Eor:
            return ref.fetch_xor(operand, order);
        case AtomicOp::Set:
            return ref.fetch_or(operand, order);
        case AtomicOp::Swap:
            return ref.exchange(operand, order);
        default:
            break;
    }
    // Min and max have no fetch_ form: a compare-exchange loop. Its failed attempts are plain
    // loads, so they take the acquire half of the order only.
    const std::memory_order failure =
        (order == std::memory_order_acquire || order == std::memory_order_seq_cst)
            ? std::memory_order_acquire
            : std::memory_order_relaxed;
    T old = ref.load(std::memory_order_relaxed);
    while (!ref.compare_exchange_weak(old, Combine(op, old, operand), order, failure)) {
    }
    return old;
}

template <typename T>
ExtensionOutcome Execute(AtomicOp op, u32 instruction, ExtensionState& state, u64& fault_address) {
    const unsigned rt = Field(instruction, 0, 5);
    const unsigned rn = Field(instruction, 5, 5);
    const unsigned rs = Field(instruction, 16, 5);
    const bool acquire = Field(instruction, 23, 1) != 0;
    const bool release = Field(instruction, 22, 1) != 0;
    const u64 address = ReadBase(state, rn);
    u8* host = AlignedHostPointer(state.Memory(), address, sizeof(T), Permission::ReadWrite);
    if (host == nullptr) {
        fault_address = address;
        return ExtensionOutcome::WriteFault;
    }
    const T operand = static_cast<T>(ReadXzr(state, rs));
    const T old = Apply(op, std::atomic_ref<T>(*reinterpret_cast<T*>(host)), operand,
                        OrderFor(acquire, release));
    WriteXzr(state, rt, old);  // zero-extended; Rt = 31 is the ST<op> alias
    return ExtensionOutcome::Executed;
}

}  // namespace

ExtensionOutcome ExecuteAtomicMemory(u32 instruction, ExtensionState& state, u64& fault_address) {
    if ((instruction & 0x3f200c00) != 0x38200000) {
        return ExtensionOutcome::NotHandled;
    }
    const bool o3 = Field(instruction, 15, 1) != 0;
    const unsigned opc = Field(instruction, 12, 3);
    AtomicOp op;
    if (!o3) {
        op = static_cast<AtomicOp>(opc);
    } else if (opc == 0) {
        op = AtomicOp::Swap;
    } else {
        return ExtensionOutcome::NotHandled;  // LDAPR (o3 = 1, opc = 100) lives in rcpc.cpp
    }
    switch (Field(instruction, 30, 2)) {
        case 0:
            return Execute<u8>(op, instruction, state, fault_address);
        case 1:
            return Execute<u16>(op, instruction, state, fault_address);
        case 2:
            return Execute<u32>(op, instruction, state, fault_address);
        default:
            return Execute<u64>(op, instruction, state, fault_address);
    }
}

}  // namespace cpu::extension
