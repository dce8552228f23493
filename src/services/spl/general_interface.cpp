#include "services/spl/general_interface.h"

#include <optional>
#include <random>

namespace services::spl {
namespace {

// spl (module 26): the secure monitor refused the argument (an unknown config item).
constexpr base::Result ResultSecureMonitorInvalidArgument{26, 2};

// nn::spl::ConfigItem.
enum ConfigItem : u32 {
    kDisableProgramVerification = 1,
    kHardwareType = 5,
    kIsRetail = 6,
    kIsRecoveryBoot = 7,
    kMemoryArrange = 10,
    kIsDevelopmentFunctionEnabled = 11,
    kKernelConfiguration = 12,
    kIsChargerHiZModeEnabled = 13,
    kQuestState = 14,
    kRegulatorType = 15,
    kDeviceUniqueKeyGeneration = 16,
};

constexpr u64 kHardwareIcosa = 0;   // Erista
constexpr u64 kMemoryStandard = 1;  // 4 GB, standard arrangement

std::optional<u64> ConfigValue(u32 item) {
    switch (item) {
        case kHardwareType:
            return kHardwareIcosa;
        case kIsRetail:
            return 1;
        case kMemoryArrange:
            return kMemoryStandard;
        case kDisableProgramVerification:
        case kIsRecoveryBoot:
        case kIsDevelopmentFunctionEnabled:
        case kKernelConfiguration:
        case kIsChargerHiZModeEnabled:
        case kQuestState:
        case kRegulatorType:
        case kDeviceUniqueKeyGeneration:
            return 0;
        default:
            return std::nullopt;
    }
}

}  // namespace

base::Result GeneralInterface::GetConfig(u32 item, ipc::Out<u64> value) {
    const auto found = ConfigValue(item);
    if (!found) {
        LOG_WARNING("spl", "GetConfig({}): nxhost has no value for this item", item);
        return ResultSecureMonitorInvalidArgument;
    }
    *value = *found;
    return base::ResultSuccess;
}

base::Result GeneralInterface::GenerateRandomBytes(ipc::OutBuffer<ipc::kPointer> bytes) {
    std::random_device device;
    for (auto& byte : bytes.data) {
        byte = static_cast<u8>(device());
    }
    return base::ResultSuccess;
}

base::Result GeneralInterface::IsDevelopment(ipc::Out<bool> is_development) {
    *is_development = false;
    return base::ResultSuccess;
}

}  // namespace services::spl
