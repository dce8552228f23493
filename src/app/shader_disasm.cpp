#include "app/shader_disasm.h"

#include <fmt/format.h>

#include "base/error.h"
#include "formats/dksh.h"
#include "shader/maxwell/instruction.h"
#include "shader/sass/cubin.h"

namespace app {
namespace {

constexpr std::string_view kMaxwellHeader =
    "\t.headerflags    @\"EF_CUDA_SM53 EF_CUDA_PTX_SM(EF_CUDA_SM53)\"\n";

std::string MaxwellCode(std::span<const u8> code, const std::string& what, std::size_t& undecoded) {
    if (code.size() % 32 != 0) {
        base::Fail(
            "{}: {} bytes of Maxwell code are not whole 32-byte bundles (a control word "
            "and three instructions)",
            what, code.size());
    }
    std::size_t missing = 0;
    std::string text = shader::maxwell::ListCode(code, &missing);
    undecoded += missing;
    return text;
}

std::string Dksh(std::span<const u8> bytes, const std::string& path, std::size_t& undecoded) {
    const formats::Dksh dksh = formats::ReadDksh(bytes, path);
    std::string text;
    for (std::size_t i = 0; i < dksh.programs.size(); ++i) {
        const formats::DkshProgram& program = dksh.programs[i];
        text += fmt::format(
            "//--- program {}: {}, entry point {:#x}, {} registers, {:#x} bytes of code\n", i,
            formats::DkshStageName(program.stage), program.entrypoint, program.registers,
            program.code.size());
        text += kMaxwellHeader;
        text += MaxwellCode(program.code, fmt::format("{} program {}", path, i), undecoded);
    }
    return text;
}

std::string MaxwellCubin(std::span<const u8> bytes, const std::string& path,
                         std::size_t& undecoded) {
    const shader::sass::Cubin cubin = shader::sass::ReadCubin(bytes, path);
    std::string text = fmt::format("\tcode for sm_{}\n", cubin.sm);
    for (const shader::sass::CubinKernel& kernel : cubin.kernels) {
        text += fmt::format("\n\t\tFunction : {}\n", kernel.name);
        text += MaxwellCode(kernel.code, path + " " + kernel.name, undecoded);
    }
    return text;
}

u32 CubinSm(std::span<const u8> bytes) {
    return bytes.size() >= 0x34 ? (static_cast<u32>(bytes[0x31]) & 0xff) : 0;
}

}  // namespace

std::string DisassembleShaderFile(std::span<const u8> bytes, const std::string& path,
                                  ShaderArch arch, std::size_t& undecoded) {
    if (formats::IsDksh(bytes)) {
        if (arch == ShaderArch::Ampere) {
            base::Fail("{}: DKSH (deko3d) shaders are Maxwell code, not Ampere", path);
        }
        return Dksh(bytes, path, undecoded);
    }
    if (shader::sass::IsCubin(bytes)) {
        // e_flags bits [8:16) hold the SM number: 50..53 for Maxwell.
        const bool maxwell = CubinSm(bytes) >= 50 && CubinSm(bytes) < 60;
        return maxwell ? MaxwellCubin(bytes, path, undecoded)
                       : shader::sass::DisassembleCubin(bytes, path);
    }
    switch (arch) {
        case ShaderArch::Maxwell:
            return std::string(kMaxwellHeader) + MaxwellCode(bytes, path, undecoded);
        case ShaderArch::Ampere:
            return shader::sass::DisassembleCubin(bytes, path);
        case ShaderArch::Auto:
            break;
    }
    base::Fail("{}: raw code: give --arch maxwell or --arch ampere", path);
}

}  // namespace app
