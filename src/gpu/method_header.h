#pragma once

// A pushbuffer method header (OGD manuals/ampere/ga100/dev_ram.ref.txt "FIFO_DMA"; clc56f.h
// NVC56F_DMA_*): SEC_OP 31:29 says how the words after it are spread over methods; count 28:16,
// subchannel 15:13, method index 11:0. SEC_OP 0 and 2 take TERT_OP 17:16: the old (Fermi)
// incrementing and non-incrementing forms with count 28:18 and method address 12:2, and the
// subdevice-mask operations.

#include "base/types.h"

namespace gpu {

enum class MethodForm : u8 {
    Incrementing,      // count words to method, method + 1, ...
    NonIncrementing,   // count words, all to method
    IncrementOnce,     // the first word to method, the rest to method + 1
    Immediate,         // no words: the 13-bit value in the header is the argument
    SetSubdeviceMask,  // the next methods apply to the subdevices in the mask
    StoreSubdeviceMask,
    UseSubdeviceMask,  // back to the stored mask
    EndSegment,        // the segment ends here
    Reserved,          // SEC_OP 6: no format defined
};

struct MethodHeader {
    MethodForm form = MethodForm::Incrementing;
    u32 method = 0;  // method index (byte offset / 4)
    u32 subchannel = 0;
    u32 count = 0;      // argument words that follow
    u32 immediate = 0;  // Immediate's argument
    u32 mask = 0;       // the subdevice-mask forms' mask (15:4)

    static MethodHeader Decode(u32 word);
};

}  // namespace gpu
