#include "nvk_replay.h"

#include <chrono>

#include "base/error.h"
#include "base/log.h"

namespace gpu_test {
namespace {

// AMPERE_CHANNEL_GPFIFO_A, GA10x's host class (OGD classes/host/clc56f.h).
constexpr u32 kAmpereGpfifo = 0xC56F;
// How long a replayed submission may stall (a semaphore acquire nothing releases) in all.
constexpr auto kStallLimit = std::chrono::milliseconds(2000);
constexpr auto kSubmissionLimit = std::chrono::seconds(60);
// The copy engine sits on subchannel 4 of a channel without a SET_OBJECT from the driver
// (NVIDIA's cla06fsubch.h: NVA06F_SUBCHANNEL_COPY_ENGINE 4; NVK's copies use it so): the
// kernel's channel has GA10x's AMPERE_DMA_COPY_B (0xC7B5) there, the replay binds it first.
constexpr u32 kCopySubchannel = 4;
constexpr u32 kAmpereDmaCopyB = 0xC7B5;

}  // namespace

NvkReplay::NvkReplay(std::shared_ptr<gpu::HostGpu> host_gpu)
    : host_gpu_(std::move(host_gpu)),
      memory_(std::make_shared<gpu::MemoryManager>()),
      syncpoints_(std::make_shared<gpu::SyncpointManager>()),
      dump_(gpu::GpuDump::FromEnvironment()) {}

void NvkReplay::Run(const std::vector<NvkRecord>& records) {
    for (const NvkRecord& record : records) {
        std::visit([this](const auto& r) { Apply(r); }, record);
    }
}

std::vector<u8> NvkReplay::Read(u64 address, u64 bytes) const {
    std::vector<u8> out(bytes, 0);
    memory_->Read(address, out, "the NVK replay's result");
    return out;
}

const std::shared_ptr<HostMemory>& NvkReplay::Object(u32 handle, const char* what) {
    const auto found = objects_.find(handle);
    if (found == objects_.end()) {
        base::Fail("NVK replay: {} of buffer object {}, which the capture never made", what,
                   handle);
    }
    return found->second;
}

void NvkReplay::Apply(const NvkBufferObject& bo) {
    if (bo.size > (u64{1} << 32)) {
        base::Fail("NVK replay: buffer object {} of {:#x} bytes is larger than 4 GiB", bo.handle,
                   bo.size);
    }
    objects_[bo.handle] = std::make_shared<HostMemory>(bo.size);
}

void NvkReplay::Apply(const NvkClose& close) {
    Object(close.handle, "GEM_CLOSE");
    objects_.erase(close.handle);  // its mappings keep its memory while they stand
}

void NvkReplay::Apply(const NvkBind& bind) {
    const bool sparse = (bind.flags & NvkBind::kSparse) != 0;
    if (bind.op == NvkBind::kUnmap) {
        if (sparse) {
            memory_->Free(bind.address);
        } else {
            memory_->UnmapRange(bind.address, bind.size);
        }
        return;
    }
    if (sparse) {
        if (!memory_->Reserve(bind.size, gpu::kSmallPageSize, bind.address, gpu::kSmallPageSize,
                              true)) {
            base::Fail("NVK replay: sparse region {:#x} + {:#x} does not fit the address space",
                       bind.address, bind.size);
        }
        return;
    }
    const std::shared_ptr<HostMemory>& object = Object(bind.handle, "VM_BIND");
    if (bind.object_offset > object->Size() || bind.size > object->Size() - bind.object_offset) {
        base::Fail(
            "NVK replay: VM_BIND of {:#x} bytes at {:#x} in buffer object {} of {:#x} "
            "bytes",
            bind.size, bind.object_offset, bind.handle, object->Size());
    }
    if (!memory_->Map(bind.address, bind.size, object, bind.object_offset, gpu::kSmallPageSize,
                      bind.flags & 0xFF)) {
        base::Fail("NVK replay: mapping {:#x} + {:#x} does not fit the address space", bind.address,
                   bind.size);
    }
}

void NvkReplay::Apply(const NvkWrite& write) {
    HostMemory& object = *Object(write.handle, "a CPU write");
    if (write.offset > object.Size() || write.bytes.size() > object.Size() - write.offset) {
        base::Fail(
            "NVK replay: a CPU write of {:#x} bytes at {:#x} in buffer object {} of "
            "{:#x} bytes",
            write.bytes.size(), write.offset, write.handle, object.Size());
    }
    std::copy(write.bytes.begin(), write.bytes.end(), object.bytes.begin() + write.offset);
}

gpu::Channel& NvkReplay::ChannelFor(u32 id) {
    auto& channel = channels_[id];
    if (!channel) {
        gpu::ChannelSetup setup = ChannelSetupFor(id, kAmpereGpfifo, syncpoints_);
        setup.stall_limit = kStallLimit;
        setup.host_gpu = host_gpu_;
        setup.dump = dump_;
        channel = std::make_shared<gpu::Channel>(std::move(setup));
        channel->BindMemory(memory_);
    }
    return *channel;
}

void NvkReplay::Apply(const NvkExec& exec) {
    gpu::Submission submission;
    for (const NvkPush& push : exec.pushes) {
        if (push.bytes % 4 != 0 || push.bytes / 4 >= (1u << 21)) {
            base::Fail(
                "NVK replay: a push of {} bytes at {:#x} is not a whole number of words "
                "a GP entry can hold",
                push.bytes, push.address);
        }
        // NO_PREFETCH (bit 0) only tells the GPU not to read ahead: the same words run.
        submission.entries.push_back(GpEntryFor(push.address, push.bytes / 4));
    }
    if (submission.entries.empty()) {
        return;  // a submission of syncs only
    }
    const bool first = !channels_.contains(exec.channel);
    gpu::Channel& channel = ChannelFor(exec.channel);
    if (first) {
        Method(submission.prologue, kCopySubchannel, 0, {kAmpereDmaCopyB});
    }
    channel.Queue(std::move(submission));
    const auto start = std::chrono::steady_clock::now();
    while (channel.HasWork()) {
        channel.Run();
        if (std::chrono::steady_clock::now() - start > kSubmissionLimit) {
            base::Fail("NVK replay: submission {} did not end within a minute", submissions_);
        }
    }
    ++submissions_;
}

}  // namespace gpu_test
