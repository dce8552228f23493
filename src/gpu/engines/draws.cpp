#include "gpu/engines/draws.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/bits.h"
#include "base/log.h"
#include "gpu/engines/draw_state.h"
#include "gpu/engines/shader_programs.h"

namespace gpu::engines {
namespace {

constexpr u32 kVertexArrayStart = 0x0D74 / 4;
constexpr u32 kDrawVertexArray = 0x0D78 / 4;
constexpr u32 kBaseVertex = 0x1434 / 4;
constexpr u32 kBaseInstance = 0x1438 / 4;
constexpr u32 kEnd = 0x1614 / 4;
constexpr u32 kBegin = 0x1618 / 4;
constexpr u32 kIndexFirst = 0x17DC / 4;
constexpr u32 kDrawIndexBuffer = 0x17E0 / 4;
constexpr u32 kInstanceSubsequent = 1;

const char* TopologyName(Topology topology) {
    static constexpr const char* kNames[] = {"points",
                                             "lines",
                                             "line loop",
                                             "line strip",
                                             "triangles",
                                             "triangle strip",
                                             "triangle fan",
                                             "quads",
                                             "quad strip",
                                             "polygon",
                                             "lines adjacency",
                                             "line strip adjacency",
                                             "triangles adjacency",
                                             "triangle strip adjacency",
                                             "patches"};
    return kNames[static_cast<u32>(topology)];
}

const char* StageName(ShaderStageKind kind) {
    static constexpr const char* kNames[] = {"vertex A",  "vertex",   "tess control",
                                             "tess eval", "geometry", "fragment"};
    return kNames[static_cast<u32>(kind)];
}

// One line for the GPU dump: what the draw is and what it reads.
std::string Describe(const DrawCall& draw) {
    std::string text = fmt::format(
        "draw {} {} {} from {}, {} instance(s), base vertex {}, base instance {}",
        TopologyName(draw.topology), draw.count, draw.index_buffer ? "indices" : "vertices",
        draw.first, draw.instance_count, draw.base_vertex, draw.base_instance);
    if (draw.index_buffer) {
        text += fmt::format("; index buffer {:#x} ({} bytes, {}-byte indices)",
                            draw.index_buffer->address, draw.index_buffer->size,
                            1u << static_cast<u32>(draw.index_buffer->index_size));
    }
    for (const ShaderProgram& program : draw.programs) {
        text += fmt::format("; {} program {:#x} ({} bytes)", StageName(program.kind),
                            program.address, program.code.size());
    }
    for (std::size_t slot = 0; slot < draw.state.color_targets.size(); ++slot) {
        if (const auto& target = draw.state.color_targets[slot]) {
            text += fmt::format("; target {} {:#x} {}x{} {}", slot, target->address, target->width,
                                target->height, target->format.name);
        }
    }
    if (draw.state.zeta_target) {
        text += fmt::format("; zeta {:#x} {}", draw.state.zeta_target->address,
                            draw.state.zeta_target->format.name);
    }
    return text;
}

}  // namespace

bool Draws::Shapes(u32 method) {
    return method == kBegin || method == kEnd || method == kVertexArrayStart ||
           method == kDrawVertexArray || method == kIndexFirst || method == kDrawIndexBuffer;
}

void Draws::NameOnce(const std::string& what) {
    if (named_.insert(what).second) {
        LOG_WARNING("gpu", "channel {}: draw: {}; named once", context_.channel_id, what);
    }
}

void Draws::Execute(const RegisterFile& registers, const ConstantBuffers& buffers, u32 method,
                    u32 argument) {
    if (method == kDrawVertexArray) {
        indexed_ = false;
    } else if (method == kDrawIndexBuffer) {
        indexed_ = true;
    } else if (method == kBegin) {
        const u32 instance = static_cast<u32>(base::Bits(argument, 26, 2));
        continues_ = held_ && instance == kInstanceSubsequent;
        if (!continues_) {
            Flush(registers, buffers);
        }
    } else if (method == kEnd) {
        Shape shape;
        shape.topology = registers.Get(kBegin) & 0xFFFF;
        shape.indexed = indexed_;
        shape.first = registers.Get(indexed_ ? kIndexFirst : kVertexArrayStart);
        shape.count = registers.Get(indexed_ ? kDrawIndexBuffer : kDrawVertexArray);
        shape.base_vertex = registers.Get(kBaseVertex);
        shape.base_instance = registers.Get(kBaseInstance);
        if (continues_ && held_ && *held_ == shape) {
            ++held_instances_;
        } else {
            Flush(registers, buffers);
            held_ = shape;
            held_instances_ = 1;
        }
        continues_ = false;
    }
}

void Draws::Flush(const RegisterFile& registers, const ConstantBuffers& buffers) {
    if (!held_) {
        return;
    }
    const Shape shape = *held_;
    const u32 instances = held_instances_;
    held_.reset();
    held_instances_ = 0;
    if (shape.count == 0) {
        return;  // nothing to draw (a zero-size draw is legal)
    }
    DrawCall draw;
    draw.memory = context_.memory;
    std::vector<std::string> unknown;
    const auto topology = DecodeTopology(shape.topology);
    if (!topology) {
        NameOnce(fmt::format("BEGIN's topology {} does not exist: not drawn", shape.topology));
        return;
    }
    draw.topology = *topology;
    draw.first = shape.first;
    draw.count = shape.count;
    draw.instance_count = instances;
    draw.base_vertex = shape.base_vertex;
    draw.base_instance = shape.base_instance;
    draw.state = ReadDrawState(registers, class_, context_.memory, unknown);
    draw.state.constant_buffers = buffers.Bound();
    if (shape.indexed) {
        draw.index_buffer = ReadIndexBuffer(registers, class_, unknown);
    }
    std::vector<std::string> missing;
    draw.programs = ReadShaderPrograms(registers, class_, *context_.memory, missing);
    for (const std::string& what : unknown) {
        NameOnce(fmt::format("{} is not a value nxhost knows (the nearest is used)", what));
    }
    if (!missing.empty()) {
        NameOnce(fmt::format("{}: not drawn", fmt::join(missing, "; ")));
        return;
    }
    if (context_.dump) {
        context_.dump->Note(context_.channel_id, Describe(draw));
    }
    ++sent_;
    if (context_.host_gpu->Draw(draw) && context_.work) {
        context_.work->Add({.draws = 1});
    }
}

}  // namespace gpu::engines
