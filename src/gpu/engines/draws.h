#pragma once

// The 3D class's draws (OGD classes/3d/clb197.h, clc797.h): BEGIN (0x1618: OP 15:0 the
// topology, INSTANCE_ID 27:26 FIRST 0 / SUBSEQUENT 1 / UNCHANGED 2) opens a draw, and inside it
// SET_VERTEX_ARRAY_START (0xD74) + DRAW_VERTEX_ARRAY (0xD78, the count) make it a draw of
// vertices, SET_INDEX_BUFFER_F (0x17DC, the first index) + DRAW_INDEX_BUFFER (0x17E0, the
// count) one of indices, or the pushbuffer carries the indices (DRAW_INLINE_INDEX 0x15E8 one a
// word; DRAW_INLINE_INDEX2X16 0x15F0 two, after SET_INLINE_INDEX2X16_ALIGN 0x15EC: COUNT 30:0,
// START_ODD 31; DRAW_INLINE_INDEX4X8 0x1304 four, after SET_INLINE_INDEX4X8_ALIGN 0x1300:
// COUNT 29:0, START 31:30 bytes to skip); END (0x1614) makes it. One-word draws are BEGIN, the
// range and END in one method: DRAW_VERTEX_ARRAY_BEGIN_END_INSTANCE_FIRST/SUBSEQUENT
// (0x1214/0x1218) and DRAW_INDEX_BUFFER{32,16,8}_BEGIN_END_INSTANCE_FIRST/SUBSEQUENT
// (0x17E4-0x17F8, the index size in the method): START or FIRST 15:0, COUNT 27:16, TOPOLOGY
// 31:28. Turing and later add DRAW_INDEX_BUFFER_BEGIN_END_A/B (0x268/0x26C: first, count) and
// DRAW_VERTEX_ARRAY_BEGIN_END_A/B (0x270/0x274), drawn at B with SET_DRAW_CONTROL_A (0x260:
// TOPOLOGY 3:0, INSTANCE_ID 6:5, INSTANCE_ITERATE_ENABLE 9, IGNORE_GLOBAL_BASE_VERTEX_INDEX 10,
// _INSTANCE_INDEX 11) and SET_DRAW_CONTROL_B (0x264: the instance count when iterating).
// Maxwell has no instance count: drivers (deko3d's Draw macro) repeat BEGIN/END with
// INSTANCE_ID SUBSEQUENT, so a draw is held until a method other than these comes, and each
// repeat of the same draw adds an instance to it. Indirect draws are macros reading their
// parameters from the pushbuffer, which a GP entry at the indirect buffer supplies (deko3d's
// dkCmdBufDrawIndirect; the MAXWELL_B and AMPERE_B classes have no indirect-draw method). The
// draw then goes to the host GPU with the class's state (draw_state.h), its programs
// (shader_programs.h) and the bound constant buffers; `Flush()` sends a held draw at once
// (before any other method is applied and when the channel stops).

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "gpu/draw_call.h"
#include "gpu/engines/constant_buffers.h"
#include "gpu/engines/engine.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

class Draws {
public:
    Draws(EngineContext& context, u32 class_number) : context_(context), class_(class_number) {}

    // Methods that shape a draw (they do not send a held one).
    bool Shapes(u32 method) const;
    // After the register file holds the write.
    void Execute(const RegisterFile& registers, const ConstantBuffers& buffers, u32 method,
                 u32 argument);
    void Flush(const RegisterFile& registers, const ConstantBuffers& buffers);

    u64 DrawsSent() const { return sent_; }

    // The most inline indices one draw collects; those beyond are dropped, named once.
    static constexpr std::size_t kLargestInlineIndices = 1u << 20;

private:
    enum class Source : u8 { Vertices, IndexBuffer, InlineIndices };
    struct Shape {
        u32 topology = 0;
        Source source = Source::Vertices;
        u32 first = 0;
        u32 count = 0;
        u32 base_vertex = 0;
        u32 base_instance = 0;
        std::optional<IndexSize> index_size;  // the one-word draw's, over SET_INDEX_BUFFER_E
        std::vector<u32> indices;             // inline indices
        bool operator==(const Shape&) const = default;
    };
    // Opens a draw (BEGIN or a one-word draw): sends the held one unless this repeats it.
    void Begin(const RegisterFile& registers, const ConstantBuffers& buffers, bool subsequent);
    // Closes it (END or a one-word draw): the held draw gains `instances` or is replaced.
    void End(const RegisterFile& registers, const ConstantBuffers& buffers, Shape shape,
             u32 instances = 1);
    void OneWordDraw(const RegisterFile& registers, const ConstantBuffers& buffers, u32 argument,
                     bool subsequent, Source source, std::optional<IndexSize> index_size);
    void TuringDraw(const RegisterFile& registers, const ConstantBuffers& buffers, Source source);
    void AddInlineIndex(u32 index);
    void NameOnce(const std::string& what);

    EngineContext& context_;
    u32 class_;
    // What DRAW_VERTEX_ARRAY or DRAW_INDEX_BUFFER last said (it lasts from draw to draw, as
    // macros that repeat BEGIN/END may write it once), and whether the open draw has inline
    // indices.
    Source source_ = Source::Vertices;
    bool inline_draw_ = false;
    bool continues_ = false;  // the open draw repeats the held one as its next instance
    std::optional<Shape> held_;
    u32 held_instances_ = 0;
    std::vector<u32> inline_indices_;      // of the open draw
    std::optional<u32> inline_remaining_;  // indices SET_INLINE_INDEX*_ALIGN left to take
    u32 inline_skip_ = 0;                  // indices of the next packed word to skip
    u64 sent_ = 0;
    std::set<std::string> named_;
};

}  // namespace gpu::engines
