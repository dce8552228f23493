#include "formats/describe.h"

#include "base/error.h"
#include "base/sha256.h"
#include "formats/mod0.h"

namespace formats {

namespace {

std::string Ref(const SectionRef& ref) {
    return fmt::format("{:#x}+{:#x}", ref.offset, ref.size);
}

std::string YesNo(bool value) {
    return value ? "yes" : "no";
}

}  // namespace

std::string DescribeModule(const ModuleImage& module) {
    std::string text = fmt::format("module {}: {:#x} bytes in memory, module id {}\n", module.name,
                                   module.ImageSize(), base::ToHex(module.module_id));
    text += fmt::format("  text {:#010x} +{:#x}\n", module.text_offset, module.text.size());
    text += fmt::format("  ro   {:#010x} +{:#x}\n", module.ro_offset, module.ro.size());
    text += fmt::format("  data {:#010x} +{:#x}, bss +{:#x}\n", module.data_offset,
                        module.data.size(), module.bss_size);
    try {
        const Mod0 mod0 = ReadModuleMod0(module, module.name);
        text += fmt::format(
            "  MOD0 at {:#x}: dynamic {:#x}, bss {:#x}..{:#x}, eh_frame_hdr {:#x}..{:#x}, "
            "module object {:#x}\n",
            mod0.header_offset, mod0.dynamic, mod0.bss_start, mod0.bss_end, mod0.eh_frame_hdr_start,
            mod0.eh_frame_hdr_end, mod0.module_object);
    } catch (const base::Error& error) {
        text += fmt::format("  MOD0: {}\n", error.what());
    }
    return text;
}

std::string DescribeNro(const Nro& nro) {
    std::string text = fmt::format(
        "  NRO: version {}, size {:#x}, flags {:#x}, MOD0 offset {:#x}, dso handle {:#x}\n",
        nro.version, nro.size, nro.flags, nro.mod0_offset, nro.dso_handle_offset);
    text += fmt::format("  NRO: api info {}, dynstr {}, dynsym {}, asset section {}\n",
                        Ref(nro.api_info), Ref(nro.dynstr), Ref(nro.dynsym),
                        YesNo(nro.has_asset_section));
    return text;
}

std::string DescribeNso(const Nso& nso) {
    std::string text = fmt::format("  NSO: version {}, flags {:#x}, embedded name \"{}\"\n",
                                   nso.version, nso.flags, nso.embedded_name);
    constexpr const char* kNames[] = {"text", "ro", "data"};
    for (int i = 0; i < 3; ++i) {
        const NsoSegment& segment = nso.segments[i];
        text +=
            fmt::format("  NSO {:4}: file {:#x} +{:#x}{}, hash {}{}\n", kNames[i],
                        segment.file_offset, segment.file_size, segment.compressed ? " (lz4)" : "",
                        base::ToHex(segment.hash), segment.hash_checked ? " (checked)" : "");
    }
    text += fmt::format("  NSO: api info {}, dynstr {}, dynsym {}\n", Ref(nso.api_info),
                        Ref(nso.dynstr), Ref(nso.dynsym));
    return text;
}

std::string DescribeKernelCapabilities(const KernelCapabilities& caps) {
    std::string text;
    if (caps.has_thread_info) {
        text += fmt::format("priorities {}..{}, cores {}..{}, ", caps.highest_thread_priority,
                            caps.lowest_thread_priority, caps.min_core, caps.max_core);
    } else {
        text += "no thread info, ";
    }
    text += fmt::format("{} SVCs", caps.allowed_svcs.count());
    if (caps.has_handle_table_size) {
        text += fmt::format(", handle table {}", caps.handle_table_size);
    }
    if (caps.has_kernel_version) {
        text += fmt::format(", kernel version {}.{}", caps.KernelVersionMajor(),
                            caps.KernelVersionMinor());
    }
    if (caps.has_program_type) {
        text += fmt::format(", program type {}", caps.program_type);
    }
    if (caps.has_debug_flags) {
        text += fmt::format(", debug: allow {} force {} force prod {}", YesNo(caps.allow_debug),
                            YesNo(caps.force_debug), YesNo(caps.force_debug_prod));
    }
    for (const MemoryMap& map : caps.memory_maps) {
        text += fmt::format(", map {:#x}+{:#x} {} {}", map.address, map.size,
                            map.read_only ? "ro" : "rw", map.is_io ? "io" : "normal");
    }
    for (const u64 page : caps.io_pages) {
        text += fmt::format(", io page {:#x}", page);
    }
    for (const RegionMap& region : caps.region_maps) {
        text += fmt::format(", region {} {}", region.type, region.read_only ? "ro" : "rw");
    }
    if (!caps.interrupts.empty()) {
        text += fmt::format(", {} interrupts", caps.interrupts.size());
    }
    return text;
}

std::string DescribeNpdm(const Npdm& npdm) {
    const NpdmMeta& meta = npdm.meta;
    std::string text = fmt::format("npdm: name \"{}\", program id {:#018x}, version {}\n",
                                   meta.name, npdm.ProgramId(), meta.version);
    text +=
        fmt::format("  main thread: priority {}, core {}, stack {:#x}\n", meta.main_thread_priority,
                    meta.main_thread_core, meta.main_thread_stack_size);
    text += fmt::format(
        "  {}, {} address space, extra flags {:#x}, system resource size {:#x}, signature key "
        "generation {}\n",
        meta.is_64bit ? "64-bit" : "32-bit", AddressSpaceName(meta.address_space_type),
        meta.extra_flags, meta.system_resource_size, meta.signature_key_generation);
    const auto services = [](const std::vector<ServiceAccess>& list) {
        std::string text;
        for (const ServiceAccess& service : list) {
            text += fmt::format("{}{}{}", text.empty() ? "" : ", ", service.name,
                                service.is_server ? " (server)" : "");
        }
        return text.empty() ? std::string("none") : text;
    };
    const Acid& acid = npdm.acid;
    text += fmt::format(
        "  ACID: version {}, flags {:#x}, program ids {:#018x}..{:#018x}, fs permissions "
        "{:#x}\n",
        acid.version, acid.flags, acid.program_id_min, acid.program_id_max,
        acid.fs_access.permissions);
    text += fmt::format("  ACID kernel: {}\n", DescribeKernelCapabilities(acid.kernel_caps));
    text += fmt::format("  ACID services: {}\n", services(acid.service_access));
    text += fmt::format("  ACI0: fs permissions {:#x}\n", npdm.aci.fs_access.permissions);
    text += fmt::format("  ACI0 kernel: {}\n", DescribeKernelCapabilities(npdm.aci.kernel_caps));
    text += fmt::format("  ACI0 services: {}\n", services(npdm.aci.service_access));
    return text;
}

std::string DescribeNacp(const Nacp& nacp) {
    const NacpTitle* title = nacp.FirstTitle();
    return fmt::format("  nacp: \"{}\" by \"{}\", version \"{}\", application id {:#018x}\n",
                       title ? title->name : "", title ? title->publisher : "",
                       nacp.display_version, nacp.application_id);
}

}  // namespace formats
