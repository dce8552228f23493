#pragma once

// vi:u, vi:s, vi:m and the display services behind them (nn::visrv::sf::*): displays, layers
// and the binder relay to each layer's buffer queue. Command ids from the switchbrew "Display
// services" page and libnx services/vi.c, display/binder.c.

#include <memory>

#include "ipc/service_object.h"
#include "services/vi/display.h"

namespace services::vi {

using DisplayName = std::array<char, 0x40>;

class HosBinderDriver final : public ipc::Interface<HosBinderDriver> {
public:
    static constexpr auto kName = "nns::hosbinder::IHOSBinderDriver";
    explicit HosBinderDriver(std::shared_ptr<Display> display) : display_(std::move(display)) {}

    base::Result TransactParcel(ipc::RequestEnvironment environment, s32 id, u32 code,
                                ipc::InBuffer<ipc::kMapAlias> parcel,
                                ipc::OutBuffer<ipc::kMapAlias> reply, u32 flags);
    base::Result AdjustRefcount(s32 id, s32 delta, s32 type);
    base::Result GetNativeHandle(s32 id, u32 type, ipc::OutCopyHandle event);
    base::Result TransactParcelAuto(ipc::RequestEnvironment environment, s32 id, u32 code,
                                    ipc::InBuffer<ipc::kAutoSelect> parcel,
                                    ipc::OutBuffer<ipc::kAutoSelect> reply, u32 flags);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, HosBinderDriver::TransactParcel),
        NX_COMMAND(1, HosBinderDriver::AdjustRefcount),
        NX_COMMAND(2, HosBinderDriver::GetNativeHandle),
        NX_COMMAND(3, HosBinderDriver::TransactParcelAuto),
    };
    // A DequeueBuffer transaction may wait for the next vsync (BufferQueue::MayWaitOnHost).
    bool RequestMayWaitOnHost(u32 command, std::span<const u8> arguments) const override;

private:
    base::Result Transact(kernel::IpcEnvironment& environment, s32 id, u32 code,
                          std::span<const u8> parcel, std::span<u8> reply);
    std::shared_ptr<Display> display_;
};

class SystemDisplayService final : public ipc::Interface<SystemDisplayService> {
public:
    static constexpr auto kName = "nn::visrv::sf::ISystemDisplayService";
    explicit SystemDisplayService(std::shared_ptr<Display> display)
        : display_(std::move(display)) {}

    base::Result GetZOrderCountMin(u64 display, ipc::Out<u64> count);
    base::Result GetZOrderCountMax(u64 display, ipc::Out<u64> count);
    base::Result GetDisplayLogicalResolution(u64 display, ipc::Out<s32> width,
                                             ipc::Out<s32> height);
    base::Result SetLayerPosition(float x, float y, u64 layer);
    base::Result SetLayerSize(u64 layer, u64 width, u64 height);
    base::Result SetLayerZ(u64 layer, u64 z);
    base::Result SetLayerVisibility(u8 visible, u64 layer);
    base::Result CreateStrayLayer(u32 flags, u64 display, ipc::Out<u64> layer, ipc::Out<u64> size,
                                  ipc::OutBuffer<ipc::kMapAlias> parcel);
    base::Result GetDisplayMode(u64 display, ipc::Out<std::array<u32, 4>> mode);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(1200, SystemDisplayService::GetZOrderCountMin),
        NX_COMMAND(1202, SystemDisplayService::GetZOrderCountMax),
        NX_COMMAND(1203, SystemDisplayService::GetDisplayLogicalResolution),
        NX_COMMAND(2201, SystemDisplayService::SetLayerPosition),
        NX_COMMAND(2203, SystemDisplayService::SetLayerSize),
        NX_COMMAND(2205, SystemDisplayService::SetLayerZ),
        NX_COMMAND(2207, SystemDisplayService::SetLayerVisibility),
        NX_COMMAND(2312, SystemDisplayService::CreateStrayLayer),
        NX_COMMAND(3200, SystemDisplayService::GetDisplayMode),
    };

private:
    std::shared_ptr<Display> display_;
};

class ManagerDisplayService final : public ipc::Interface<ManagerDisplayService> {
public:
    static constexpr auto kName = "nn::visrv::sf::IManagerDisplayService";
    explicit ManagerDisplayService(std::shared_ptr<Display> display)
        : display_(std::move(display)) {}

    base::Result CreateManagedLayer(u32 flags, u64 display, u64 aruid, ipc::Out<u64> layer);
    base::Result DestroyManagedLayer(u64 layer);
    base::Result CreateStrayLayer(u32 flags, u64 display, ipc::Out<u64> layer, ipc::Out<u64> size,
                                  ipc::OutBuffer<ipc::kMapAlias> parcel);
    base::Result AddToLayerStack(u32 stack, u64 layer);
    base::Result SetLayerVisibility(u8 visible, u64 layer);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(2010, ManagerDisplayService::CreateManagedLayer),
        NX_COMMAND(2011, ManagerDisplayService::DestroyManagedLayer),
        NX_COMMAND(2012, ManagerDisplayService::CreateStrayLayer),
        NX_COMMAND(6000, ManagerDisplayService::AddToLayerStack),
        NX_COMMAND(6002, ManagerDisplayService::SetLayerVisibility),
    };

