#pragma once

// The 3D class's draws (OGD classes/3d/clb197.h): BEGIN (0x1618: OP 15:0 the topology,
// INSTANCE_ID 27:26 FIRST 0 / SUBSEQUENT 1 / UNCHANGED 2) opens a draw, SET_VERTEX_ARRAY_START
// (0xD74) + DRAW_VERTEX_ARRAY (0xD78, the count) make it a draw of vertices, SET_INDEX_BUFFER_F
// (0x17DC, the first index) + DRAW_INDEX_BUFFER (0x17E0, the count) a draw of indices, and END
// (0x1614) makes it. Maxwell has no instance count: drivers (deko3d's Draw macro) repeat
// BEGIN/END with INSTANCE_ID SUBSEQUENT, so a draw is held until a method other than these
// comes, and each repeat of the same draw adds an instance to it. The draw then goes to the
// host GPU with the class's state (draw_state.h), its programs (shader_programs.h) and the
// bound constant buffers; `Flush()` sends a held draw at once (before any other method is
// applied and when the channel stops).

#include <optional>
#include <set>
#include <string>

#include "gpu/engines/constant_buffers.h"
#include "gpu/engines/engine.h"
#include "gpu/engines/register_file.h"

namespace gpu::engines {

class Draws {
public:
    Draws(EngineContext& context, u32 class_number) : context_(context), class_(class_number) {}

    // Methods that shape a draw (they do not send a held one).
    static bool Shapes(u32 method);
    // After the register file holds the write.
    void Execute(const RegisterFile& registers, const ConstantBuffers& buffers, u32 method,
                 u32 argument);
    void Flush(const RegisterFile& registers, const ConstantBuffers& buffers);

    u64 DrawsSent() const { return sent_; }

private:
    struct Shape {
        u32 topology = 0;
        bool indexed = false;
        u32 first = 0;
        u32 count = 0;
        u32 base_vertex = 0;
        u32 base_instance = 0;
        bool operator==(const Shape&) const = default;
    };
    void NameOnce(const std::string& what);

    EngineContext& context_;
    u32 class_;
    bool indexed_ = false;
    bool continues_ = false;  // the open draw repeats the held one as its next instance
    std::optional<Shape> held_;
    u32 held_instances_ = 0;
    u64 sent_ = 0;
    std::set<std::string> named_;
};

}  // namespace gpu::engines
