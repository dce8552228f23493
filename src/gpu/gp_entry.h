#pragma once

// A GPFIFO entry: 8 bytes naming a pushbuffer segment (its GPU address and length in words) or,
// with length 0, a control entry (OGD manuals/ampere/ga100/dev_pbdma.ref.txt "GP_ENTRY";
// clc56f.h NVC56F_GP_ENTRY*).

#include "base/types.h"

namespace gpu {

enum class GpControl : u8 { Nop = 0, Illegal = 1, GpCrc = 2, PbCrc = 3 };

struct GpEntry {
    u64 address = 0;                 // GET and GET_HI: bits 39:2 of the segment's GPU address
    u32 length = 0;                  // words in the segment; 0 for a control entry
    bool fetch_conditional = false;  // FETCH: only if the subdevice mask is active
    bool privileged = false;
    bool subroutine = false;  // LEVEL: 0 main, 1 subroutine
    bool sync = false;        // SYNC: wait until the previous segment has been parsed
    u8 control = 0;           // OPCODE of a control entry (GpControl)

    static GpEntry Decode(u64 raw);
    bool IsControl() const { return length == 0; }
};

}  // namespace gpu
