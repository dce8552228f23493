#include "gpu/engines/inline_to_memory.h"

#include <algorithm>

#include "base/bits.h"
#include "base/log.h"

namespace gpu::engines {
namespace {

constexpr u32 kLineCount = 0x184 / 4;
constexpr u32 kOffsetOutUpper = 0x188 / 4;
constexpr u32 kPitchOut = 0x190 / 4;
constexpr u32 kDstBlockSize = 0x194 / 4;
constexpr u32 kDstWidth = 0x198 / 4;
constexpr u32 kDstHeight = 0x19C / 4;
constexpr u32 kDstDepth = 0x1A0 / 4;
constexpr u32 kDstLayer = 0x1A4 / 4;
constexpr u32 kDstOriginX = 0x1A8 / 4;
constexpr u32 kDstOriginY = 0x1AC / 4;

}  // namespace

void InlineToMemory::CallMethod(const RegisterFile& registers, u32 method, u32 argument) {
    if (method == kLaunchDma) {
        context_.host_gpu->Synchronize();  // its writes come after the host GPU's
        Launch(registers, argument);
    } else if (method == kLoadInlineData) {
        if (!transfer_) {
            if (!named_stray_data_) {
                named_stray_data_ = true;
                LOG_WARNING("gpu",
                            "channel {}: class {:#x} LOAD_INLINE_DATA with no LAUNCH_DMA "
                            "before it: the data are dropped",
                            context_.channel_id, class_number_);
            }
            return;
        }
        for (int byte = 0; byte < 4; ++byte) {
            data_.push_back(static_cast<u8>(argument >> (8 * byte)));
        }
        if (data_.size() >= transfer_->Bytes()) {
            Complete();
        }
    }
}

void InlineToMemory::Launch(const RegisterFile& registers, u32 argument) {
    if (transfer_) {
        LOG_WARNING("gpu",
                    "channel {}: class {:#x} LAUNCH_DMA while the last one still waited "
                    "for {} of its {} bytes: those are dropped",
                    context_.channel_id, class_number_, transfer_->Bytes() - data_.size(),
                    transfer_->Bytes());
    }
    transfer_.reset();
    data_.clear();
    Transfer transfer;
    transfer.address = registers.Address(kOffsetOutUpper);
    transfer.line_length = registers.Get(kLineLengthIn);
    transfer.line_count = registers.Get(kLineCount);
    transfer.pitch = registers.Get(kPitchOut);
    transfer.pitch_layout = base::Bit(argument, 0);
    const u32 block = registers.Get(kDstBlockSize);
    transfer.surface = BlockLinearSurface{
        registers.Get(kDstWidth), registers.Get(kDstHeight),
        std::min<u32>(static_cast<u32>(base::Bits(block, 4, 4)), 5), registers.Get(kDstDepth),
        std::min<u32>(static_cast<u32>(base::Bits(block, 8, 4)), 5)};
    transfer.origin_x = registers.Get(kDstOriginX) & 0xFFFFF;
    transfer.origin_y = registers.Get(kDstOriginY) & 0xFFFF;
    transfer.layer = registers.Get(kDstLayer);
    if (base::Bits(argument, 4, 2) == 2 && !named_completion_) {
        named_completion_ = true;
        LOG_WARNING("gpu",
                    "channel {}: class {:#x} LAUNCH_DMA asks for a semaphore release when "
                    "done (COMPLETION_TYPE_RELEASE_SEMAPHORE), which nxhost does not execute: "
                    "the data are written, the semaphore is not",
                    context_.channel_id, class_number_);
    }
    if (transfer.Bytes() == 0) {
        return;
    }
    if (transfer.Bytes() > context_.largest_transfer) {
        LOG_WARNING("gpu",
                    "channel {}: class {:#x} LAUNCH_DMA of {} lines of {} bytes is "
                    "refused (more than the {} bytes a transfer may move)",
                    context_.channel_id, class_number_, transfer.line_count, transfer.line_length,
                    context_.largest_transfer);
        return;
    }
    transfer_ = transfer;
    data_.reserve(transfer.Bytes());
}

void InlineToMemory::Complete() {
    const Transfer transfer = *transfer_;
    transfer_.reset();
    MemoryManager& memory = *context_.memory;
    const std::span<const u8> data(data_.data(), transfer.Bytes());
    for (u32 line = 0; line < transfer.line_count; ++line) {
        const auto bytes = data.subspan(u64{line} * transfer.line_length, transfer.line_length);
        if (transfer.pitch_layout) {
            memory.Write(transfer.address + u64{line} * transfer.pitch, bytes, "inline-to-memory");
            continue;
        }
        // Block-linear: runs up to each 16-byte boundary stay contiguous.
        u32 x = 0;
        while (x < transfer.line_length) {
            const u32 column = transfer.origin_x + x;
            const u32 run = std::min(16 - column % 16, transfer.line_length - x);
            const u64 offset =
                transfer.surface.Offset(column, transfer.origin_y + line, transfer.layer);
            memory.Write(transfer.address + offset, bytes.subspan(x, run), "inline-to-memory");
            x += run;
        }
    }
    data_.clear();
}

void InlineToMemoryEngine::CallMethod(u32 method, u32 argument, bool) {
    registers_.Set(method, argument);
    if (InlineToMemory::Handles(method)) {
        inline_to_memory_.CallMethod(registers_, method, argument);
    }
}

}  // namespace gpu::engines
