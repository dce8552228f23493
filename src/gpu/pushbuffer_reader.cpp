#include "gpu/pushbuffer_reader.h"

#include "base/log.h"

namespace gpu {

void PushbufferReader::Header(const MethodHeader& header) {
    switch (header.form) {
        case MethodForm::Incrementing:
        case MethodForm::NonIncrementing:
        case MethodForm::IncrementOnce:
            form_ = header.form;
            method_ = header.method;
            subchannel_ = header.subchannel;
            remaining_ = header.count;
            break;
        case MethodForm::SetSubdeviceMask:
            enabled_ = (header.mask & 1) != 0;
            break;
        case MethodForm::StoreSubdeviceMask:
            stored_mask_ = header.mask;
            break;
        case MethodForm::UseSubdeviceMask:
            enabled_ = (stored_mask_ & 1) != 0;
            break;
        case MethodForm::Reserved:
            // SEC_OP 6 has no format: the word is skipped, as its count is unknown.
            if (reserved_named_++ == 0) {
                LOG_WARNING("gpu",
                            "pushbuffer header with the reserved SEC_OP 6 (a word the "
                            "hardware faults on): skipped");
            }
            break;
        case MethodForm::Immediate:
        case MethodForm::EndSegment:
            break;
    }
}

}  // namespace gpu
