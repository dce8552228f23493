#include "video/varying_locations.h"

#include <set>

#include "base/error.h"

namespace video {
namespace {

constexpr u32 kOpVariable = 59;
constexpr u32 kOpDecorate = 71;
constexpr u32 kDecorationLocation = 30;
constexpr u32 kStorageClassInput = 1;
constexpr u32 kStorageClassOutput = 3;

bool MovesInputs(shader::Stage stage) {
    return stage != shader::Stage::Vertex;
}
bool MovesOutputs(shader::Stage stage) {
    return stage != shader::Stage::Fragment;
}

}  // namespace

std::map<u32, u32> PlanVaryingLocations(std::span<const shader::GraphicsProgram* const> stages,
                                        u32 limit) {
    std::set<u32> used;
    for (const shader::GraphicsProgram* stage : stages) {
        if (MovesInputs(stage->stage)) {
            for (const shader::StageVarying& varying : stage->layout.inputs) {
                used.insert(varying.location);
            }
        }
        if (MovesOutputs(stage->stage)) {
            for (const shader::StageVarying& varying : stage->layout.outputs) {
                used.insert(varying.location);
            }
        }
    }
    std::map<u32, u32> moved;
    u32 free = 0;
    for (const u32 location : used) {
        if (location < limit) {
            continue;
        }
        while (free < limit && used.contains(free)) {
            ++free;
        }
        if (free >= limit) {
            base::Fail("the pipeline's stages pass {} varyings; the device has {} Locations",
                       used.size(), limit);
        }
        moved[location] = free++;
    }
    return moved;
}

std::vector<u32> MoveVaryingLocations(std::span<const u32> spirv, shader::Stage stage,
                                      const std::map<u32, u32>& moved) {
    std::vector<u32> out(spirv.begin(), spirv.end());
    std::set<u32> varyings;  // ids of the Input and Output variables this stage's varyings are
    const auto each = [&](auto visit) {
        // After the 5-word header, each instruction starts with (word count << 16 | opcode).
        for (std::size_t at = 5; at < out.size();) {
            const u32 count = out[at] >> 16;
            if (count == 0 || at + count > out.size()) {
                base::Fail("malformed SPIR-V at word {}", at);
            }
            visit(at, out[at] & 0xFFFF, count);
            at += count;
        }
    };
    each([&](std::size_t at, u32 opcode, u32 count) {
        if (opcode == kOpVariable && count >= 4 &&
            ((out[at + 3] == kStorageClassInput && MovesInputs(stage)) ||
             (out[at + 3] == kStorageClassOutput && MovesOutputs(stage)))) {
            varyings.insert(out[at + 2]);
        }
    });
    each([&](std::size_t at, u32 opcode, u32 count) {
        if (opcode == kOpDecorate && count == 4 && out[at + 2] == kDecorationLocation &&
            varyings.contains(out[at + 1])) {
            if (const auto it = moved.find(out[at + 3]); it != moved.end()) {
                out[at + 3] = it->second;
            }
        }
    });
    return out;
}

}  // namespace video
