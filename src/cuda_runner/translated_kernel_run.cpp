// RunTranslatedKernel: a translated CUDA kernel's launch as one compute dispatch.
#include <algorithm>
#include <set>

#include "base/error.h"
#include "cuda_runner/constant_bank0.h"
#include "cuda_runner/kernel_runner.h"
#include "cuda_runner/module_memory.h"

namespace cuda_runner {
namespace {

// CUDA's limits on a block (CUDA C++ Programming Guide, compute capability 8.x).
constexpr std::array<u32, 3> kMaxBlock{1024, 1024, 64};
constexpr u32 kMaxBlockThreads = 1024;
// `__constant__` variables (sass::CubinModule::constant3).
constexpr u32 kModuleConstantBank = 3;

// The parameter whose value is at c[0x0][address_offset].
std::optional<std::size_t> ParameterAt(const shader::sass::CubinKernel& kernel,
                                       u32 address_offset) {
    for (std::size_t i = 0; i < kernel.parameters.size(); ++i) {
        if (kernel.param_base + kernel.parameters[i].offset == address_offset) {
            return i;
        }
    }
    return std::nullopt;
}

}  // namespace

void CheckKernelLaunch(const shader::sass::CubinKernel& kernel, const KernelLaunch& launch) {
    CheckKernelArguments(kernel, launch.arguments);
    CheckModuleGlobals(kernel, launch.globals);
    u64 threads = 1;
    for (int axis = 0; axis < 3; ++axis) {
        if (launch.block[axis] == 0 || launch.block[axis] > kMaxBlock[axis]) {
            base::Fail("kernel {}: a block of {} threads along {} (CUDA allows 1 to {})",
                       kernel.name, launch.block[axis], "xyz"[axis], kMaxBlock[axis]);
        }
        if (launch.grid[axis] == 0) {
            base::Fail("kernel {}: a grid of 0 blocks along {}", kernel.name, "xyz"[axis]);
        }
        threads *= launch.block[axis];
    }
    if (threads > kMaxBlockThreads) {
        base::Fail("kernel {}: a block of {}x{}x{} = {} threads (CUDA allows {})", kernel.name,
                   launch.block[0], launch.block[1], launch.block[2], threads, kMaxBlockThreads);
    }
}

KernelResult RunTranslatedKernel(video::ComputeDevice& device,
                                 const shader::sass::CubinKernel& kernel,
                                 const shader::ComputeProgram& program,
                                 const KernelLaunch& launch) {
    CheckKernelLaunch(kernel, launch);
    const std::vector<KernelArgument>& arguments = launch.arguments;

    ConstantBank0Launch bank_launch;
    bank_launch.grid = launch.grid;
    bank_launch.block = launch.block;
    bank_launch.local_bytes = program.local_bytes;
    bank_launch.min_bytes = program.cbank0_bytes;
    std::vector<u8> bank = BuildConstantBank0(kernel, bank_launch, arguments);

    // Every buffer argument's bytes, bound or not, so that unbound ones come back unchanged.
    std::map<u32, std::vector<u8>> buffers;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
        if (IsBuffer(arguments[i].kind)) {
            buffers[static_cast<u32>(i)] = arguments[i].bytes;
        }
    }