private:
    std::shared_ptr<Display> display_;
};

class ApplicationDisplayService final : public ipc::Interface<ApplicationDisplayService> {
public:
    static constexpr auto kName = "nn::visrv::sf::IApplicationDisplayService";
    ApplicationDisplayService(std::shared_ptr<Display> display, u32 permission)
        : display_(std::move(display)), permission_(permission) {}

    base::Result GetRelayService(ipc::OutObject service);
    base::Result GetSystemDisplayService(ipc::OutObject service);
    base::Result GetManagerDisplayService(ipc::OutObject service);
    base::Result GetIndirectDisplayTransactionService(ipc::OutObject service);
    base::Result ListDisplays(ipc::OutBuffer<ipc::kMapAlias> displays, ipc::Out<u64> count);
    base::Result OpenDisplay(DisplayName name, ipc::Out<u64> display);
    base::Result OpenDefaultDisplay(ipc::Out<u64> display);
    base::Result CloseDisplay(u64 display);
    base::Result SetDisplayEnabled(u32 enabled, u64 display);
    base::Result GetDisplayResolution(u64 display, ipc::Out<u64> width, ipc::Out<u64> height);
    base::Result OpenLayer(DisplayName name, u64 layer, ipc::ClientProcessId aruid,
                           ipc::Out<u64> size, ipc::OutBuffer<ipc::kMapAlias> parcel);
    base::Result CloseLayer(u64 layer);
    base::Result CreateStrayLayer(u32 flags, u64 display, ipc::Out<u64> layer, ipc::Out<u64> size,
                                  ipc::OutBuffer<ipc::kMapAlias> parcel);
    base::Result DestroyStrayLayer(u64 layer);
    base::Result SetLayerScalingMode(u32 mode, u64 layer);
    base::Result ConvertScalingMode(u32 mode, ipc::Out<u64> converted);
    base::Result GetDisplayVsyncEvent(ipc::RequestEnvironment environment, u64 display,
                                      ipc::OutCopyHandle event);

    static constexpr auto kCommands = std::array{
        NX_COMMAND(100, ApplicationDisplayService::GetRelayService),
        NX_COMMAND(101, ApplicationDisplayService::GetSystemDisplayService),
        NX_COMMAND(102, ApplicationDisplayService::GetManagerDisplayService),
        NX_COMMAND(103, ApplicationDisplayService::GetIndirectDisplayTransactionService),
        NX_COMMAND(1000, ApplicationDisplayService::ListDisplays),
        NX_COMMAND(1010, ApplicationDisplayService::OpenDisplay),
        NX_COMMAND(1011, ApplicationDisplayService::OpenDefaultDisplay),
        NX_COMMAND(1020, ApplicationDisplayService::CloseDisplay),
        NX_COMMAND(1101, ApplicationDisplayService::SetDisplayEnabled),
        NX_COMMAND(1102, ApplicationDisplayService::GetDisplayResolution),
        NX_COMMAND(2020, ApplicationDisplayService::OpenLayer),
        NX_COMMAND(2021, ApplicationDisplayService::CloseLayer),
        NX_COMMAND(2030, ApplicationDisplayService::CreateStrayLayer),
        NX_COMMAND(2031, ApplicationDisplayService::DestroyStrayLayer),
        NX_COMMAND(2101, ApplicationDisplayService::SetLayerScalingMode),
        NX_COMMAND(2102, ApplicationDisplayService::ConvertScalingMode),
        NX_COMMAND(5202, ApplicationDisplayService::GetDisplayVsyncEvent),
    };

private:
    std::shared_ptr<Display> display_;
    u32 permission_;  // 0 application (vi:u), 1 system (vi:s), 2 manager (vi:m)
};

// vi:u (0), vi:s (1), vi:m (2): each root service's one command opens the display service.
template <u32 Permission>
class RootService final : public ipc::Interface<RootService<Permission>> {
public:
    static constexpr auto kName = Permission == 0 ? "vi:u" : Permission == 1 ? "vi:s" : "vi:m";
    explicit RootService(std::shared_ptr<Display> display) : display_(std::move(display)) {}

    base::Result GetDisplayService(u32, ipc::OutObject service) {
        *service.object = std::make_shared<ApplicationDisplayService>(display_, Permission);
        return base::ResultSuccess;
    }

    static constexpr auto kCommands =
        std::array{NX_COMMAND(Permission, RootService<Permission>::GetDisplayService)};

private:
    std::shared_ptr<Display> display_;
};

}  // namespace services::vi
