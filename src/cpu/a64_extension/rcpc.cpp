// RCpc loads and stores: LDAPR{B,H} (ARMv8.3, in the atomic-memory encoding space: size 111000
// 101 11111 1 100 00 Rn Rt) and the ARMv8.4 unscaled-offset forms LDAPUR*, LDAPURS*, STLUR*
// (size 011001 opc 0 imm9 00 Rn Rt). On the host they are acquire loads and release stores.

#include <atomic>

#include "base/bits.h"
#include "cpu/a64_extension/extension_internal.h"
#include "cpu/a64_extension/memory_access.h"

namespace cpu::extension {
namespace {

template <typename T>
bool LoadAcquire(GuestMemory& memory, u64 address, u64& value) {
    u8* host = AlignedHostPointer(memory, address, sizeof(T), Permission::Read);
    if (host == nullptr) {
        return false;
    }
    value = std::atomic_ref<T>(*reinterpret_cast<T*>(host)).load(std::memory_order_acquire);
    return true;
}

template <typename T>
bool StoreRelease(GuestMemory& memory, u64 address, u64 value) {
    u8* host = AlignedHostPointer(memory, address, sizeof(T), Permission::Write);
    if (host == nullptr) {
        return false;
    }
    std::atomic_ref<T>(*reinterpret_cast<T*>(host))
        .store(static_cast<T>(value), std::memory_order_release);
    return true;
}

bool Load(GuestMemory& memory, unsigned size_log2, u64 address, u64& value) {
    switch (size_log2) {
        case 0:
            return LoadAcquire<u8>(memory, address, value);
        case 1:
            return LoadAcquire<u16>(memory, address, value);
        case 2:
            return LoadAcquire<u32>(memory, address, value);
        default:
            return LoadAcquire<u64>(memory, address, value);
    }
}

bool Store(GuestMemory& memory, unsigned size_log2, u64 address, u64 value) {
    switch (size_log2) {
        case 0:
            return StoreRelease<u8>(memory, address, value);
        case 1:
            return StoreRelease<u16>(memory, address, value);
        case 2:
            return StoreRelease<u32>(memory, address, value);
        default:
            return StoreRelease<u64>(memory, address, value);
    }
}

ExtensionOutcome Fault(ExtensionOutcome kind, u64 address, u64& fault_address) {
    fault_address = address;
    return kind;
}

}  // namespace

ExtensionOutcome ExecuteRcpc(u32 instruction, ExtensionState& state, u64& fault_address) {
    const unsigned rt = Field(instruction, 0, 5);
    const unsigned rn = Field(instruction, 5, 5);
    const unsigned size_log2 = Field(instruction, 30, 2);
    if ((instruction & 0x3ffffc00) == 0x38bfc000) {  // LDAPR, LDAPRB, LDAPRH
        const u64 address = ReadBase(state, rn);
        u64 value = 0;
        if (!Load(state.Memory(), size_log2, address, value)) {
            return Fault(ExtensionOutcome::ReadFault, address, fault_address);
        }
        WriteXzr(state, rt, value);
        return ExtensionOutcome::Executed;
    }
    if ((instruction & 0x3f200c00) != 0x19000000) {
        return ExtensionOutcome::NotHandled;
    }
    const unsigned opc = Field(instruction, 22, 2);
    if ((size_log2 == 3 && opc >= 2) || (size_log2 == 2 && opc == 3)) {
        return ExtensionOutcome::NotHandled;  // unallocated (no 64-bit sign extension of X)
    }
    const u64 address =
        ReadBase(state, rn) + static_cast<u64>(base::SignExtend(Field(instruction, 12, 9), 9));
    if (opc == 0) {  // STLUR
        if (!Store(state.Memory(), size_log2, address, ReadXzr(state, rt))) {
            return Fault(ExtensionOutcome::WriteFault, address, fault_address);
        }
        return ExtensionOutcome::Executed;
    }
    u64 value = 0;
    if (!Load(state.Memory(), size_log2, address, value)) {
        return Fault(ExtensionOutcome::ReadFault, address, fault_address);
    }
    if (opc >= 2) {  // LDAPURS*: sign-extend to 64 bits (opc 10) or to 32 bits (opc 11)
        value = static_cast<u64>(base::SignExtend(value, 8u << size_log2));
        if (opc == 3) {
            value &= 0xffffffff;
        }
    }
    WriteXzr(state, rt, value);
    return ExtensionOutcome::Executed;
}

}  // namespace cpu::extension
