#include "video/guest_compute.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "base/error.h"
#include "shader/compute.h"
#include "shader/deko_environment.h"

namespace video {
namespace {

// The largest storage buffer a launch may reach (a bound against damaged sizes).
constexpr u64 kLargestStorageBuffer = u64{256} << 20;
// Vulkan's required minimum of maxComputeWorkGroupCount in each dimension.
constexpr u32 kLargestGridDimension = 65535;

// The valid constant buffer `bank` of the launch read from guest memory into `bytes` bytes
// (zeros past its size); false where the QMD does not have it or it is not mapped.
bool ReadBank(const gpu::ComputeCall& call, u32 bank, u32 bytes, std::vector<u8>& out) {
    out.assign(bytes, 0);
    const auto& buffer = call.constant_buffers.at(bank);
    if (!buffer) {
        return false;
    }
    const u32 size = std::min(buffer->size, bytes);
    return call.memory->Read(buffer->address, std::span(out).first(size),
                             "a compute launch's constant buffer");
}

}  // namespace

GuestComputeEnvironment::GuestComputeEnvironment(const gpu::ComputeCall& call,
                                                 const shader::TargetProfile& target)
    : call_(call),
      target_(target),
      name_(fmt::format("compute program at {:#x}", call.program_address)) {
    if (const auto& bank1 = call.constant_buffers[1]) {
        std::vector<u8> bytes;
        if (!ReadBank(call, 1, bank1->size / 4 * 4, bytes)) {
            base::Fail("{}: its constant bank 1 at {:#x} is not mapped", name_, bank1->address);
        }
        bank1_.resize(bytes.size() / 4);
        std::memcpy(bank1_.data(), bytes.data(), bank1_.size() * 4);
    }
}

shader::Architecture GuestComputeEnvironment::GetArchitecture() const {
    return call_.architecture == gpu::ShaderArchitecture::Ampere ? shader::Architecture::Ampere
                                                                 : shader::Architecture::Maxwell;
}

shader::sass::Word GuestComputeEnvironment::CodeWord(u64 offset) const {
    shader::sass::Word word;
    std::memcpy(&word.lo, &call_.code.at(offset), sizeof(word.lo));
    if (call_.architecture == gpu::ShaderArchitecture::Ampere) {
        std::memcpy(&word.hi, &call_.code.at(offset + 8), sizeof(word.hi));
    }
    return word;
}

std::optional<u32> GuestComputeEnvironment::ReadConstantBank(u32 bank, u32 offset) const {
    if (bank != 1 || offset % 4 != 0 || offset / 4 >= bank1_.size()) {
        return std::nullopt;
    }
    return bank1_[offset / 4];
}

shader::ComputeLaunch GuestComputeEnvironment::Launch() const {
    const auto& bank0 = call_.constant_buffers[0];
    return {.block = call_.block,
            .shared_bytes = call_.shared_bytes,
            .local_bytes = (call_.local_bytes + 15) / 16 * 16,
            .cbank0_bytes = bank0 ? (bank0->size + 15) / 16 * 16 : 0};
}

std::vector<u32> GuestComputeEnvironment::StorageBufferAddresses() const {
    const u32 first = shader::DekoStageData(shader::Stage::Compute) +
                      4 * (shader::kDekoTextureBindings + shader::kDekoImageBindings);
    std::vector<u32> offsets;
    for (u32 i = 0; i < shader::kDekoStorageBuffers; ++i) {
        offsets.push_back(first + 16 * i);
    }
    return offsets;
}

std::vector<u8> GuestComputeEnvironment::TranslationKey() const {
    const shader::ComputeLaunch launch = Launch();
    const u32 head[] = {static_cast<u32>(call_.architecture),
                        launch.block[0],
                        launch.block[1],
                        launch.block[2],
                        launch.shared_bytes,
                        launch.local_bytes,
                        launch.cbank0_bytes,
                        static_cast<u32>(bank1_.size())};
    std::vector<u8> key(sizeof(head) + bank1_.size() * 4);
    std::memcpy(key.data(), head, sizeof(head));
    std::memcpy(key.data() + sizeof(head), bank1_.data(), bank1_.size() * 4);
    key.insert(key.end(), call_.code.begin(), call_.code.end());
    return key;
}

const shader::ComputeProgram* GuestCompute::Translate(const gpu::ComputeCall& call,
                                                      std::string& why_not) {
    std::optional<GuestComputeEnvironment> env;
    try {
        env.emplace(call, device_.Target());
    } catch (const base::Error& error) {
        why_not = error.what();
        return nullptr;
    }
    std::vector<u8> key = env->TranslationKey();
    auto found = translations_.find(key);
    if (found == translations_.end()) {
        if (translations_.size() >= kKeptTranslations) {
            translations_.clear();
        }
        Translation translation;
        try {
            translation.program = shader::TranslateCompute(*env);
        } catch (const base::Error& error) {
            translation.why_not = fmt::format("its program is not translated: {}", error.what());
        }
        found = translations_.emplace(std::move(key), std::move(translation)).first;
    }
    why_not = found->second.why_not;
    return found->second.program ? &*found->second.program : nullptr;
}

bool GuestCompute::Run(const gpu::ComputeCall& call, std::string& why_not) {
    const shader::ComputeProgram* translated = Translate(call, why_not);
    if (!translated) {
        return false;
    }
    const shader::ComputeProgram& program = *translated;
    for (const u32 blocks : call.grid) {
        if (blocks > kLargestGridDimension) {
            why_not = fmt::format(
                "its grid of {}x{}x{} blocks is larger than the {} a dimension "
                "every Vulkan device dispatches",
                call.grid[0], call.grid[1], call.grid[2], kLargestGridDimension);
            return false;
        }
    }
    if (!program.images.empty() || program.module_global_binding) {
        why_not = "it reads textures or images, which guest compute launches do not bind yet";
        return false;
    }
    std::vector<u8> bank0;
    if (!ReadBank(call, 0, std::max<u32>(program.cbank0_bytes, 16), bank0) &&
        program.cbank0_bytes != 0) {
        why_not = "its constant bank 0 is read but the QMD has none, or it is not mapped";
        return false;
    }
    ComputeDispatch dispatch;
    dispatch.spirv = program.spirv;
    dispatch.entry_point = program.entry_point;
    dispatch.groups = call.grid;
    dispatch.require_32_wide_subgroups = program.requires_32_wide_subgroups;
    dispatch.buffers.push_back({program.cbank0_binding, BufferKind::Uniform, &bank0});
    std::vector<std::vector<u8>> banks(program.constant_banks.size());
    for (std::size_t i = 0; i < banks.size(); ++i) {
        const shader::ConstantBankBinding& binding = program.constant_banks[i];
        if (binding.bank >= call.constant_buffers.size() ||
            !ReadBank(call, binding.bank, binding.bytes, banks[i])) {
            why_not = fmt::format(
                "it reads constant bank {}, which the QMD does not have valid "
                "(or which is not mapped)",
                binding.bank);
            return false;
        }
        dispatch.buffers.push_back({binding.binding, BufferKind::Uniform, &banks[i]});
    }
    // Each storage buffer as deko3d's PerStageData holds it: {address 8 bytes, size 4} at its
    // offset in bank 0.
    struct Storage {
        u64 address = 0;
        u32 size = 0;
        std::vector<u8> bytes;  // the size rounded up to whole words
    };
    std::vector<Storage> storage(program.global_buffers.size());
    for (std::size_t i = 0; i < storage.size(); ++i) {
        const u32 at = program.global_buffers[i].cbank0_offset;
        if (u64{at} + 12 > bank0.size()) {
            why_not = fmt::format("its storage buffer address at c[0x0][{:#x}] is past bank 0", at);
            return false;
        }
        std::memcpy(&storage[i].address, bank0.data() + at, 8);
        std::memcpy(&storage[i].size, bank0.data() + at + 8, 4);
        const u32 size = storage[i].size;
        if (size == 0 || size > kLargestStorageBuffer) {
            why_not = fmt::format(
                "its storage buffer at c[0x0][{:#x}] (address {:#x}) has size {}: its accesses "
                "cannot be bounded",
                at, storage[i].address, size);
            return false;
        }
        storage[i].bytes.resize((u64{size} + 3) / 4 * 4);
        if (!call.memory->Read(storage[i].address, std::span(storage[i].bytes).first(size),
                               "a compute launch's storage buffer")) {
            why_not = fmt::format("its storage buffer at {:#x} ({} bytes) is not mapped",
                                  storage[i].address, size);
            return false;
        }
        dispatch.buffers.push_back(
            {program.global_buffers[i].binding, BufferKind::Storage, &storage[i].bytes});
    }
    device_.Dispatch(dispatch);
    for (const Storage& buffer : storage) {
        call.memory->Write(buffer.address, std::span<const u8>(buffer.bytes).first(buffer.size),
                           "a compute launch's storage buffer");
    }
    return true;
}

}  // namespace video
