#include "services/vi/vi_service.h"

#include <cstring>

#include "base/log.h"

namespace services::vi {
namespace {

// vi's result codes (module 114), as the public documentation lists them.
constexpr base::Result ResultOperationFailed{114, 1};
constexpr base::Result ResultPermissionDenied{114, 5};
constexpr base::Result ResultNotSupported{114, 6};
constexpr base::Result ResultNotFound{114, 7};

// The native window a layer's parcel describes: the binder id of its buffer queue at payload
// word 2, then the driver's name (yuzu vi/vi_types.h's NativeWindow).
void WriteNativeWindow(u32 binder_id, std::span<u8> out, u64& size) {
    ParcelWriter parcel;
    parcel.WriteU32(2);
    parcel.WriteU32(1);
    parcel.WriteU32(binder_id);
    parcel.WriteU32(0);
    parcel.WriteU32(0);
    parcel.WriteU32(0);
    const char driver[8] = "dispdrv";
    parcel.WriteBytes({reinterpret_cast<const u8*>(driver), sizeof(driver)});
    parcel.WriteU64(0);
    const std::vector<u8> bytes = parcel.Serialize();
    std::memcpy(out.data(), bytes.data(), std::min(out.size(), bytes.size()));
    size = bytes.size();
}

bool IsDefaultDisplay(u64 display) {
    return display == Display::kDefaultDisplayId;
}

base::Result CreateStrayLayerOn(Display& display, u64 display_id, ipc::Out<u64> layer,
                                ipc::Out<u64> size, std::span<u8> parcel) {
    if (!IsDefaultDisplay(display_id)) {
        return ResultNotFound;
    }
    *layer = display.CreateLayer();
    WriteNativeWindow(display.BinderIdOf(*layer), parcel, *size);
    return base::ResultSuccess;
}

}  // namespace

base::Result HosBinderDriver::Transact(kernel::IpcEnvironment& environment, s32 id, u32 code,
                                       std::span<const u8> parcel, std::span<u8> reply) {
    const auto queue = display_->QueueFor(static_cast<u32>(id));
    if (!queue) {
        LOG_WARNING("vi", "binder transaction {} for binder {}, which does not exist", code, id);
        return ResultNotFound;
    }
    display_->StartVsync(environment);
    const std::vector<u8> answer = queue->Transact(code, parcel, environment);
    if (answer.size() > reply.size()) {
        LOG_WARNING("vi", "binder reply of {} bytes does not fit the guest's {}", answer.size(),
                    reply.size());
        return ResultOperationFailed;
    }
    std::memcpy(reply.data(), answer.data(), answer.size());
    return base::ResultSuccess;
}

base::Result HosBinderDriver::TransactParcel(ipc::RequestEnvironment environment, s32 id, u32 code,
                                             ipc::InBuffer<ipc::kMapAlias> parcel,
                                             ipc::OutBuffer<ipc::kMapAlias> reply, u32) {
    return Transact(*environment, id, code, parcel.data, reply.data);
}

base::Result HosBinderDriver::TransactParcelAuto(ipc::RequestEnvironment environment, s32 id,
                                                 u32 code, ipc::InBuffer<ipc::kAutoSelect> parcel,
                                                 ipc::OutBuffer<ipc::kAutoSelect> reply, u32) {
    return Transact(*environment, id, code, parcel.data, reply.data);
}

bool HosBinderDriver::RequestMayWaitOnHost(u32 command, std::span<const u8> arguments) const {
    // Both transactions' raw data: s32 id, u32 code, u32 flags.
    u32 code = 0;
    if ((command != 0 && command != 3) || arguments.size() < 8) {
        return false;
    }
    std::memcpy(&code, arguments.data() + 4, sizeof(code));
    return BufferQueue::MayWaitOnHost(code);
}

base::Result HosBinderDriver::AdjustRefcount(s32 id, s32, s32) {
    return display_->QueueFor(static_cast<u32>(id)) ? base::ResultSuccess : ResultNotFound;
}

base::Result HosBinderDriver::GetNativeHandle(s32 id, u32, ipc::OutCopyHandle event) {
    const auto queue = display_->QueueFor(static_cast<u32>(id));
    if (!queue) {
        return ResultNotFound;
    }
    *event.object = queue->BufferFreeEvent();
    return base::ResultSuccess;
}

base::Result SystemDisplayService::GetZOrderCountMin(u64, ipc::Out<u64> count) {
    *count = 0;
    return base::ResultSuccess;
}
base::Result SystemDisplayService::GetZOrderCountMax(u64, ipc::Out<u64> count) {
    *count = 255;
    return base::ResultSuccess;
}
base::Result SystemDisplayService::GetDisplayLogicalResolution(u64 display, ipc::Out<s32> width,
                                                               ipc::Out<s32> height) {
    if (!IsDefaultDisplay(display)) {
        return ResultNotFound;
    }
    *width = static_cast<s32>(display_->Size().width);
    *height = static_cast<s32>(display_->Size().height);
    return base::ResultSuccess;
}
base::Result SystemDisplayService::SetLayerPosition(float, float, u64) {
    return base::ResultSuccess;
}
base::Result SystemDisplayService::SetLayerSize(u64, u64, u64) {
    return base::ResultSuccess;
}
base::Result SystemDisplayService::SetLayerZ(u64, u64) {
    return base::ResultSuccess;
}
base::Result SystemDisplayService::SetLayerVisibility(u8, u64) {
    return base::ResultSuccess;
}
base::Result SystemDisplayService::CreateStrayLayer(u32, u64 display, ipc::Out<u64> layer,
                                                    ipc::Out<u64> size,
                                                    ipc::OutBuffer<ipc::kMapAlias> parcel) {
    return CreateStrayLayerOn(*display_, display, layer, size, parcel.data);
}
base::Result SystemDisplayService::GetDisplayMode(u64 display, ipc::Out<std::array<u32, 4>> mode) {
    if (!IsDefaultDisplay(display)) {
        return ResultNotFound;
    }
    // width, height, refresh rate (60.0 as a float's bits), unknown
    float refresh = 60.0f;
    u32 refresh_bits = 0;
    std::memcpy(&refresh_bits, &refresh, sizeof(refresh_bits));
    *mode = {display_->Size().width, display_->Size().height, refresh_bits, 0};
    return base::ResultSuccess;
}

base::Result ManagerDisplayService::CreateManagedLayer(u32, u64 display, u64, ipc::Out<u64> layer) {
    if (!IsDefaultDisplay(display)) {
        return ResultNotFound;
    }
    *layer = display_->CreateLayer();
    return base::ResultSuccess;
}
base::Result ManagerDisplayService::DestroyManagedLayer(u64 layer) {
    return display_->DestroyLayer(layer) ? base::ResultSuccess : ResultNotFound;
}
base::Result ManagerDisplayService::CreateStrayLayer(u32, u64 display, ipc::Out<u64> layer,
                                                     ipc::Out<u64> size,
                                                     ipc::OutBuffer<ipc::kMapAlias> parcel) {
    return CreateStrayLayerOn(*display_, display, layer, size, parcel.data);
}
base::Result ManagerDisplayService::AddToLayerStack(u32, u64) {
    return base::ResultSuccess;
}
base::Result ManagerDisplayService::SetLayerVisibility(u8, u64) {
    return base::ResultSuccess;
}

base::Result ApplicationDisplayService::GetRelayService(ipc::OutObject service) {
    *service.object = std::make_shared<HosBinderDriver>(display_);
    return base::ResultSuccess;
}
base::Result ApplicationDisplayService::GetSystemDisplayService(ipc::OutObject service) {
    if (permission_ < 1) {
        return ResultPermissionDenied;
    }
    *service.object = std::make_shared<SystemDisplayService>(display_);
    return base::ResultSuccess;
}
base::Result ApplicationDisplayService::GetManagerDisplayService(ipc::OutObject service) {
    if (permission_ < 2) {
        return ResultPermissionDenied;
    }
    *service.object = std::make_shared<ManagerDisplayService>(display_);
    return base::ResultSuccess;
}
base::Result ApplicationDisplayService::GetIndirectDisplayTransactionService(
    ipc::OutObject service) {
    if (permission_ < 1) {
        return ResultPermissionDenied;
    }
    *service.object = std::make_shared<HosBinderDriver>(display_);
    return base::ResultSuccess;
}

base::Result ApplicationDisplayService::ListDisplays(ipc::OutBuffer<ipc::kMapAlias> displays,
                                                     ipc::Out<u64> count) {
    // nn::vi::DisplayInfo: name, has-limited-layers, then max layers, width and height.
    struct DisplayInfo {
        DisplayName name;
        u8 has_limited_layers;
        u8 padding[7];
        u64 max_layers;
        u64 width;
        u64 height;
    };
    static_assert(sizeof(DisplayInfo) == 0x60);
    DisplayInfo info{};
    std::strncpy(info.name.data(), "Default", info.name.size());
    info.has_limited_layers = 1;
    info.max_layers = 1;
    info.width = display_->Size().width;
    info.height = display_->Size().height;
    std::memcpy(displays.data.data(), &info, std::min(displays.data.size(), sizeof(info)));
    *count = displays.data.size() >= sizeof(info) ? 1 : 0;
    return base::ResultSuccess;
}

base::Result ApplicationDisplayService::OpenDisplay(DisplayName name, ipc::Out<u64> display) {
    name.back() = '\0';
    if (std::strcmp(name.data(), "Default") != 0) {
        LOG_WARNING("vi", "OpenDisplay(\"{}\"): nxhost has only the Default display", name.data());
        return ResultNotFound;
    }
    *display = Display::kDefaultDisplayId;
    return base::ResultSuccess;
}
base::Result ApplicationDisplayService::OpenDefaultDisplay(ipc::Out<u64> display) {
    *display = Display::kDefaultDisplayId;
    return base::ResultSuccess;
}
base::Result ApplicationDisplayService::CloseDisplay(u64 display) {
    return IsDefaultDisplay(display) ? base::ResultSuccess : ResultNotFound;
}
base::Result ApplicationDisplayService::SetDisplayEnabled(u32, u64) {
    return base::ResultSuccess;
}
base::Result ApplicationDisplayService::GetDisplayResolution(u64 display, ipc::Out<u64> width,
                                                             ipc::Out<u64> height) {
    if (!IsDefaultDisplay(display)) {
        return ResultNotFound;
    }
    *width = display_->Size().width;
    *height = display_->Size().height;
    return base::ResultSuccess;
}

base::Result ApplicationDisplayService::OpenLayer(DisplayName name, u64 layer, ipc::ClientProcessId,
                                                  ipc::Out<u64> size,
                                                  ipc::OutBuffer<ipc::kMapAlias> parcel) {
    name.back() = '\0';
    const u32 binder = display_->BinderIdOf(layer);
    if (std::strcmp(name.data(), "Default") != 0 || binder == 0) {
        return ResultNotFound;
    }
    WriteNativeWindow(binder, parcel.data, *size);
    return base::ResultSuccess;
}
base::Result ApplicationDisplayService::CloseLayer(u64 layer) {
    return display_->BinderIdOf(layer) != 0 ? base::ResultSuccess : ResultNotFound;
}
base::Result ApplicationDisplayService::CreateStrayLayer(u32, u64 display, ipc::Out<u64> layer,
                                                         ipc::Out<u64> size,
                                                         ipc::OutBuffer<ipc::kMapAlias> parcel) {
    return CreateStrayLayerOn(*display_, display, layer, size, parcel.data);
}
base::Result ApplicationDisplayService::DestroyStrayLayer(u64 layer) {
    return display_->DestroyLayer(layer) ? base::ResultSuccess : ResultNotFound;
}
base::Result ApplicationDisplayService::SetLayerScalingMode(u32 mode, u64 layer) {
    // nn::vi::ScalingMode: 0 none, 2 fit to layer, 3 scale and crop, 4 preserve aspect ratio.
    if (mode > 4) {
        return ResultNotSupported;
    }
    return display_->BinderIdOf(layer) != 0 ? base::ResultSuccess : ResultNotFound;
}
base::Result ApplicationDisplayService::ConvertScalingMode(u32 mode, ipc::Out<u64> converted) {
    // The public nn::vi::ScalingMode (0 none, 1 freeze, 2 fit, 3 crop, 4 preserve) to the
    // driver's.
    static constexpr u64 kConverted[] = {0, 3, 1, 2, 4};
    if (mode >= std::size(kConverted)) {
        return ResultNotSupported;
    }
    *converted = kConverted[mode];
    return base::ResultSuccess;
}
base::Result ApplicationDisplayService::GetDisplayVsyncEvent(ipc::RequestEnvironment environment,
                                                             u64 display,
                                                             ipc::OutCopyHandle event) {
    if (!IsDefaultDisplay(display)) {
        return ResultNotFound;
    }
    *event.object = display_->VsyncEvent(*environment);
    return base::ResultSuccess;
}

}  // namespace services::vi
