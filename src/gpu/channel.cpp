#include "gpu/channel.h"

#include <fmt/format.h>

#include "base/log.h"
#include "gpu/class_ids.h"

namespace gpu {

Channel::Channel(ChannelSetup setup)
    : setup_(std::move(setup)),
      context_{setup_.id,       std::make_shared<MemoryManager>(), setup_.largest_transfer,
               setup_.host_gpu, setup_.syncpoints.get(),           setup_.dump,
               setup_.work},
      host_(context_, *setup_.syncpoints, setup_.gpfifo_class) {}

void Channel::BindMemory(std::shared_ptr<MemoryManager> memory) {
    std::lock_guard lock(run_mutex_);
    context_.memory = std::move(memory);
}

void Channel::Queue(Submission submission) {
    std::lock_guard lock(queue_mutex_);
    if (!submission.prologue.empty()) {
        segments_.push_back(Segment{true, {}, std::move(submission.prologue), true, 0});
    }
    for (const u64 raw : submission.entries) {
        segments_.push_back(Segment{false, GpEntry::Decode(raw), {}, false, 0});
    }
    if (!submission.epilogue.empty()) {
        segments_.push_back(Segment{true, {}, std::move(submission.epilogue), true, 0});
    }
}

bool Channel::HasWork() const {
    std::lock_guard lock(queue_mutex_);
    return !segments_.empty();
}

void Channel::Cancel() {
    cancelled_ = true;
    std::lock_guard run(run_mutex_);  // a Run under way sees the flag and returns
    std::lock_guard lock(queue_mutex_);
    segments_.clear();
}

const engines::Engine* Channel::EngineOn(u32 subchannel) const {
    return subchannel < kSubchannels ? subchannels_[subchannel] : nullptr;
}

// Fetches a GP entry's segment; false for a control entry, which is handled here.
bool Channel::Load(Segment& segment) {
    segment.loaded = true;
    const GpEntry& entry = segment.entry;
    if (setup_.dump) {
        setup_.dump->Note(setup_.id,
                          entry.IsControl()
                              ? fmt::format("gp control entry, opcode {}", entry.control)
                              : fmt::format("gp entry {:#x}, {} words, {}{}", entry.address,
                                            entry.length, entry.subroutine ? "subroutine" : "main",
                                            entry.sync ? ", sync" : ""));
    }
    if (entry.IsControl()) {
        if (entry.control != static_cast<u8>(GpControl::Nop) && !control_named_) {
            control_named_ = true;
            LOG_WARNING("gpu", "channel {}: GP control entry with opcode {} ({}): nothing done",
                        setup_.id, entry.control,
                        entry.control == static_cast<u8>(GpControl::Illegal)
                            ? "ILLEGAL, which faults the channel on the hardware"
                            : "a CRC check, which nxhost does not make");
        }
        return false;
    }
    segment.words.resize(entry.length);
    context_.memory->Read(
        entry.address,
        {reinterpret_cast<u8*>(segment.words.data()), segment.words.size() * sizeof(u32)},
        "GPFIFO segment fetch");
    return true;
}

void Channel::Bind(u32 subchannel, u32 class_id) {
    auto& engine = engines_[class_id];
    if (!engine) {
        engine = engines::MakeEngine(class_id, context_);
    }
    if (!engine) {
        LOG_WARNING("gpu",
                    "channel {}: SET_OBJECT of class {:#06x} on subchannel {}: nxhost "
                    "has no engine for it; the subchannel's methods are dropped",
                    setup_.id, class_id, subchannel);
    }
    subchannels_[subchannel] = engine.get();
    bound_class_[subchannel] = class_id;
}

HostOutcome Channel::Execute(const MethodCall& call) {
    HostOutcome outcome = HostOutcome::Done;
    if (call.method < HostMethods::kCount) {
        // A held draw comes before the host class's fences and semaphores.
        FlushEngines();
        if (call.method == HostMethods::kSetObject) {
            Bind(call.subchannel, call.argument & 0xFFFF);
        } else {
            outcome = host_.CallMethod(call.method, call.argument);
        }
    } else if (engines::Engine* engine = subchannels_[call.subchannel]) {
        engine->CallMethod(call.method, call.argument, call.is_last_call);
    } else if ((unbound_named_ & (1u << call.subchannel)) == 0) {
        unbound_named_ |= 1u << call.subchannel;
        LOG_WARNING("gpu",
                    "channel {}: method {:#06x} on subchannel {}, which {}: dropped (named "
                    "once per subchannel)",
                    setup_.id, call.method * 4, call.subchannel,
                    bound_class_[call.subchannel] == 0 ? "no SET_OBJECT bound"
                                                       : "has a class nxhost has no engine for");
    }
    if (outcome != HostOutcome::Stall) {
        ++methods_executed_;
        if (setup_.dump) {
            setup_.dump->Method(setup_.id, call.subchannel, setup_.gpfifo_class,
                                bound_class_[call.subchannel], call.method, call.argument);
        }
    }
    return outcome;
}

void Channel::FlushEngines() {
    for (auto& [class_id, engine] : engines_) {
        if (engine) {
            engine->Flush();
        }
    }
}

ChannelProgress Channel::Run() {
    std::lock_guard run(run_mutex_);
    const ChannelProgress progress = RunSegments();
    FlushEngines();
    // Work the host GPU still holds reaches guest memory whenever the channel stops: the CPU
    // may read it before any fence of this channel says so.
    context_.host_gpu->Synchronize();
    return progress;
}

ChannelProgress Channel::RunSegments() {
    for (;;) {
        if (cancelled_) {
            stalled_.reset();
            return ChannelProgress::Idle;
        }
        if (stalled_) {
            const HostOutcome outcome = Execute(*stalled_);
            if (outcome == HostOutcome::Stall) {
                if (std::chrono::steady_clock::now() - stalled_since_ < setup_.stall_limit) {
                    return ChannelProgress::Stalled;
                }
                LOG_WARNING("gpu",
                            "channel {}: {} has waited {} ms: passed over (the hardware "
                            "would wait for ever)",
                            setup_.id, host_.DescribeStall(), setup_.stall_limit.count());
            }
            stalled_.reset();
            if (outcome == HostOutcome::Yield) {
                return ChannelProgress::Yielded;
            }
        }
        Segment* segment = nullptr;
        {
            std::lock_guard lock(queue_mutex_);
            if (segments_.empty()) {
                if (setup_.dump) {
                    setup_.dump->Flush();
                }
                return ChannelProgress::Idle;
            }
            segment = &segments_.front();
        }
        if (!segment->loaded && !Load(*segment)) {
            std::lock_guard lock(queue_mutex_);
            if (!segments_.empty()) {
                segments_.pop_front();
            }
            continue;
        }
        // A subroutine segment has its own run state: the main segment's run goes on after.
        PushbufferReader& reader =
            !segment->driver_words && segment->entry.subroutine ? subroutine_reader_ : main_reader_;
        HostOutcome last = HostOutcome::Done;
        bool ended = false;
        segment->position =
            reader.Feed(segment->words, segment->position, ended, [&](const MethodCall& call) {
                last = Execute(call);
                if (last == HostOutcome::Stall) {
                    stalled_ = call;
                    stalled_since_ = std::chrono::steady_clock::now();
                }
                return last == HostOutcome::Done && !cancelled_;
            });
        if (ended || segment->position >= segment->words.size()) {
            std::lock_guard lock(queue_mutex_);
            if (!segments_.empty()) {
                segments_.pop_front();
            }
        }
        if (last == HostOutcome::Stall) {
            return ChannelProgress::Stalled;
        }
        if (last == HostOutcome::Yield) {
            return ChannelProgress::Yielded;
        }
    }
}

}  // namespace gpu
