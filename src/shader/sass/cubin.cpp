// Cubin (ELF64) reader. Layout facts: notes/sass-encoding.md (sh_info = registers << 24, code in
// .text.<kernel>, attributes in .nv.info.<kernel>); EIATTR ids and payloads as nvdisasm (CUDA
// 13.0) prints them for tests/shader/cuda/*.cubin.
#include "shader/sass/cubin.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "base/byte_reader.h"
#include "base/error.h"
#include "shader/sass/instruction.h"
#include "shader/sass/operand_text.h"

namespace shader::sass {
namespace {

struct Section {
    std::string name;
    u32 type = 0;
    u32 link = 0;
    u32 info = 0;
    u64 offset = 0;
    u64 size = 0;
    u64 align = 0;
};

// ELF section and symbol types (the ELF-64 specification).
constexpr u32 kSymtab = 2;
constexpr u32 kRela = 4;
constexpr u32 kNoBits = 8;
constexpr u32 kRel = 9;
constexpr u8 kSymbolObject = 1;
constexpr u8 kSymbolFunction = 2;

// An Elf64_Sym: name, info, other, section, value, size.
struct Symbol {
    std::string name;
    u8 type = 0;  // info & 0xf
    u16 section = 0;
    u64 value = 0;
    u64 size = 0;
};

// R_CUDA_64: a 64-bit absolute address (the only type the fixtures' data relocations use).
constexpr u32 kRelocationAbsolute64 = 2;

std::string ReadString(const base::ByteReader& reader, const Section& table, u64 offset,
                       std::string_view what) {
    std::string text;
    for (u64 at = table.offset + offset;; ++at) {
        if (offset >= table.size || at >= table.offset + table.size) {
            reader.Invalid(what, at, "outside its string table");
        }
        const char c = static_cast<char>(reader.Read<u8>(at, what));
        if (c == 0) {
            return text;
        }
        text += c;
    }
}

std::vector<NvInfoAttribute> ReadNvInfo(const base::ByteReader& reader, const Section& section) {
    std::vector<NvInfoAttribute> out;
    u64 at = section.offset;
    const u64 end = section.offset + section.size;
    while (at + 4 <= end) {
        NvInfoAttribute attribute;
        attribute.format = reader.Read<u8>(at, "nv.info format");
        attribute.id = reader.Read<u8>(at + 1, "nv.info attribute");
        switch (attribute.format) {
            case 1:  // no value
                at += 4;
                break;
            case 2:  // byte
                attribute.value = reader.Read<u8>(at + 2, "nv.info value");
                at += 4;
                break;
            case 3:  // half-word
                attribute.value = reader.Read<u16>(at + 2, "nv.info value");
                at += 4;
                break;
            case 4: {  // sized
                const u16 size = reader.Read<u16>(at + 2, "nv.info size");
                const auto payload = reader.Slice(at + 4, size, "nv.info payload");
                if (at + 4 + size > end) {
                    reader.Invalid("nv.info payload", at, "runs past its section");
                }
                attribute.payload.assign(payload.begin(), payload.end());
                at += 4 + ((size + 3u) & ~3u);
                break;
            }
            default:
                reader.Invalid("nv.info format", at, "unknown format {}", attribute.format);
        }
        out.push_back(std::move(attribute));
    }
    return out;
}

u32 PayloadWord(const NvInfoAttribute& attribute, std::size_t offset) {
    u32 value = 0;
    for (std::size_t i = 0; i < 4 && offset + i < attribute.payload.size(); ++i) {
        value |= static_cast<u32>(attribute.payload[offset + i]) << (8 * i);
    }
    return value;
}

void ApplyAttributes(CubinKernel& kernel) {
    for (const NvInfoAttribute& attribute : kernel.attributes) {
        switch (attribute.id) {
            case kEiattrParamCbank:  // u32 section symbol, u16 offset, u16 size
                kernel.param_base = PayloadWord(attribute, 4) & 0xffff;
                break;
            case kEiattrCbankParamSize:
                kernel.param_bytes = attribute.value;
                break;
            case kEiattrKparamInfo: {  // u32 index, u16 ordinal, u16 offset, u32 flags
                KernelParameter parameter;
                parameter.ordinal = PayloadWord(attribute, 4) & 0xffff;
                parameter.offset = PayloadWord(attribute, 4) >> 16;
                parameter.size = (PayloadWord(attribute, 8) >> 18) & 0x3fff;
                kernel.parameters.push_back(parameter);
                break;
            }
            case kEiattrExitInstrOffsets:
                for (std::size_t i = 0; i + 4 <= attribute.payload.size(); i += 4) {
                    kernel.exit_offsets.push_back(PayloadWord(attribute, i));
                }
                break;
            default:
                break;
        }
    }
    std::sort(
        kernel.parameters.begin(), kernel.parameters.end(),
        [](const KernelParameter& a, const KernelParameter& b) { return a.ordinal < b.ordinal; });
}

std::vector<Symbol> ReadSymbols(const base::ByteReader& reader,
                                const std::vector<Section>& sections) {
    std::vector<Symbol> symbols;
    for (const Section& table : sections) {
        if (table.type != kSymtab || table.link >= sections.size()) {
            continue;
        }
        for (u64 at = table.offset; at + 24 <= table.offset + table.size; at += 24) {
            Symbol symbol;
            symbol.name = ReadString(reader, sections[table.link],
                                     reader.Read<u32>(at, "symbol name"), "symbol name");
            symbol.type = reader.Read<u8>(at + 4, "symbol info") & 0xf;
            symbol.section = reader.Read<u16>(at + 6, "symbol section");
            symbol.value = reader.Read<u64>(at + 8, "symbol value");
            symbol.size = reader.Read<u64>(at + 16, "symbol size");
            symbols.push_back(std::move(symbol));
        }
        break;  // a cubin has one symbol table
    }
    return symbols;
}

// Where a section of module memory lies in that memory.
struct MemoryPlace {
    bool global = false;  // CubinModule::global, else constant3
    u64 base = 0;
    u64 size = 0;
};

// The per-thread local memory of each kernel, by name, from the attributes of the cubin-wide
// `.nv.info` that name the kernel's symbol: the minimum stack size (its frame and those of the
// functions it calls), else its own frame size.
std::map<std::string, u32> StackSizes(const base::ByteReader& reader,
                                      const std::map<std::string, const Section*>& by_name,
                                      const std::vector<Symbol>& symbols) {
    std::map<std::string, u32> frame;
    std::map<std::string, u32> minimum;
    const auto info = by_name.find(".nv.info");
    if (info == by_name.end()) {
        return frame;
    }
    for (const NvInfoAttribute& attribute : ReadNvInfo(reader, *info->second)) {
        if (attribute.id != kEiattrFrameSize && attribute.id != kEiattrMinStackSize) {
            continue;
        }
        const u32 symbol = PayloadWord(attribute, 0);
        if (attribute.payload.size() < 8 || symbol >= symbols.size()) {
            reader.Invalid("nv.info stack size", info->second->offset,
                           "names symbol {} of {} or is shorter than 8 bytes", symbol,
                           symbols.size());
        }
        auto& sizes = attribute.id == kEiattrMinStackSize ? minimum : frame;
        sizes[symbols[symbol].name] = PayloadWord(attribute, 4);
    }
    for (const auto& [name, bytes] : minimum) {
        frame[name] = bytes;
    }
    return frame;
}

// Reads the module-scope memories, their symbols and relocations.
class ModuleReader {
public:
    ModuleReader(const base::ByteReader& reader, const std::vector<Section>& sections,
                 const std::vector<Symbol>& symbols)
        : reader_(reader), sections_(sections), symbols_(symbols) {
        if (const auto index = Find(".nv.constant3")) {
            module_.constant3.bytes = Bytes(*index, "constant bank 3");
            places_[*index] = {false, 0, sections_[*index].size};
        }
        // .nv.global.init first, then .nv.global (no bits: zeros) at its alignment.
        if (const auto index = Find(".nv.global.init")) {
            module_.global.bytes = Bytes(*index, "module global memory");
            places_[*index] = {true, 0, sections_[*index].size};
        }
        if (const auto index = Find(".nv.global")) {
            const Section& section = sections_[*index];
            const u64 align = std::max<u64>(section.align, 1);
            const u64 base = (module_.global.bytes.size() + align - 1) / align * align;
            if (section.size > kMaxMemory || base > kMaxMemory) {
                reader_.Invalid(".nv.global", section.offset, "{:#x} bytes is too large",
                                section.size);
            }
            module_.global.bytes.resize(base + section.size, 0);
            places_[*index] = {true, base, section.size};
        }
        for (const Symbol& symbol : symbols_) {
            const auto place = places_.find(symbol.section);
            if (symbol.type != kSymbolObject || place == places_.end()) {
                continue;
            }
            if (symbol.value > place->second.size ||
                symbol.size > place->second.size - symbol.value) {
                reader_.Invalid("symbol", 0, "'{}' ({:#x} bytes at {:#x}) is outside its section",
                                symbol.name, symbol.size, symbol.value);
            }
            ModuleMemory& memory = place->second.global ? module_.global : module_.constant3;
            memory.symbols.push_back({symbol.name, place->second.base + symbol.value, symbol.size});
        }
        if (const auto index = Find(".nv.constant4")) {
            module_.constant4 = Bytes(*index, "constant bank 4");
            module_.constant4_relocations = Relocations(*index);
        }
    }

