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

// A storage buffer of a launch: where it is in GPU memory, its bytes (the size rounded up to
// whole words) and what they were before the dispatch.
struct Storage {
    u64 address = 0;
    u64 size = 0;
    std::vector<u8> bytes;
    std::vector<u8> before;
};

// The storage buffer whose address is at c[bank][offset] of `global`, `bank` holding that
// bank's bytes, read from guest memory; false and why where it cannot be bounded or read.
// deko3d (Maxwell code) keeps a buffer's size after its address; elsewhere (NVK's descriptors)
// the buffer reaches as far as GPU memory is mapped from its address on.
bool ResolveStorage(const gpu::ComputeCall& call, const shader::GlobalBufferBinding& global,
                    std::span<const u8> bank, Storage& out, std::string& why_not) {
    const bool deko = call.architecture == gpu::ShaderArchitecture::Maxwell;
    const u32 at = global.address_offset;
    const std::string where = fmt::format("c[{:#x}][{:#x}]", global.address_bank, at);
    if (u64{at} + (deko ? 12 : 8) > bank.size()) {
        why_not = fmt::format("its storage buffer address at {} is past the bank's {} bytes", where,
                              bank.size());
        return false;
    }
    std::memcpy(&out.address, bank.data() + at, 8);
    std::string bound;
    if (deko) {
        u32 size = 0;
        std::memcpy(&size, bank.data() + at + 8, 4);
        out.size = size;
        bound = fmt::format("has size {}", size);
    } else {
        out.size = call.memory->MappedBytesFrom(out.address, kLargestStorageBuffer);
        bound = "is not in mapped GPU memory";
    }
    if (out.size == 0 || out.size > kLargestStorageBuffer) {
        why_not = fmt::format(
            "its storage buffer at {} (address {:#x}) {}: its accesses cannot be bounded", where,
            out.address, bound);
        return false;
    }
    out.bytes.resize((out.size + 3) / 4 * 4);
    if (!call.memory->Read(out.address, std::span(out.bytes).first(out.size),
                           "a compute launch's storage buffer")) {
        why_not = fmt::format("its storage buffer at {:#x} ({} bytes) is not mapped", out.address,
                              out.size);
        return false;
    }
    out.before = out.bytes;
    return true;
}

// Writes back the runs of bytes the dispatch changed, no others: buffers may overlap or share
// their memory with what the launch did not reach (NVK's buffers reach to their mapping's end).
void WriteChanged(gpu::MemoryManager& memory, const Storage& buffer) {
    u64 at = 0;
    while (at < buffer.size) {
        if (buffer.bytes[at] == buffer.before[at]) {
            ++at;
            continue;
        }
        u64 end = at;
        while (end < buffer.size && buffer.bytes[end] != buffer.before[end]) {
            ++end;
        }
        memory.Write(buffer.address + at, std::span(buffer.bytes).subspan(at, end - at),
                     "a compute launch's storage buffer");
        at = end;
    }
}

}  // namespace

GuestComputeEnvironment::GuestComputeEnvironment(const gpu::ComputeCall& call,
                                                 const shader::TargetProfile& target)
    : call_(call),
      target_(target),
      name_(fmt::format("compute program at {:#x}", call.program_address)) {
    if (const auto& bank1 = call.constant_buffers[1]; bank1 && FixesConstantBank(1)) {
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

bool GuestComputeEnvironment::FixesConstantBank(u32 bank) const {
    return bank == 1 && call_.architecture == gpu::ShaderArchitecture::Maxwell;
}

std::optional<u32> GuestComputeEnvironment::ReadConstantBank(u32 bank, u32 offset) const {
    if (!FixesConstantBank(bank) || offset % 4 != 0 || offset / 4 >= bank1_.size()) {
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

shader::StorageBufferSources GuestComputeEnvironment::StorageBufferAddresses() const {
    if (call_.architecture == gpu::ShaderArchitecture::Maxwell) {
        return shader::DekoStorageBuffers(shader::Stage::Compute);
    }
    return {.bank0_offsets = {}, .any_constant_value = true};
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
    std::vector<Storage> storage(program.global_buffers.size());
    for (std::size_t i = 0; i < storage.size(); ++i) {
        const shader::GlobalBufferBinding& global = program.global_buffers[i];
        // The bank holding the address: 0, or one the program reads (which its address is).
        const std::vector<u8>* bank = global.address_bank == 0 ? &bank0 : nullptr;
        for (std::size_t b = 0; b < banks.size(); ++b) {
            if (program.constant_banks[b].bank == global.address_bank) {
                bank = &banks[b];
            }
        }
        if (bank == nullptr) {
            why_not = fmt::format("its storage buffer address is in constant bank {}, not bound",
                                  global.address_bank);
            return false;
        }
        if (!ResolveStorage(call, global, *bank, storage[i], why_not)) {
            return false;
        }
        dispatch.buffers.push_back({global.binding, BufferKind::Storage, &storage[i].bytes});
    }
    device_.Dispatch(dispatch);
    for (const Storage& buffer : storage) {
        WriteChanged(*call.memory, buffer);
    }
    return true;
}

}  // namespace video
