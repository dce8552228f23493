#include "formats/npdm.h"

#include <algorithm>

#include "base/bits.h"
#include "base/byte_reader.h"
#include "base/byte_writer.h"
#include "base/error.h"
#include "formats/binary_fields.h"

namespace formats {

namespace {

// META (switchbrew "NPDM").
constexpr u64 kMetaSize = 0x80;
constexpr u64 kSignatureKeyGeneration = 0x4;
constexpr u64 kFlags = 0xc;
constexpr u64 kMainThreadPriority = 0xe;
constexpr u64 kMainThreadCore = 0xf;
constexpr u64 kSystemResourceSize = 0x14;
constexpr u64 kVersion = 0x18;
constexpr u64 kMainThreadStackSize = 0x1c;
constexpr u64 kName = 0x20;
constexpr u64 kProductCode = 0x30;
constexpr u64 kTextFieldSize = 0x10;
constexpr u64 kAciRef = 0x70;
constexpr u64 kAcidRef = 0x78;

constexpr u32 kMaxSystemResourceSize = 0x1fe00000;
constexpr u8 kMaxPriority = 63;

// ACID, relative to its start.
constexpr u64 kAcidHeaderSize = 0x240;
constexpr u64 kAcidSignature = 0x0;
constexpr u64 kAcidPublicKey = 0x100;
constexpr u64 kAcidMagic = 0x200;
constexpr u64 kAcidSignedSize = 0x204;
constexpr u64 kAcidVersion = 0x208;
constexpr u64 kAcidUnknown209 = 0x209;
constexpr u64 kAcidFlags = 0x20c;
constexpr u64 kAcidProgramIdMin = 0x210;
constexpr u64 kAcidProgramIdMax = 0x218;
constexpr u64 kAcidSections = 0x220;  // fs, service, kernel: {u32 offset, u32 size}

// ACI0, relative to its start.
constexpr u64 kAciHeaderSize = 0x40;
constexpr u64 kAciProgramId = 0x10;
constexpr u64 kAciSections = 0x20;

constexpr u64 kSectionAlignment = 0x10;

struct SectionRange {
    u64 offset;  // absolute, in the file
    u64 size;
};

// Reads a {u32 offset, u32 size} pair at `ref` and checks the range lies inside the file.
SectionRange ReadFileRange(const base::ByteReader& reader, u64 ref, std::string_view field) {
    const u32 offset = reader.Read<u32>(ref, field);
    const u32 size = reader.Read<u32>(ref + 4, field);
    if (offset > reader.Size() || size > reader.Size() - offset) {
        reader.Invalid(field, ref, "{:#x} bytes at {:#x} run past the end of the file ({:#x})",
                       size, offset, reader.Size());
    }
    return {offset, size};
}

// Reads a {u32 offset, u32 size} pair relative to `parent` and checks it lies inside it.
SectionRange ReadChildRange(const base::ByteReader& reader, const SectionRange& parent, u64 ref,
                            std::string_view field) {
    const u32 offset = reader.Read<u32>(parent.offset + ref, field);
    const u32 size = reader.Read<u32>(parent.offset + ref + 4, field);
    if (offset > parent.size || size > parent.size - offset) {
        reader.Invalid(field, parent.offset + ref,
                       "{:#x} bytes at {:#x} run past the end of their section ({:#x} bytes)", size,
                       offset, parent.size);
    }
    return {parent.offset + offset, size};
}

NpdmMeta ReadMeta(const base::ByteReader& reader) {
    reader.Require(0, kMetaSize, "npdm.meta");
    RequireMagic(reader, 0, "META", "npdm.meta.magic");
    NpdmMeta meta;
    meta.signature_key_generation =
        reader.Read<u32>(kSignatureKeyGeneration, "npdm.meta.signature_key_generation");
    const u8 flags = reader.Read<u8>(kFlags, "npdm.meta.flags");
    meta.is_64bit = flags & 1;
    const u8 address_space = (flags >> 1) & 7;
    if (address_space > static_cast<u8>(AddressSpaceType::k64Bit)) {
        reader.Invalid("npdm.meta.flags", kFlags, "unknown address space type {}", address_space);
    }
    meta.address_space_type = static_cast<AddressSpaceType>(address_space);
    meta.extra_flags = flags >> 4;
    meta.main_thread_priority = reader.Read<u8>(kMainThreadPriority, "npdm.meta.priority");
    if (meta.main_thread_priority > kMaxPriority) {
        reader.Invalid("npdm.meta.priority", kMainThreadPriority, "priority {} is above {}",
                       meta.main_thread_priority, kMaxPriority);
    }
    meta.main_thread_core = reader.Read<u8>(kMainThreadCore, "npdm.meta.core");
    meta.system_resource_size =
        reader.Read<u32>(kSystemResourceSize, "npdm.meta.system_resource_size");
    if (meta.system_resource_size > kMaxSystemResourceSize) {
        reader.Invalid("npdm.meta.system_resource_size", kSystemResourceSize,
                       "{:#x} is above the kernel's limit {:#x}", meta.system_resource_size,
                       kMaxSystemResourceSize);
    }
    meta.version = reader.Read<u32>(kVersion, "npdm.meta.version");
    meta.main_thread_stack_size = reader.Read<u32>(kMainThreadStackSize, "npdm.meta.stack_size");
    if (!base::IsAligned<u32>(meta.main_thread_stack_size, 0x1000)) {
        reader.Invalid("npdm.meta.stack_size", kMainThreadStackSize,
                       "stack size {:#x} is not page-aligned", meta.main_thread_stack_size);
    }
    meta.name = ReadFixedString(reader, kName, kTextFieldSize, "npdm.meta.name");
    meta.product_code =
        ReadFixedString(reader, kProductCode, kTextFieldSize, "npdm.meta.product_code");
    return meta;
}

Acid ReadAcid(const base::ByteReader& reader) {
    const SectionRange range = ReadFileRange(reader, kAcidRef, "npdm.acid");
    if (range.size < kAcidHeaderSize) {
        reader.Invalid("npdm.acid", kAcidRef, "section of {:#x} bytes is smaller than {:#x}",
                       range.size, kAcidHeaderSize);
    }
    const u64 base = range.offset;
    RequireMagic(reader, base + kAcidMagic, "ACID", "npdm.acid.magic");
    Acid acid;
    const auto signature = reader.Slice(base + kAcidSignature, 0x100, "npdm.acid.signature");
    std::copy(signature.begin(), signature.end(), acid.signature.begin());
    const auto key = reader.Slice(base + kAcidPublicKey, 0x100, "npdm.acid.public_key");
    std::copy(key.begin(), key.end(), acid.public_key.begin());
    const u32 signed_size = reader.Read<u32>(base + kAcidSignedSize, "npdm.acid.signed_size");
    if (signed_size > range.size - kAcidPublicKey) {
        reader.Invalid("npdm.acid.signed_size", base + kAcidSignedSize,
                       "signed size {:#x} runs past the section end", signed_size);
    }
    acid.version = reader.Read<u8>(base + kAcidVersion, "npdm.acid.version");
    acid.unknown_209 = reader.Read<u8>(base + kAcidUnknown209, "npdm.acid.unknown_209");
    acid.flags = reader.Read<u32>(base + kAcidFlags, "npdm.acid.flags");
    acid.program_id_min = reader.Read<u64>(base + kAcidProgramIdMin, "npdm.acid.program_id_min");
    acid.program_id_max = reader.Read<u64>(base + kAcidProgramIdMax, "npdm.acid.program_id_max");
    if (acid.program_id_min > acid.program_id_max) {
        reader.Invalid("npdm.acid.program_id_max", base + kAcidProgramIdMax,
                       "program id range [{:#018x}, {:#018x}] is empty", acid.program_id_min,
                       acid.program_id_max);
    }
    const SectionRange fs = ReadChildRange(reader, range, kAcidSections, "npdm.acid.fs_access");
    acid.fs_access = ReadFsAccess(reader, fs.offset, fs.size, "npdm.acid.fs_access");
    const SectionRange sac =
        ReadChildRange(reader, range, kAcidSections + 8, "npdm.acid.service_access");
    acid.service_access =
        ReadServiceAccess(reader, sac.offset, sac.size, "npdm.acid.service_access");
    const SectionRange kac =
        ReadChildRange(reader, range, kAcidSections + 16, "npdm.acid.kernel_caps");
    acid.kernel_caps =
        ReadKernelCapabilities(reader, kac.offset, kac.size, "npdm.acid.kernel_caps");
    return acid;
}

Aci ReadAci(const base::ByteReader& reader) {
    const SectionRange range = ReadFileRange(reader, kAciRef, "npdm.aci");
    if (range.size < kAciHeaderSize) {
        reader.Invalid("npdm.aci", kAciRef, "section of {:#x} bytes is smaller than {:#x}",
                       range.size, kAciHeaderSize);
    }
    RequireMagic(reader, range.offset, "ACI0", "npdm.aci.magic");
    Aci aci;
    aci.program_id = reader.Read<u64>(range.offset + kAciProgramId, "npdm.aci.program_id");
    const SectionRange fs = ReadChildRange(reader, range, kAciSections, "npdm.aci.fs_access");
    aci.fs_access = ReadFsAccess(reader, fs.offset, fs.size, "npdm.aci.fs_access");
    const SectionRange sac =
        ReadChildRange(reader, range, kAciSections + 8, "npdm.aci.service_access");
    aci.service_access = ReadServiceAccess(reader, sac.offset, sac.size, "npdm.aci.service_access");
    const SectionRange kac =
        ReadChildRange(reader, range, kAciSections + 16, "npdm.aci.kernel_caps");
    aci.kernel_caps = ReadKernelCapabilities(reader, kac.offset, kac.size, "npdm.aci.kernel_caps");
    return aci;
}

// Appends the three sections of an ACID or ACI0 whose header starts at `header`, writing their
// offsets (relative to `header`) into the header at `refs`.
void WriteSections(base::ByteWriter& writer, u64 header, u64 refs,
                   const std::vector<u8> (&sections)[3]) {
    for (int i = 0; i < 3; ++i) {
        const u64 at = base::AlignUp<u64>(writer.Size(), kSectionAlignment);
        writer.PadTo(at);
        writer.Write<u32>(refs + i * 8, static_cast<u32>(at - header));
        writer.Write<u32>(refs + i * 8 + 4, static_cast<u32>(sections[i].size()));
        writer.Append(sections[i]);
    }
    writer.PadTo(base::AlignUp<u64>(writer.Size(), kSectionAlignment));
}

}  // namespace

std::string_view AddressSpaceName(AddressSpaceType type) {
    switch (type) {
        case AddressSpaceType::k32Bit:
            return "32-bit";
        case AddressSpaceType::k64BitOld:
            return "36-bit";
        case AddressSpaceType::k32BitNoReserved:
            return "32-bit without reserved region";
        case AddressSpaceType::k64Bit:
            return "39-bit";
    }
    return "unknown";
}

Npdm ReadNpdm(std::span<const u8> file, std::string source) {
    const base::ByteReader reader(file, std::move(source));
    Npdm npdm;
    npdm.meta = ReadMeta(reader);
    npdm.acid = ReadAcid(reader);
    npdm.aci = ReadAci(reader);
    // The loader refuses a program whose id lies outside the range its ACID was signed for.
    if (npdm.aci.program_id < npdm.acid.program_id_min ||
        npdm.aci.program_id > npdm.acid.program_id_max) {
        const u64 aci_offset = reader.Read<u32>(kAciRef, "npdm.aci");
        reader.Invalid("npdm.aci.program_id", aci_offset + kAciProgramId,
                       "program id {:#018x} is outside the ACID's range [{:#018x}, {:#018x}]",
                       npdm.aci.program_id, npdm.acid.program_id_min, npdm.acid.program_id_max);
    }
    return npdm;
}

std::vector<u8> WriteNpdm(const Npdm& npdm) {
    const NpdmMeta& meta = npdm.meta;
    if (meta.extra_flags > 0xf) {
        base::Fail("npdm writer: extra flags {:#x} do not fit bits 4-7", meta.extra_flags);
    }
    base::ByteWriter writer;
    writer.PadTo(kMetaSize);
    writer.WriteBytes(0, AsBytes("META"));
    writer.Write<u32>(kSignatureKeyGeneration, meta.signature_key_generation);
    writer.Write<u8>(
        kFlags, static_cast<u8>(u8{meta.is_64bit} | static_cast<u8>(meta.address_space_type) << 1 |
                                meta.extra_flags << 4));
    writer.Write<u8>(kMainThreadPriority, meta.main_thread_priority);
    writer.Write<u8>(kMainThreadCore, meta.main_thread_core);
    writer.Write<u32>(kSystemResourceSize, meta.system_resource_size);
    writer.Write<u32>(kVersion, meta.version);
    writer.Write<u32>(kMainThreadStackSize, meta.main_thread_stack_size);
    WriteFixedString(writer, kName, meta.name, kTextFieldSize, "npdm name");
    WriteFixedString(writer, kProductCode, meta.product_code, kTextFieldSize, "npdm product code");

    const Acid& acid = npdm.acid;
    const u64 acid_base = kMetaSize;
    writer.PadTo(acid_base + kAcidHeaderSize);
    writer.WriteBytes(acid_base + kAcidSignature, acid.signature);
    writer.WriteBytes(acid_base + kAcidPublicKey, acid.public_key);
    writer.WriteBytes(acid_base + kAcidMagic, AsBytes("ACID"));
    writer.Write<u8>(acid_base + kAcidVersion, acid.version);
    writer.Write<u8>(acid_base + kAcidUnknown209, acid.unknown_209);
    writer.Write<u32>(acid_base + kAcidFlags, acid.flags);
    writer.Write<u64>(acid_base + kAcidProgramIdMin, acid.program_id_min);
    writer.Write<u64>(acid_base + kAcidProgramIdMax, acid.program_id_max);
    WriteSections(
        writer, acid_base, acid_base + kAcidSections,
        {WriteFsAccess(acid.fs_access, FsAccessLayout::kAcid),
         WriteServiceAccess(acid.service_access), WriteKernelCapabilities(acid.kernel_caps)});
    const u64 acid_size = writer.Size() - acid_base;
    writer.Write<u32>(acid_base + kAcidSignedSize, static_cast<u32>(acid_size - kAcidPublicKey));
    writer.Write<u32>(kAcidRef, static_cast<u32>(acid_base));
    writer.Write<u32>(kAcidRef + 4, static_cast<u32>(acid_size));

    const Aci& aci = npdm.aci;
    const u64 aci_base = writer.Size();
    writer.PadTo(aci_base + kAciHeaderSize);
    writer.WriteBytes(aci_base, AsBytes("ACI0"));
    writer.Write<u64>(aci_base + kAciProgramId, aci.program_id);
    WriteSections(
        writer, aci_base, aci_base + kAciSections,
        {WriteFsAccess(aci.fs_access, FsAccessLayout::kAci), WriteServiceAccess(aci.service_access),
         WriteKernelCapabilities(aci.kernel_caps)});
    writer.Write<u32>(kAciRef, static_cast<u32>(aci_base));
    writer.Write<u32>(kAciRef + 4, static_cast<u32>(writer.Size() - aci_base));
    return writer.Take();
}

Npdm DefaultNpdm(std::string name, u64 program_id) {
    KernelCapabilities caps;
    caps.has_thread_info = true;
    caps.lowest_thread_priority = 59;
    caps.highest_thread_priority = 24;
    caps.min_core = 0;
    caps.max_core = 2;
    for (std::size_t svc = 0x01; svc <= 0x7f; ++svc) {
        caps.allowed_svcs.set(svc);
    }
    caps.has_handle_table_size = true;
    caps.handle_table_size = 1023;

    const std::vector<ServiceAccess> services = {{"*", false}, {"*", true}};

    Npdm npdm;
    npdm.meta.name = std::move(name);
    npdm.acid.program_id_min = program_id;
    npdm.acid.program_id_max = program_id;
    // Filled in as the writer would, so that DefaultNpdm round-trips through WriteNpdm.
    npdm.acid.fs_access.rest = MinimalFsAccessRest(FsAccessLayout::kAcid);
    npdm.acid.service_access = services;
    npdm.acid.kernel_caps = caps;
    npdm.aci.program_id = program_id;
    npdm.aci.fs_access.rest = MinimalFsAccessRest(FsAccessLayout::kAci);
    npdm.aci.service_access = services;
    npdm.aci.kernel_caps = caps;
    return npdm;
}

}  // namespace formats
