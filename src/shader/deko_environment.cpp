#include "shader/deko_environment.h"

#include <cstring>

#include "base/error.h"

namespace shader {

u32 DekoStageData(Stage stage) {
    switch (stage) {
        case Stage::Compute:
            return kDekoComputeStageData;
        case Stage::Vertex:
            return kDekoGraphicsStageData;
        case Stage::TessellationControl:
            return kDekoGraphicsStageData + kDekoPerStageBytes;
        case Stage::TessellationEvaluation:
            return kDekoGraphicsStageData + 2 * kDekoPerStageBytes;
        case Stage::Geometry:
            return kDekoGraphicsStageData + 3 * kDekoPerStageBytes;
        case Stage::Fragment:
            return kDekoGraphicsStageData + 4 * kDekoPerStageBytes;
    }
    return kDekoGraphicsStageData;
}

DekoEnvironment::DekoEnvironment(DekoProgram program, const TargetProfile& target)
    : program_(std::move(program)), target_(target) {
    if (program_.code.size() % 32 != 0) {
        base::Fail("{}: {} bytes of code, not whole 32-byte bundles", program_.name,
                   program_.code.size());
    }
    if (program_.stage != Stage::Compute) {
        header_ = ParseSph(program_.header, program_.name);
    }
}

sass::Word DekoEnvironment::CodeWord(u64 offset) const {
    u64 word = 0;
    std::memcpy(&word, &program_.code.at(offset), sizeof(word));
    return {word, 0};
}

std::optional<u32> DekoEnvironment::ReadConstantBank(u32 bank, u32 offset) const {
    if (bank != 1 || offset % 4 != 0 || offset / 4 >= program_.constants.size()) {
        return std::nullopt;
    }
    return program_.constants[offset / 4];
}

ComputeLaunch DekoEnvironment::Launch() const {
    return {.block = program_.block,
            .shared_bytes = program_.shared_bytes,
            .local_bytes = (program_.local_bytes + 15) / 16 * 16,
            .cbank0_bytes = kDekoComputeCbufBytes};
}

StorageBufferSources DekoStorageBuffers(Stage stage) {
    const u32 first = DekoStageData(stage) + 4 * (kDekoTextureBindings + kDekoImageBindings);
    StorageBufferSources sources;
    for (u32 i = 0; i < kDekoStorageBuffers; ++i) {
        sources.bank0_offsets.push_back(first + 16 * i);
    }
    return sources;
}

// A texture handle (TEX, TEXS, TLDS ...) or an image handle (SULD, SUST) of the stage's own
// PerStageData; their dimension comes from the instructions, an image's format from the
// program's image_formats.
std::optional<TextureType> DekoEnvironment::TextureHandle(u32 bank, u32 offset) const {
    const u32 base = DekoStageData(program_.stage);
    if (bank != 0 || offset % 4 != 0 || offset < base ||
        offset >= base + 4 * (kDekoTextureBindings + kDekoImageBindings)) {
        return std::nullopt;
    }
    const u32 slot = (offset - base) / 4;
    if (slot < kDekoTextureBindings) {
        return TextureType{};
    }
    TextureType image;
    image.format = program_.image_formats[slot - kDekoTextureBindings];
    return image;
}

StorageBufferSources DekoEnvironment::StorageBufferAddresses() const {
    return DekoStorageBuffers(program_.stage);
}

}  // namespace shader
