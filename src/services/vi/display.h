#pragma once

// The console's display as vi shows it to a program: its one "Default" display of the console
// model's size, the layers opened on it, each with a buffer queue behind a binder id, and the
// 60 Hz vsync event on the guest clock.

#include <map>
#include <memory>
#include <mutex>

#include "kernel/event.h"
#include "kernel/ipc_session.h"
#include "profile/console_model.h"
#include "services/am/operation_mode.h"
#include "services/vi/buffer_queue.h"

namespace services::vi {

class VsyncWork;

class Display {
public:
    static constexpr u64 kDefaultDisplayId = 0;

    // `operation_mode`, when given, is followed: a docked console shows the TV's size.
    Display(const profile::ConsoleModel& console, std::shared_ptr<nvdrv::NvMap> nvmap,
            std::shared_ptr<PresentedFrames> frames,
            std::shared_ptr<am::OperationModeSwitch> operation_mode = nullptr);
    ~Display();

    profile::DisplaySize Size() const;
    // A new layer and its buffer queue; the layer's id.
    u64 CreateLayer();
    bool DestroyLayer(u64 layer_id);
    // The binder id of a layer's queue (what the native window parcel names), or 0.
    u32 BinderIdOf(u64 layer_id) const;
    std::shared_ptr<BufferQueue> QueueFor(u32 binder_id) const;
    // The display's vsync event, ticking from the first request for it.
    std::shared_ptr<kernel::ReadableEvent> VsyncEvent(kernel::IpcEnvironment& environment);

private:
    profile::ConsoleModel console_;
    std::shared_ptr<am::OperationModeSwitch> operation_mode_;
    std::shared_ptr<nvdrv::NvMap> nvmap_;
    std::shared_ptr<PresentedFrames> frames_;
    mutable std::mutex mutex_;
    std::map<u64, u32> layers_;  // layer id -> binder id
    std::map<u32, std::shared_ptr<BufferQueue>> queues_;
    u64 next_layer_ = 1;
    u32 next_binder_ = 1;
    std::shared_ptr<kernel::ReadableEvent> vsync_event_;
    std::shared_ptr<VsyncWork> vsync_work_;
};

}  // namespace services::vi
