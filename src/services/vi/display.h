#pragma once

// The console's display as vi shows it to a program: its one "Default" display of the console
// model's size, the layers opened on it, each with a buffer queue behind a binder id, and its
// vsync: 60 times a second on the guest clock (the host's steady clock, except under
// --deterministic), or at the pacing's rate. At each vsync the vsync event is signalled and
// every queue shows its next frame.

#include <map>
#include <memory>
#include <mutex>

#include "kernel/event.h"
#include "kernel/ipc_session.h"
#include "profile/console_model.h"
#include "services/am/operation_mode.h"
#include "services/vi/buffer_queue.h"
#include "services/vi/display_pacing.h"
#include "services/vi/presented_frames.h"

namespace services::vi {

class VsyncWork;

class Display {
public:
    static constexpr u64 kDefaultDisplayId = 0;

    // `operation_mode`, when given, is followed: a docked console shows the TV's size.
    Display(const profile::ConsoleModel& console, std::shared_ptr<nvdrv::NvMap> nvmap,
            std::shared_ptr<PresentedFrames> frames,
            std::shared_ptr<am::OperationModeSwitch> operation_mode = nullptr,
            DisplayPacing pacing = {});
    ~Display();

    profile::DisplaySize Size() const;
    // A new layer and its buffer queue; the layer's id.
    u64 CreateLayer();
    bool DestroyLayer(u64 layer_id);
    // The binder id of a layer's queue (what the native window parcel names), or 0.
    u32 BinderIdOf(u64 layer_id) const;
    std::shared_ptr<BufferQueue> QueueFor(u32 binder_id) const;
    // The display's vsync event; the vsync starts with the first request for it.
    std::shared_ptr<kernel::ReadableEvent> VsyncEvent(kernel::IpcEnvironment& environment);
    // Starts the vsync (as kernel periodic work) if it has not started: before the first
    // binder transaction, so that queued buffers are shown.
    void StartVsync(kernel::IpcEnvironment& environment);

private:
    profile::ConsoleModel console_;
    DisplayPacing pacing_;
    std::shared_ptr<am::OperationModeSwitch> operation_mode_;
    std::shared_ptr<nvdrv::NvMap> nvmap_;
    std::shared_ptr<PresentedFrames> frames_;
    mutable std::mutex mutex_;
    std::map<u64, u32> layers_;  // layer id -> binder id
    std::map<u32, std::shared_ptr<BufferQueue>> queues_;
    u64 next_layer_ = 1;
    u32 next_binder_ = 1;
    std::shared_ptr<VsyncWork> vsync_;
    bool vsync_started_ = false;
};

}  // namespace services::vi