    video::ComputeDispatch dispatch;
    dispatch.spirv = program.spirv;
    dispatch.entry_point = program.entry_point;
    dispatch.groups = launch.grid;
    dispatch.require_32_wide_subgroups = program.requires_32_wide_subgroups;
    dispatch.repeat = launch.repeat;
    dispatch.buffers.push_back({program.cbank0_binding, video::BufferKind::Uniform, &bank});
    std::set<std::size_t> bound_parameters;
    for (const shader::GlobalBufferBinding& global : program.global_buffers) {
        const auto parameter = ParameterAt(kernel, global.address_offset);
        if (!parameter || !IsBuffer(arguments[*parameter].kind)) {
            base::Fail(
                "kernel {}: the translation binds c[0x0][{:#x}] as a global buffer, which "
                "is not a pointer argument",
                kernel.name, global.address_offset);
        }
        // Two bindings of one buffer would be two copies that do not see each other's writes.
        if (!bound_parameters.insert(*parameter).second) {
            base::Fail("kernel {}: the translation binds parameter {} twice", kernel.name,
                       *parameter);
        }
        dispatch.buffers.push_back(
            {global.binding, video::BufferKind::Storage, &buffers[static_cast<u32>(*parameter)]});
    }
    // Constant bank 3 and the module's global memory: the cubin's bytes and the launch's
    // globals (the module's global memory is not read back).
    std::vector<std::vector<u8>> module_memories;
    module_memories.reserve(program.constant_banks.size() + 1);
    for (const shader::ConstantBankBinding& bank : program.constant_banks) {
        if (bank.bank != kModuleConstantBank) {
            base::Fail("kernel {}: the translation binds constant bank {}, which has no contents",
                       kernel.name, bank.bank);
        }
        module_memories.push_back(
            ModuleMemoryForLaunch(kernel.module.constant3, launch.globals, bank.bytes));
        dispatch.buffers.push_back(
            {bank.binding, video::BufferKind::Uniform, &module_memories.back()});
    }
    if (program.module_global_binding) {
        module_memories.push_back(ModuleMemoryForLaunch(kernel.module.global, launch.globals, 0));
        dispatch.buffers.push_back(
            {*program.module_global_binding, video::BufferKind::Storage, &module_memories.back()});
    }
    // Texture and surface arguments: their texels as images; surfaces come back like buffers.
    std::map<u32, std::vector<u8>> texels;
    for (const shader::ImageBinding& binding : program.images) {
        const auto parameter = ParameterAt(kernel, binding.handle_offset);
        const bool storage = binding.kind == shader::ImageKind::Storage;
        const ArgumentKind wanted = storage ? ArgumentKind::Surface : ArgumentKind::Texture;
        if (!parameter || arguments[*parameter].kind != wanted || !arguments[*parameter].image) {
            base::Fail(
                "kernel {}: the translation binds c[0x0][{:#x}] as a {}, which is not such "
                "an argument",
                kernel.name, binding.handle_offset, storage ? "surface" : "texture");
        }
        const ImageArgument& image = *arguments[*parameter].image;
        if (image.dim != binding.dim) {
            base::Fail(
                "kernel {}: parameter {} is used as an image of {} dimensions, the argument "
                "has {}",
                kernel.name, *parameter, static_cast<int>(binding.dim) + 1,
                static_cast<int>(image.dim) + 1);
        }
        if (storage && image.channels != binding.texel_words) {
            base::Fail(
                "kernel {}: surface parameter {} is accessed {} words at a time, its texels "
                "have {}",
                kernel.name, *parameter, binding.texel_words, image.channels);
        }
        std::vector<u8>& bytes = texels[static_cast<u32>(*parameter)];
        bytes = arguments[*parameter].bytes;
        video::DispatchImage bound;
        bound.binding = binding.binding;
        bound.storage = storage;
        bound.dim = binding.dim;
        bound.arrayed = binding.arrayed;
        bound.size = image.size;
        // Surfaces move raw bits (SULD.D / SUST.D): unsigned texels whatever the format.
        bound.texels = storage || image.type == TexelType::U32 ? video::ImageTexels::Uint
                       : image.type == TexelType::I32          ? video::ImageTexels::Sint
                                                               : video::ImageTexels::Float;
        bound.channels = image.channels;
        bound.linear_filter = image.filter == TextureFilter::Linear;
        static constexpr video::ImageAddress kAddress[] = {
            video::ImageAddress::ClampToEdge, video::ImageAddress::Repeat,
            video::ImageAddress::MirroredRepeat, video::ImageAddress::ClampToBorder};
        bound.address = kAddress[static_cast<int>(image.address)];
        bound.normalized = image.normalized || image.linear_memory;
        bound.bytes = &bytes;
        dispatch.images.push_back(bound);
    }
    const video::DispatchResult dispatched = device.Dispatch(dispatch);

    KernelResult result;
    result.gpu_time_ns = dispatched.gpu_time_ns;
    for (auto& [index, bytes] : buffers) {
        if (arguments[index].kind != ArgumentKind::In) {
            result.buffers[index] = std::move(bytes);
        }
    }
    for (auto& [index, bytes] : texels) {
        if (arguments[index].kind == ArgumentKind::Surface) {
            result.buffers[index] = std::move(bytes);
        }
    }
    return result;
}

}  // namespace cuda_runner