    const CubinModule& Module() const { return module_; }

    // The relocations of section `target` (from every REL and RELA section that applies to it).
    std::vector<Relocation> Relocations(u32 target) const {
        std::vector<Relocation> out;
        for (const Section& section : sections_) {
            if ((section.type != kRel && section.type != kRela) || section.info != target) {
                continue;
            }
            const u64 entry = section.type == kRela ? 24 : 16;
            for (u64 at = section.offset; at + entry <= section.offset + section.size;
                 at += entry) {
                out.push_back(ReadRelocation(section, at, sections_[target]));
            }
        }
        return out;
    }

private:
    static constexpr u64 kMaxMemory = u64{1} << 32;

    std::optional<u32> Find(std::string_view name) const {
        for (u32 i = 0; i < sections_.size(); ++i) {
            if (sections_[i].name == name) {
                return i;
            }
        }
        return std::nullopt;
    }

    std::vector<u8> Bytes(u32 index, std::string_view what) const {
        const Section& section = sections_[index];
        if (section.type == kNoBits) {
            if (section.size > kMaxMemory) {
                reader_.Invalid(what, section.offset, "{:#x} bytes is too large", section.size);
            }
            return std::vector<u8>(section.size, 0);
        }
        const auto bytes = reader_.Slice(section.offset, section.size, what);
        return {bytes.begin(), bytes.end()};
    }

