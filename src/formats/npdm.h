#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "base/types.h"
#include "formats/fs_access.h"
#include "formats/kernel_capabilities.h"
#include "formats/service_access.h"

namespace formats {

// META flags bits 1-3: the process's address space layout.
enum class AddressSpaceType : u8 {
    k32Bit = 0,
    k64BitOld = 1,  // 36-bit
    k32BitNoReserved = 2,
    k64Bit = 3,  // 39-bit
};

// The META header: how to start the main thread.
struct NpdmMeta {
    u32 signature_key_generation = 0;
    bool is_64bit = true;
    AddressSpaceType address_space_type = AddressSpaceType::k64Bit;
    u8 extra_flags = 0;  // flags bits 4-7 (optimize memory allocation, ...), kept as they are
    u8 main_thread_priority = 44;
    u8 main_thread_core = 0;
    u32 system_resource_size = 0;
    u32 version = 0;
    u32 main_thread_stack_size = 0x100000;
    std::string name;
    std::string product_code;
    bool operator==(const NpdmMeta&) const = default;
};

// The access control descriptor: the limits the signer allows (signature not checked).
struct Acid {
    std::array<u8, 0x100> signature{};
    std::array<u8, 0x100> public_key{};
    u8 version = 0;
    u8 unknown_209 = 0;
    u32 flags = 0;  // bit 0 production, bit 1 unqualified approval, bits 2-5 memory region
    u64 program_id_min = 0;
    u64 program_id_max = 0;
    FsAccessControl fs_access;
    std::vector<ServiceAccess> service_access;
    KernelCapabilities kernel_caps;
    bool operator==(const Acid&) const = default;
};

// The access control info: what this program asks for.
struct Aci {
    u64 program_id = 0;
    FsAccessControl fs_access;
    std::vector<ServiceAccess> service_access;
    KernelCapabilities kernel_caps;
    bool operator==(const Aci&) const = default;
};

// main.npdm: the program's metadata and permissions.
struct Npdm {
    NpdmMeta meta;
    Acid acid;
    Aci aci;

    u64 ProgramId() const { return aci.program_id; }
    bool operator==(const Npdm&) const = default;
};

std::string_view AddressSpaceName(AddressSpaceType type);

Npdm ReadNpdm(std::span<const u8> file, std::string source);

// Writes META, then ACID, then ACI0, each section 0x10-aligned; ReadNpdm gives `npdm` back.
std::vector<u8> WriteNpdm(const Npdm& npdm);

// A typical application's NPDM: 64-bit, 39-bit address space, main thread priority 44 on core
// 0 with a 1 MiB stack; priorities 24..59 on cores 0..2, SVCs 0x01..0x7f, 1023 handles, every
// service, no file system permissions.
Npdm DefaultNpdm(std::string name, u64 program_id);

}  // namespace formats
