#include "shader/cache/cache_entry.h"

#include <array>
#include <cstring>
#include <string_view>
#include <type_traits>

#include <xxhash.h>

#include "base/byte_writer.h"
#include "base/error.h"

namespace shader {
namespace {

constexpr std::array<u8, 8> kMagic{'n', 'x', 's', 'h', 'a', 'd', 'e', 'r'};

class PayloadWriter {
public:
    template <typename T>
    requires std::is_integral_v<T>
    void Put(T value) { writer_.Write(writer_.Size(), value); }
    void Put(bool value) { Put<u8>(value ? 1 : 0); }

    // A u32 count, then the elements.
    void PutWords(std::span<const u32> words) {
        Put(static_cast<u32>(words.size()));
        writer_.Append({reinterpret_cast<const u8*>(words.data()), words.size_bytes()});
    }
    void PutString(std::string_view text) {
        Put(static_cast<u32>(text.size()));
        writer_.Append({reinterpret_cast<const u8*>(text.data()), text.size()});
    }

    std::vector<u8> Take() { return writer_.Take(); }

private:
    base::ByteWriter writer_;
};

// Reads the payload front to back; every length is checked against the bytes left before
// anything is allocated for it.
class PayloadReader {
public:
    explicit PayloadReader(std::span<const u8> bytes) : bytes_(bytes) {}

    template <typename T>
    requires std::is_integral_v<T> T Get(std::string_view field) {
        T value;
        std::memcpy(&value, Take(sizeof(T), field).data(), sizeof(T));
        return value;
    }
    bool GetBool(std::string_view field) {
        const u8 value = Get<u8>(field);
        if (value > 1) {
            base::Fail("{} is {}, not 0 or 1", field, value);
        }
        return value != 0;
    }
    // A u32 holding one of the enumeration's values, `last` the highest.
    template <typename Enum>
    Enum GetEnum(std::string_view field, Enum last) {
        const u32 value = Get<u32>(field);
        if (value > static_cast<u32>(last)) {
            base::Fail("{} is {}, out of range", field, value);
        }
        return static_cast<Enum>(value);
    }
    std::vector<u32> GetWords(std::string_view field) {
        const u32 count = Get<u32>(field);
        const std::span<const u8> bytes = Take(u64{count} * sizeof(u32), field);
        std::vector<u32> words(count);
        if (count != 0) {  // an empty span's data() may be null, which memcpy must not get
            std::memcpy(words.data(), bytes.data(), bytes.size());
        }
        return words;
    }
    std::string GetString(std::string_view field) {
        const u32 size = Get<u32>(field);
        const std::span<const u8> bytes = Take(size, field);
        return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
    }
    // A u32 element count whose `element_bytes`-sized elements must fit in what is left.
    u32 GetCount(std::string_view field, u64 element_bytes) {
        const u32 count = Get<u32>(field);
        if (u64{count} * element_bytes > bytes_.size() - at_) {
            base::Fail("payload ends inside {} ({} of them)", field, count);
        }
        return count;
    }

    void ExpectEnd() const {
        if (at_ != bytes_.size()) {
            base::Fail("{} bytes after the program", bytes_.size() - at_);
        }
    }

private:
    std::span<const u8> Take(u64 size, std::string_view field) {
        if (size > bytes_.size() - at_) {
            base::Fail("payload ends inside {}", field);
        }
        const std::span<const u8> bytes = bytes_.subspan(at_, size);
        at_ += size;
        return bytes;
    }