    Relocation ReadRelocation(const Section& table, u64 at, const Section& target) const {
        Relocation relocation;
        relocation.offset = reader_.Read<u64>(at, "relocation offset");
        const u64 info = reader_.Read<u64>(at + 8, "relocation info");
        relocation.type = static_cast<u32>(info);
        const u64 symbol_index = info >> 32;
        if (symbol_index >= symbols_.size()) {
            reader_.Invalid("relocation", at, "symbol {} of {} in {}", symbol_index,
                            symbols_.size(), table.name);
        }
        const Symbol& symbol = symbols_[symbol_index];
        relocation.symbol = symbol.name;
        if (table.type == kRela) {
            relocation.addend = reader_.Read<s64>(at + 16, "relocation addend");
        } else if (relocation.type == kRelocationAbsolute64 && target.type != kNoBits) {
            if (relocation.offset > target.size || target.size - relocation.offset < 8) {
                reader_.Invalid("relocation", at, "offset {:#x} is outside {}", relocation.offset,
                                target.name);
            }
            relocation.addend = reader_.Read<s64>(target.offset + relocation.offset, "addend");
        }
        if (const auto place = places_.find(symbol.section);
            place != places_.end() && place->second.global) {
            relocation.global_offset =
                place->second.base + symbol.value + static_cast<u64>(relocation.addend);
        }
        return relocation;
    }

