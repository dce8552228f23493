#include "gpu/method_header.h"

#include "base/bits.h"

namespace gpu {

MethodHeader MethodHeader::Decode(u32 word) {
    MethodHeader header;
    header.subchannel = static_cast<u32>(base::Bits(word, 13, 3));
    header.method = static_cast<u32>(base::Bits(word, 0, 12));
    header.count = static_cast<u32>(base::Bits(word, 16, 13));
    const u32 sec_op = static_cast<u32>(base::Bits(word, 29, 3));
    const u32 tert_op = static_cast<u32>(base::Bits(word, 16, 2));
    // The old forms: method address 12:2 (a byte address), count 28:18.
    const auto old_form = [&](MethodForm form) {
        header.form = form;
        header.method = static_cast<u32>(base::Bits(word, 2, 11));
        header.count = static_cast<u32>(base::Bits(word, 18, 11));
    };
    switch (sec_op) {
        case 0:
            switch (tert_op) {
                case 0:
                    old_form(MethodForm::Incrementing);  // the all-zero word: a run of none, a NOP
                    break;
                case 1:
                    header.form = MethodForm::SetSubdeviceMask;
                    break;
                case 2:
                    header.form = MethodForm::StoreSubdeviceMask;
                    break;
                default:
                    header.form = MethodForm::UseSubdeviceMask;
                    break;
            }
            header.mask = static_cast<u32>(base::Bits(word, 4, 12));
            if (tert_op != 0) {
                header.count = 0;
            }
            break;
        case 1:
            header.form = MethodForm::Incrementing;
            break;
        case 2:
            if (tert_op == 0) {
                old_form(MethodForm::NonIncrementing);
            } else {
                header.form = MethodForm::Reserved;
                header.count = 0;
            }
            break;
        case 3:
            header.form = MethodForm::NonIncrementing;
            break;
        case 4:
            header.form = MethodForm::Immediate;
            header.immediate = header.count;
            header.count = 0;
            break;
        case 5:
            header.form = MethodForm::IncrementOnce;
            break;
        case 6:
            header.form = MethodForm::Reserved;
            header.count = 0;
            break;
        default:
            header.form = MethodForm::EndSegment;
            header.count = 0;
            break;
    }
    return header;
}

}  // namespace gpu
