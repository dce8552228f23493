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
constexpr u32 kVertexArrayBeginEndFirst = 0x1214 / 4;
constexpr u32 kVertexArrayBeginEndSubsequent = 0x1218 / 4;
constexpr u32 kInlineIndex4x8Align = 0x1300 / 4;
constexpr u32 kDrawInlineIndex4x8 = 0x1304 / 4;
constexpr u32 kBaseVertex = 0x1434 / 4;
constexpr u32 kBaseInstance = 0x1438 / 4;
constexpr u32 kDrawInlineIndex = 0x15E8 / 4;
constexpr u32 kInlineIndex2x16Align = 0x15EC / 4;
constexpr u32 kDrawInlineIndex2x16 = 0x15F0 / 4;
constexpr u32 kEnd = 0x1614 / 4;
constexpr u32 kBegin = 0x1618 / 4;
constexpr u32 kIndexFirst = 0x17DC / 4;
constexpr u32 kDrawIndexBuffer = 0x17E0 / 4;
// DRAW_INDEX_BUFFER32/16/8_BEGIN_END_INSTANCE_FIRST, then the three _SUBSEQUENT.
constexpr u32 kIndexBufferBeginEndFirst32 = 0x17E4 / 4;
constexpr u32 kIndexBufferBeginEndSubsequent8 = 0x17F8 / 4;
// Turing and later (clc597.h, clc797.h).
constexpr u32 kDrawControlA = 0x0260 / 4;
constexpr u32 kDrawControlB = 0x0264 / 4;
constexpr u32 kIndexBufferBeginEndA = 0x0268 / 4;
constexpr u32 kIndexBufferBeginEndB = 0x026C / 4;
constexpr u32 kVertexArrayBeginEndA = 0x0270 / 4;
constexpr u32 kVertexArrayBeginEndB = 0x0274 / 4;
constexpr u32 kInstanceSubsequent = 1;

bool HasTuringDraws(u32 class_number) {
    return class_number >= 0xC597;
}

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
        TopologyName(draw.topology), draw.count,
        draw.inline_indices ? "inline indices" : (draw.index_buffer ? "indices" : "vertices"),
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

bool Draws::Shapes(u32 method) const {
    switch (method) {
        case kBegin:
        case kEnd:
        case kVertexArrayStart:
        case kDrawVertexArray:
        case kIndexFirst:
        case kDrawIndexBuffer:
        case kVertexArrayBeginEndFirst:
        case kVertexArrayBeginEndSubsequent:
        case kDrawInlineIndex:
        case kInlineIndex2x16Align:
        case kDrawInlineIndex2x16:
        case kInlineIndex4x8Align:
        case kDrawInlineIndex4x8:
            return true;
        case kIndexBufferBeginEndA:
        case kIndexBufferBeginEndB:
        case kVertexArrayBeginEndA:
        case kVertexArrayBeginEndB:
            return HasTuringDraws(class_);
        default:
            return method >= kIndexBufferBeginEndFirst32 &&
                   method <= kIndexBufferBeginEndSubsequent8;
    }
}

void Draws::NameOnce(const std::string& what) {
    if (named_.insert(what).second) {
        LOG_WARNING("gpu", "channel {}: draw: {}; named once", context_.channel_id, what);
    }
}

void Draws::AddInlineIndex(u32 index) {
    if (inline_remaining_) {
        if (*inline_remaining_ == 0) {
            return;  // past the count SET_INLINE_INDEX*_ALIGN gave (the last word's padding)
        }
        --*inline_remaining_;
    }
    if (inline_indices_.size() >= kLargestInlineIndices) {
        NameOnce(fmt::format("more than {} inline indices in one draw: the rest dropped",
                             kLargestInlineIndices));
        return;
    }
    inline_indices_.push_back(index);
    inline_draw_ = true;
}

void Draws::Begin(const RegisterFile& registers, const ConstantBuffers& buffers, bool subsequent) {
    continues_ = held_ && subsequent;
    if (!continues_) {
        Flush(registers, buffers);
    }
    inline_indices_.clear();
    inline_draw_ = false;
}

void Draws::End(const RegisterFile& registers, const ConstantBuffers& buffers, Shape shape,
                u32 instances) {
    if (continues_ && held_ && *held_ == shape) {
        held_instances_ += instances;
    } else {
        Flush(registers, buffers);
        held_ = std::move(shape);
        held_instances_ = instances;
    }
    continues_ = false;
    inline_draw_ = false;
    // An ALIGN count lasts for its draw (it may come before BEGIN or after it).
    inline_indices_.clear();
    inline_remaining_.reset();
    inline_skip_ = 0;
}

void Draws::OneWordDraw(const RegisterFile& registers, const ConstantBuffers& buffers, u32 argument,
                        bool subsequent, Source source, std::optional<IndexSize> index_size) {
    Begin(registers, buffers, subsequent);
    Shape shape;
    shape.topology = static_cast<u32>(base::Bits(argument, 28, 4));
    shape.source = source;
    shape.first = static_cast<u32>(base::Bits(argument, 0, 16));
    shape.count = static_cast<u32>(base::Bits(argument, 16, 12));
    shape.base_vertex = registers.Get(kBaseVertex);
    shape.base_instance = registers.Get(kBaseInstance);
    shape.index_size = index_size;
    End(registers, buffers, std::move(shape));
}

