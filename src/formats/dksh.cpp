#include "formats/dksh.h"

#include <algorithm>

#include "base/byte_reader.h"
#include "base/error.h"

namespace formats {
namespace {

constexpr u32 kHeaderSize = 24;
constexpr u32 kBundle = 32;

bool AllZero(std::span<const u8> bytes) {
    return std::all_of(bytes.begin(), bytes.end(), [](u8 byte) { return byte == 0; });
}

}  // namespace

bool IsDksh(std::span<const u8> file) {
    return file.size() >= 4 && file[0] == 'D' && file[1] == 'K' && file[2] == 'S' && file[3] == 'H';
}

Dksh ReadDksh(std::span<const u8> file, std::string source) {
    const base::ByteReader reader(file, std::move(source));
    if (reader.Read<u32>(0, "magic") != kDkshMagic) {
        reader.Invalid("magic", 0, "not a DKSH file");
    }
    Dksh dksh;
    const u32 header_size = reader.Read<u32>(4, "header size");
    dksh.control_size = reader.Read<u32>(8, "control size");
    dksh.code_size = reader.Read<u32>(12, "code size");
    const u32 programs_offset = reader.Read<u32>(16, "program table offset");
    const u32 count = reader.Read<u32>(20, "program count");
    if (header_size < kHeaderSize || header_size > dksh.control_size) {
        reader.Invalid("header size", 4, "{:#x} is outside {:#x}..{:#x}", header_size, kHeaderSize,
                       dksh.control_size);
    }
    reader.Require(0, u64{dksh.control_size} + dksh.code_size, "control and code sections");
    if (u64{programs_offset} + u64{count} * kDkshProgramHeaderSize > dksh.control_size) {
        reader.Invalid("program table", 16,
                       "{} programs at {:#x} pass the control section's end {:#x}", count,
                       programs_offset, dksh.control_size);
    }
    const std::span<const u8> code = file.subspan(dksh.control_size, dksh.code_size);
    std::vector<u32> starts;  // where each program's instructions begin, in the code section
    for (u32 i = 0; i < count; ++i) {
        const u64 at = programs_offset + u64{i} * kDkshProgramHeaderSize;
        DkshProgram program;
        const u32 type = reader.Read<u32>(at, "program type");
        if (type > static_cast<u32>(DkshStage::Compute)) {
            reader.Invalid("program type", at, "{} is no deko3d stage (0..5)", type);
        }
        program.stage = static_cast<DkshStage>(type);
        program.entrypoint = reader.Read<u32>(at + 4, "entry point");
        program.registers = reader.Read<u32>(at + 8, "register count");
        program.constbuf1_offset = reader.Read<u32>(at + 12, "constant buffer offset");
        program.constbuf1_size = reader.Read<u32>(at + 16, "constant buffer size");
        program.scratch_per_warp = reader.Read<u32>(at + 20, "scratch size");
        if (program.stage == DkshStage::Compute) {
            // deko3d source/dksh.h: comp.block_dims[3] at +24, comp.shared_mem_sz at +36.
            for (u32 axis = 0; axis < 3; ++axis) {
                program.block_dims[axis] = reader.Read<u32>(at + 24 + 4 * axis, "block size");
            }
            program.shared_bytes = reader.Read<u32>(at + 36, "shared memory size");
        }
        const u32 header = program.stage == DkshStage::Compute ? 0 : kShaderProgramHeaderSize;
        if (u64{program.entrypoint} + header > dksh.code_size ||
            (program.entrypoint + header) % kBundle != 0) {
            reader.Invalid("entry point", at + 4,
                           "{:#x} (code at +{:#x}) is past the code section ({:#x} bytes) or not "
                           "on 32 bytes",
                           program.entrypoint, header, dksh.code_size);
        }
        if (u64{program.constbuf1_offset} + program.constbuf1_size > dksh.code_size) {
            reader.Invalid("constant buffer", at + 12, "{:#x} bytes at {:#x} pass the code section",
                           program.constbuf1_size, program.constbuf1_offset);
        }
        program.program_header.assign(code.begin() + program.entrypoint,
                                      code.begin() + program.entrypoint + header);
        starts.push_back(program.entrypoint + header);
        dksh.programs.push_back(std::move(program));
    }
    for (std::size_t i = 0; i < dksh.programs.size(); ++i) {
        DkshProgram& program = dksh.programs[i];
        u32 end = dksh.code_size;
        for (std::size_t j = 0; j < dksh.programs.size(); ++j) {
            const DkshProgram& other = dksh.programs[j];
            for (const u32 limit : {other.entrypoint, other.constbuf1_offset}) {
                if (limit >= starts[i] && limit < end && (j != i || limit != other.entrypoint) &&
                    (limit != other.constbuf1_offset || other.constbuf1_size != 0)) {
                    end = limit;
                }
            }
        }
        end = starts[i] + (end - starts[i]) / kBundle * kBundle;
        while (end > starts[i] && AllZero(code.subspan(end - kBundle, kBundle))) {
            end -= kBundle;
        }
        program.code.assign(code.begin() + starts[i], code.begin() + end);
    }
    return dksh;
}

std::string_view DkshStageName(DkshStage stage) {
    switch (stage) {
        case DkshStage::Vertex:
            return "vertex";
        case DkshStage::Fragment:
            return "fragment";
        case DkshStage::Geometry:
            return "geometry";
        case DkshStage::TessControl:
            return "tess control";
        case DkshStage::TessEval:
            return "tess eval";
        case DkshStage::Compute:
            return "compute";
    }
    return "?";
}

}  // namespace formats