    std::span<const u8> bytes_;
    u64 at_ = 0;
};

// The functions below bind every member of the structs they carry by name: a field added to one
// stops this file from compiling until the entry format carries it (and
// kShaderCacheFormatVersion is bumped).

void WriteConstantBanks(PayloadWriter& out, const std::vector<ConstantBankBinding>& banks) {
    out.Put(static_cast<u32>(banks.size()));
    for (const ConstantBankBinding& bank : banks) {
        const auto& [number, binding, bytes] = bank;
        out.Put(number);
        out.Put(binding);
        out.Put(bytes);
    }
}

std::vector<ConstantBankBinding> ReadConstantBanks(PayloadReader& in) {
    std::vector<ConstantBankBinding> banks(in.GetCount("constant banks", 3 * sizeof(u32)));
    for (ConstantBankBinding& bank : banks) {
        auto& [number, binding, bytes] = bank;
        number = in.Get<u32>("constant bank number");
        binding = in.Get<u32>("constant bank binding");
        bytes = in.Get<u32>("constant bank size");
    }
    return banks;
}

void WriteImages(PayloadWriter& out, const std::vector<ImageBinding>& images) {
    out.Put(static_cast<u32>(images.size()));
    for (const ImageBinding& image : images) {
        const auto& [binding, handle_bank, handle_offset, kind, dim, arrayed, texel_words, format] =
            image;
        out.Put(binding);
        out.Put(handle_bank);
        out.Put(handle_offset);
        out.Put(static_cast<u32>(kind));
        out.Put(static_cast<u32>(dim));
        out.Put(arrayed);
        out.Put(texel_words);
        out.Put(static_cast<u32>(format));
    }
}

std::vector<ImageBinding> ReadImages(PayloadReader& in) {
    std::vector<ImageBinding> images(in.GetCount("images", 7 * sizeof(u32) + 1));
    for (ImageBinding& image : images) {
        auto& [binding, handle_bank, handle_offset, kind, dim, arrayed, texel_words, format] =
            image;
        binding = in.Get<u32>("image binding");
        handle_bank = in.Get<u32>("image handle bank");
        handle_offset = in.Get<u32>("image handle offset");
        kind = in.GetEnum<ImageKind>("image kind", ImageKind::Storage);
        dim = in.GetEnum<ImageDim>("image dimension", ImageDim::Buffer);
        arrayed = in.GetBool("image array flag");
        texel_words = in.Get<u32>("image texel words");
        format = in.GetEnum<SurfaceFormat>("image format",
                                           static_cast<SurfaceFormat>(kSurfaceFormatCount - 1));
    }
    return images;
}

void WriteVaryings(PayloadWriter& out, const std::vector<StageVarying>& varyings) {
    out.Put(static_cast<u32>(varyings.size()));
    for (const StageVarying& varying : varyings) {
        const auto& [location, components, interpolation, type] = varying;
        out.Put(location);
        out.Put(components);
        out.Put(static_cast<u32>(interpolation));
        out.Put(static_cast<u32>(type));
    }
}

std::vector<StageVarying> ReadVaryings(PayloadReader& in, std::string_view field) {
    std::vector<StageVarying> varyings(in.GetCount(field, 4 * sizeof(u32)));
    for (StageVarying& varying : varyings) {
        auto& [location, components, interpolation, type] = varying;
        location = in.Get<u32>(field);
        components = in.Get<u32>(field);
        interpolation = in.GetEnum<Interpolation>(field, Interpolation::Flat);
        type = in.GetEnum<AttributeType>(field, AttributeType::Uint);
    }
    return varyings;
}

void WriteProgram(PayloadWriter& out, const ComputeProgram& program) {
    const auto& [spirv, entry_point, workgroup_size, cbank0_binding, cbank0_bytes, global_buffers,
                 constant_banks, module_global_binding, images, shared_bytes, local_bytes,
                 requires_32_wide_subgroups] = program;
    out.PutWords(spirv);
    out.PutString(entry_point);
    for (const u32 size : workgroup_size) {
        out.Put(size);
    }
    out.Put(cbank0_binding);
    out.Put(cbank0_bytes);
    out.Put(static_cast<u32>(global_buffers.size()));
    for (const GlobalBufferBinding& buffer : global_buffers) {
        const auto& [binding, address_offset, address_bank] = buffer;
        out.Put(binding);
        out.Put(address_offset);
        out.Put(address_bank);
    }
    WriteConstantBanks(out, constant_banks);
    out.Put(module_global_binding.has_value());
    out.Put(module_global_binding.value_or(0));
    WriteImages(out, images);
    out.Put(shared_bytes);
    out.Put(local_bytes);
    out.Put(requires_32_wide_subgroups);
}

ComputeProgram ReadComputeProgram(PayloadReader& in) {
    ComputeProgram program;
    auto& [spirv, entry_point, workgroup_size, cbank0_binding, cbank0_bytes, global_buffers,
           constant_banks, module_global_binding, images, shared_bytes, local_bytes,
           requires_32_wide_subgroups] = program;
    spirv = in.GetWords("SPIR-V words");
    entry_point = in.GetString("entry point name");
    for (u32& size : workgroup_size) {
        size = in.Get<u32>("workgroup size");
    }
    cbank0_binding = in.Get<u32>("constant bank 0 binding");
    cbank0_bytes = in.Get<u32>("constant bank 0 size");
    global_buffers.resize(in.GetCount("global buffers", 3 * sizeof(u32)));
    for (GlobalBufferBinding& buffer : global_buffers) {
        auto& [binding, address_offset, address_bank] = buffer;
        binding = in.Get<u32>("global buffer binding");
        address_offset = in.Get<u32>("global buffer address offset");
        address_bank = in.Get<u32>("global buffer address bank");
    }
    constant_banks = ReadConstantBanks(in);
    if (in.GetBool("module global memory flag")) {
        module_global_binding = in.Get<u32>("module global memory binding");
    } else {
        in.Get<u32>("module global memory binding");
    }
    images = ReadImages(in);
    shared_bytes = in.Get<u32>("shared memory size");
    local_bytes = in.Get<u32>("local memory size");
    requires_32_wide_subgroups = in.GetBool("32-wide subgroup flag");
    in.ExpectEnd();
    return program;
}

void WriteProgram(PayloadWriter& out, const GraphicsProgram& program) {
    const auto& [stage, spirv, entry_point, layout] = program;
    const auto& [constant_banks, images, inputs, outputs, render_targets, writes_depth,
                 writes_viewport_index] = layout;
    out.Put(static_cast<u32>(stage));
    out.PutWords(spirv);
    out.PutString(entry_point);
    WriteConstantBanks(out, constant_banks);
    WriteImages(out, images);
    WriteVaryings(out, inputs);
    WriteVaryings(out, outputs);
    out.Put(static_cast<u32>(render_targets.size()));
    for (const auto& [index, components] : render_targets) {
        out.Put(index);
        out.Put(components);
    }
    out.Put(writes_depth);
    out.Put(writes_viewport_index);
}

GraphicsProgram ReadGraphicsProgram(PayloadReader& in) {
    GraphicsProgram program;
    auto& [stage, spirv, entry_point, layout] = program;
    auto& [constant_banks, images, inputs, outputs, render_targets, writes_depth,
           writes_viewport_index] = layout;
    stage = in.GetEnum<Stage>("stage", Stage::Fragment);
    spirv = in.GetWords("SPIR-V words");
    entry_point = in.GetString("entry point name");
    constant_banks = ReadConstantBanks(in);
    images = ReadImages(in);
    inputs = ReadVaryings(in, "inputs");
    outputs = ReadVaryings(in, "outputs");
    render_targets.resize(in.GetCount("render targets", 2 * sizeof(u32)));
    for (auto& [index, components] : render_targets) {
        index = in.Get<u32>("render target index");
        components = in.Get<u32>("render target components");
    }
    writes_depth = in.GetBool("depth write flag");
    writes_viewport_index = in.GetBool("viewport index flag");
    in.ExpectEnd();
    return program;
}

template <typename T>
T ReadHeaderField(std::span<const u8> bytes, std::size_t offset) {
    T value;
    std::memcpy(&value, bytes.data() + offset, sizeof(T));
    return value;
}

// The payload starts with the kind of program it holds, so that a compute entry is never read as
// a graphics one (their keys hash different things, but a file can be renamed).
enum class ProgramKind : u32 { Compute, Graphics };

ProgramKind KindOf(const ComputeProgram&) {
    return ProgramKind::Compute;
}
ProgramKind KindOf(const GraphicsProgram&) {
    return ProgramKind::Graphics;
}

template <typename Program>
std::vector<u8> Encode(const ShaderCacheKey& key, const Program& program) {
    PayloadWriter payload_writer;
    payload_writer.Put(static_cast<u32>(KindOf(program)));
    WriteProgram(payload_writer, program);
    const std::vector<u8> payload = payload_writer.Take();

    base::ByteWriter entry;
    entry.WriteBytes(0, kMagic);
    entry.Write(8, kShaderCacheFormatVersion);
    entry.Write(12, key.low);
    entry.Write(20, key.high);
    entry.Write(28, u64{payload.size()});
    entry.Write(36, u64{XXH3_64bits(payload.data(), payload.size())});
    entry.WriteBytes(kShaderCacheHeaderBytes, payload);
    return entry.Take();
}

// Checks the header and returns a reader of the payload after its program kind, which must be
// `kind`.
PayloadReader CheckedPayload(std::span<const u8> bytes, const ShaderCacheKey& key,
                             ProgramKind kind) {
    if (bytes.size() < kShaderCacheHeaderBytes) {
        base::Fail("{} bytes, shorter than the {}-byte header", bytes.size(),
                   kShaderCacheHeaderBytes);
    }
    if (std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0) {
        base::Fail("not a shader cache entry (wrong magic)");
    }
    if (const u32 version = ReadHeaderField<u32>(bytes, 8); version != kShaderCacheFormatVersion) {
        base::Fail("format version {}, this build reads {}", version, kShaderCacheFormatVersion);
    }
    const ShaderCacheKey stored{.low = ReadHeaderField<u64>(bytes, 12),
                                .high = ReadHeaderField<u64>(bytes, 20)};
    if (stored != key) {
        base::Fail("it holds key {}", stored.Hex());
    }
    const std::span<const u8> payload = bytes.subspan(kShaderCacheHeaderBytes);
    if (const u64 length = ReadHeaderField<u64>(bytes, 28); length != payload.size()) {
        base::Fail("payload of {} bytes announced, {} there", length, payload.size());
    }
    if (ReadHeaderField<u64>(bytes, 36) != XXH3_64bits(payload.data(), payload.size())) {
        base::Fail("payload checksum mismatch");
    }
    PayloadReader reader(payload);
    if (const u32 held = reader.Get<u32>("program kind"); held != static_cast<u32>(kind)) {
        base::Fail("it holds a {} program",
                   held == static_cast<u32>(ProgramKind::Compute)    ? "compute"
                   : held == static_cast<u32>(ProgramKind::Graphics) ? "graphics"
                                                                     : "unknown kind of");
    }
    return reader;
}

}  // namespace

std::vector<u8> EncodeCacheEntry(const ShaderCacheKey& key, const ComputeProgram& program) {
    return Encode(key, program);
}

std::vector<u8> EncodeCacheEntry(const ShaderCacheKey& key, const GraphicsProgram& program) {
    return Encode(key, program);
}

ComputeProgram DecodeCacheEntry(std::span<const u8> bytes, const ShaderCacheKey& key) {
    PayloadReader reader = CheckedPayload(bytes, key, ProgramKind::Compute);
    return ReadComputeProgram(reader);
}

GraphicsProgram DecodeGraphicsCacheEntry(std::span<const u8> bytes, const ShaderCacheKey& key) {
    PayloadReader reader = CheckedPayload(bytes, key, ProgramKind::Graphics);
    return ReadGraphicsProgram(reader);
}

}  // namespace shader