void Draws::TuringDraw(const RegisterFile& registers, const ConstantBuffers& buffers,
                       Source source) {
    const u32 control = registers.Get(kDrawControlA);
    const bool subsequent = base::Bits(control, 5, 2) == kInstanceSubsequent;
    const u32 instances = base::Bit(control, 9) ? registers.Get(kDrawControlB) : 1;
    Begin(registers, buffers, subsequent);
    Shape shape;
    shape.topology = static_cast<u32>(base::Bits(control, 0, 4));
    shape.source = source;
    const bool indexed = source == Source::IndexBuffer;
    shape.first = registers.Get(indexed ? kIndexBufferBeginEndA : kVertexArrayBeginEndA);
    shape.count = registers.Get(indexed ? kIndexBufferBeginEndB : kVertexArrayBeginEndB);
    shape.base_vertex = base::Bit(control, 10) ? 0 : registers.Get(kBaseVertex);
    shape.base_instance = base::Bit(control, 11) ? 0 : registers.Get(kBaseInstance);
    if (instances == 0) {
        continues_ = false;
        return;  // no instances: nothing drawn
    }
    End(registers, buffers, std::move(shape), instances);
}

void Draws::Execute(const RegisterFile& registers, const ConstantBuffers& buffers, u32 method,
                    u32 argument) {
    switch (method) {
        case kDrawVertexArray:
            source_ = Source::Vertices;
            return;
        case kDrawIndexBuffer:
            source_ = Source::IndexBuffer;
            return;
        case kBegin:
            Begin(registers, buffers, base::Bits(argument, 26, 2) == kInstanceSubsequent);
            return;
        case kDrawInlineIndex:
            AddInlineIndex(argument);
            return;
        case kInlineIndex2x16Align:
            inline_remaining_ = static_cast<u32>(base::Bits(argument, 0, 31));
            inline_skip_ = base::Bit(argument, 31) ? 1 : 0;
            return;
        case kDrawInlineIndex2x16:
            for (u32 half = inline_skip_; half < 2; ++half) {
                AddInlineIndex(static_cast<u32>(base::Bits(argument, 16 * half, 16)));
            }
            inline_skip_ = 0;
            return;
        case kInlineIndex4x8Align:
            inline_remaining_ = static_cast<u32>(base::Bits(argument, 0, 30));
            inline_skip_ = static_cast<u32>(base::Bits(argument, 30, 2));
            return;
        case kDrawInlineIndex4x8:
            for (u32 byte = inline_skip_; byte < 4; ++byte) {
                AddInlineIndex(static_cast<u32>(base::Bits(argument, 8 * byte, 8)));
            }
            inline_skip_ = 0;
            return;
        case kEnd: {
            Shape shape;
            shape.topology = registers.Get(kBegin) & 0xFFFF;
            shape.source = inline_draw_ ? Source::InlineIndices : source_;
            if (inline_draw_) {
                shape.count = static_cast<u32>(inline_indices_.size());
                shape.indices = inline_indices_;
            } else {
                const bool indexed = source_ == Source::IndexBuffer;
                shape.first = registers.Get(indexed ? kIndexFirst : kVertexArrayStart);
                shape.count = registers.Get(indexed ? kDrawIndexBuffer : kDrawVertexArray);
            }
            shape.base_vertex = registers.Get(kBaseVertex);
            shape.base_instance = registers.Get(kBaseInstance);
            End(registers, buffers, std::move(shape));
            return;
        }
        case kVertexArrayBeginEndFirst:
        case kVertexArrayBeginEndSubsequent:
            OneWordDraw(registers, buffers, argument, method == kVertexArrayBeginEndSubsequent,
                        Source::Vertices, std::nullopt);
            return;
        case kIndexBufferBeginEndB:
            TuringDraw(registers, buffers, Source::IndexBuffer);
            return;
        case kVertexArrayBeginEndB:
            TuringDraw(registers, buffers, Source::Vertices);
            return;
        case kIndexBufferBeginEndA:
        case kVertexArrayBeginEndA:
        case kVertexArrayStart:
        case kIndexFirst:
            return;  // the register file holds them
        default: {
            // DRAW_INDEX_BUFFER32/16/8_BEGIN_END_INSTANCE_FIRST/SUBSEQUENT.
            const u32 form = method - kIndexBufferBeginEndFirst32;
            static constexpr IndexSize kSizes[] = {IndexSize::U32, IndexSize::U16, IndexSize::U8};
            OneWordDraw(registers, buffers, argument, form >= 3, Source::IndexBuffer,
                        kSizes[form % 3]);
            return;
        }
    }
}

void Draws::Flush(const RegisterFile& registers, const ConstantBuffers& buffers) {
    if (!held_) {
        return;
    }
    Shape shape = std::move(*held_);
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
    if (shape.source == Source::IndexBuffer) {
        draw.index_buffer = ReadIndexBuffer(registers, class_, unknown);
        if (shape.index_size) {
            draw.index_buffer->index_size = *shape.index_size;
        }
    } else if (shape.source == Source::InlineIndices) {
        draw.inline_indices = std::move(shape.indices);
    }
    std::vector<std::string> missing;
    draw.programs = ReadShaderPrograms(registers, class_, *context_.memory, missing);
    for (const std::string& what : unknown) {
        NameOnce(fmt::format("{} is not a value nxhost knows (the nearest is used)", what));
    }
    if (context_.dump) {
        std::string line = Describe(draw);
        if (!missing.empty()) {
            line += fmt::format("; not drawn: {}", fmt::join(missing, "; "));
        }
        context_.dump->Note(context_.channel_id, line);
    }
    if (!missing.empty()) {
        NameOnce(fmt::format("{}: not drawn", fmt::join(missing, "; ")));
        return;
    }
    ++sent_;
    if (context_.host_gpu->Draw(draw) && context_.work) {
        context_.work->Add({.draws = 1});
    }
}

}  // namespace gpu::engines