    const base::ByteReader& reader_;
    const std::vector<Section>& sections_;
    const std::vector<Symbol>& symbols_;
    std::map<u32, MemoryPlace> places_;
    CubinModule module_;
};

}  // namespace

bool IsCubin(std::span<const u8> bytes) {
    return bytes.size() >= 64 && bytes[0] == 0x7f && bytes[1] == 'E' && bytes[2] == 'L' &&
           bytes[3] == 'F' && bytes[4] == 2;
}

Cubin ReadCubin(std::span<const u8> bytes, const std::string& source) {
    const base::ByteReader reader(bytes, source);
    if (!IsCubin(bytes)) {
        reader.Invalid("ELF header", 0, "not a 64-bit ELF file");
    }
    Cubin cubin;
    cubin.sm = (reader.Read<u32>(0x30, "e_flags") >> 8) & 0xff;
    const u64 section_offset = reader.Read<u64>(0x28, "e_shoff");
    const u16 entry_size = reader.Read<u16>(0x3a, "e_shentsize");
    const u16 count = reader.Read<u16>(0x3c, "e_shnum");
    const u16 names_index = reader.Read<u16>(0x3e, "e_shstrndx");
    if (entry_size < 64 || names_index >= count) {
        reader.Invalid("section headers", 0x3a, "bad size {} or name index {}", entry_size,
                       names_index);
    }
    std::vector<Section> sections(count);
    for (u16 i = 0; i < count; ++i) {
        const u64 at = section_offset + u64{i} * entry_size;
        reader.Require(at, 64, "section header");
        sections[i].info = reader.Read<u32>(at + 0x2c, "sh_info");
        sections[i].type = reader.Read<u32>(at + 4, "sh_type");
        sections[i].offset = reader.Read<u64>(at + 0x18, "sh_offset");
        sections[i].size = reader.Read<u64>(at + 0x20, "sh_size");
        sections[i].link = reader.Read<u32>(at + 0x28, "sh_link");
        sections[i].info = reader.Read<u32>(at + 0x2c, "sh_info");
        sections[i].align = reader.Read<u64>(at + 0x30, "sh_addralign");
        sections[i].name = std::to_string(reader.Read<u32>(at, "sh_name"));
    }
    const Section& names = sections[names_index];
    for (Section& section : sections) {
        section.name = ReadString(reader, names, std::stoull(section.name), "section name");
    }
    const std::vector<Symbol> symbols = ReadSymbols(reader, sections);
    std::map<u16, std::map<u64, std::string>> functions;  // by section
    for (const Symbol& symbol : symbols) {
        if (symbol.type == kSymbolFunction) {
            functions[symbol.section][symbol.value] = symbol.name;
        }
    }
    const ModuleReader module(reader, sections, symbols);
    std::map<std::string, const Section*> by_name;
    for (const Section& section : sections) {
        by_name[section.name] = &section;
    }
    const std::map<std::string, u32> stack_bytes = StackSizes(reader, by_name, symbols);
    for (u16 index = 0; index < count; ++index) {
        const Section& section = sections[index];
        if (!section.name.starts_with(".text.")) {
            continue;
        }
        CubinKernel kernel;
        kernel.name = section.name.substr(6);
        kernel.functions = functions[index];
        kernel.code_relocations = module.Relocations(index);
        kernel.module = module.Module();
        const bool no_bits = section.type == kNoBits;
        if (!no_bits) {
            const auto code = reader.Slice(section.offset, section.size, "kernel code");
            kernel.code.assign(code.begin(), code.end());
        }
        kernel.registers = section.info >> 24;
        if (const auto it = stack_bytes.find(kernel.name); it != stack_bytes.end()) {
            kernel.stack_bytes = it->second;
        }
        if (const auto it = by_name.find(".nv.shared." + kernel.name); it != by_name.end()) {
            kernel.shared_bytes = static_cast<u32>(it->second->size);
        }
        if (const auto it = by_name.find(".nv.constant0." + kernel.name); it != by_name.end()) {
            kernel.constant0_bytes = static_cast<u32>(it->second->size);
        }
        if (const auto it = by_name.find(".nv.constant2." + kernel.name); it != by_name.end()) {
            const auto bytes =
                reader.Slice(it->second->offset, it->second->size, "constant bank 2");
            kernel.constant2.assign(bytes.begin(), bytes.end());
        }
        if (const auto it = by_name.find(".nv.info." + kernel.name); it != by_name.end()) {
            kernel.attributes = ReadNvInfo(reader, *it->second);
            ApplyAttributes(kernel);
        }
        cubin.kernels.push_back(std::move(kernel));
    }
    return cubin;
}

std::vector<KernelListing> KernelListings(const Cubin& cubin) {
    std::vector<KernelListing> listings;
    u32 next_label = 0;
    for (const CubinKernel& kernel : cubin.kernels) {
        std::vector<std::optional<Instruction>> code;
        std::map<u64, std::string> labels = kernel.functions;
        for (std::size_t at = 0; at + 16 <= kernel.code.size(); at += 16) {
            code.push_back(Decode(ToWord(kernel.code.data() + at)));
            if (!code.back()) {
                continue;
            }
            const Instruction& instruction = *code.back();
            for (const OperandSpec& op : instruction.form->operands) {
                if (op.kind != OperandKind::BranchTarget) {
                    continue;
                }
                const unsigned width =
                    instruction.form->fields[static_cast<std::size_t>(op.field)].width;
                const u64 target =
                    at + 16 + static_cast<u64>(SignExtend(instruction.Value(op.field), width) * 4);
                if (!labels.contains(target)) {
                    labels[target] = fmt::format(".L_x_{}", next_label++);
                }
            }
        }
        std::vector<std::string> lines;
        for (std::size_t i = 0; i < code.size(); ++i) {
            if (!code[i]) {
                lines.push_back("UNKNOWN");
                continue;
            }
            lines.push_back(Disassemble(*code[i], {.address = i * 16, .labels = &labels}));
        }
        listings.push_back({std::move(lines), std::move(labels)});
    }
    return listings;
}

std::string DisassembleCode(std::span<const u8> code, u64 base_address) {
    std::string text;
    for (std::size_t at = 0; at + 16 <= code.size(); at += 16) {
        const Word word = ToWord(code.data() + at);
        const u64 address = base_address + at;
        const auto instruction = Decode(word);
        const std::string body =
            instruction ? Disassemble(*instruction, {.address = address})
                        : fmt::format("UNKNOWN /* 0x{:016x} 0x{:016x} */", word.lo, word.hi);
        text += fmt::format("        /*{:04x}*/                   {}\n", address, body);
    }
    return text;
}

std::string DisassembleCubin(std::span<const u8> bytes, const std::string& source) {
    if (!IsCubin(bytes)) {
        return DisassembleCode(bytes);
    }
    const Cubin cubin = ReadCubin(bytes, source);
    const auto listings = KernelListings(cubin);
    std::string text = fmt::format("\tcode for sm_{}\n", cubin.sm);
    for (std::size_t k = 0; k < cubin.kernels.size(); ++k) {
        const CubinKernel& kernel = cubin.kernels[k];
        text += fmt::format("\n\t\tFunction : {}\n", kernel.name);
        text += fmt::format("\t// registers {}, shared memory {} bytes, constant bank 0 {} bytes\n",
                            kernel.registers, kernel.shared_bytes, kernel.constant0_bytes);
        for (const KernelParameter& parameter : kernel.parameters) {
            text += fmt::format("\t// parameter {}: c[0x0][{:#x}], {} bytes\n", parameter.ordinal,
                                kernel.param_base + parameter.offset, parameter.size);
        }
        for (std::size_t i = 0; i < listings[k].lines.size(); ++i) {
            if (const auto it = listings[k].labels.find(i * 16);
                it != listings[k].labels.end() && i != 0) {
                text += it->second + ":\n";
            }
            text += fmt::format("        /*{:04x}*/                   {}\n", i * 16,
                                listings[k].lines[i]);
        }
    }
    return text;
}

}  // namespace shader::sass
