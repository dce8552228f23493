#include "services/services.h"

#include "base/log.h"
#include "ipc/server_session.h"
#include "services/acc/account_service.h"
#include "services/am/application_proxy.h"
#include "services/apm/performance_manager.h"
#include "services/audio/audio_services.h"
#include "services/bsd/network_services.h"
#include "services/fatal/fatal_service.h"
#include "services/fs/file_system_proxy.h"
#include "services/hid/hid_server.h"
#include "services/lm/log_service.h"
#include "services/nvdrv/nvdrv_service.h"
#include "services/pctl/parental_control.h"
#include "services/pl/shared_font_manager.h"
#include "services/psm/power_state_service.h"
#include "services/service_directory.h"
#include "services/set/settings_server.h"
#include "services/sm/service_manager.h"
#include "services/system_services.h"
#include "services/time/time_service.h"
#include "services/vi/vi_service.h"

namespace services {

namespace {

std::shared_ptr<ServiceDirectory> MakeDirectory(const ServiceConfig& config) {
    auto directory = std::make_shared<ServiceDirectory>();
    AddSystemServices(*directory);
    audio::AddAudioServices(*directory, config.audio_output);
    directory->Add("apm", [] { return std::make_shared<apm::Manager>(); });
    directory->Add("psm", [] { return std::make_shared<psm::PowerStateService>(); });
    bsd::AddNetworkServices(*directory, config.network);
    directory->Add("acc:u0", [] { return std::make_shared<acc::AccountService>(); });
    directory->Add("pctl", [] { return std::make_shared<pctl::ServiceFactory>(); });
    directory->Add("pctl:a", [] { return std::make_shared<pctl::ServiceFactory>(); });
    directory->Add("fatal:u", [] { return std::make_shared<fatal::FatalService>(); });
    auto fs_context = std::make_shared<fs::FsContext>(config.romfs, config.romfs_tree,
                                                      config.program_id, config.user_data);
    for (const auto& [at, file] : config.sd_card_files) {
        fs_context->ShowOnSdCard(at, file);
    }
    directory->Add("fsp-srv",
                   [fs_context] { return std::make_shared<fs::FileSystemProxy>(fs_context); });
    auto hid_state = std::make_shared<hid::HidState>(config.hid_inputs);
    directory->Add("hid", [hid_state] { return std::make_shared<hid::HidServer>(hid_state); });
    directory->Add("lm", [] { return std::make_shared<lm::LogService>(); });
    directory->Add("set", [] { return std::make_shared<set::SettingsServer>(); });
    directory->Add("set:sys", [] { return std::make_shared<set::SystemSettingsServer>(); });
    auto clocks = std::make_shared<time::SystemClocks>(config.deterministic);
    using time::ClockWriteAccess;
    for (const auto& [name, access] : {std::pair{"time:u", ClockWriteAccess::None},
                                       std::pair{"time:a", ClockWriteAccess::LocalOnly},
                                       std::pair{"time:s", ClockWriteAccess::All}}) {
        directory->Add(name, [clocks, access = access] {
            return std::make_shared<time::StaticService>(clocks, access);
        });
    }
    LOG_INFO("gpu", "{}", gpu::DescribeGpuSettings(config.gpu_settings));
    auto driver = std::make_shared<nvdrv::NvDriver>(
        config.console, config.gpu_settings,
        config.gpu_work ? config.gpu_work : std::make_shared<gpu::FrameWork>(),
        config.host_gpu ? config.host_gpu : gpu::MakeNoHostGpu(), config.deterministic);
    for (const char* name : {"nvdrv", "nvdrv:a", "nvdrv:s", "nvdrv:t"}) {
        directory->Add(name, [driver] { return std::make_shared<nvdrv::NvDrvService>(driver); });
    }
    auto frames = config.frames ? config.frames : std::make_shared<vi::PresentedFrames>();
    auto operation_mode = config.operation_mode ? config.operation_mode
                                                : std::make_shared<am::OperationModeSwitch>(
                                                      config.console.docked, false);
    auto display = std::make_shared<vi::Display>(config.console, driver->nvmap, frames,
                                                 operation_mode, config.pacing);
    directory->Add("vi:u", [display] { return std::make_shared<vi::RootService<0>>(display); });
    directory->Add("vi:s", [display] { return std::make_shared<vi::RootService<1>>(display); });
    directory->Add("vi:m", [display] { return std::make_shared<vi::RootService<2>>(display); });
    // One applet state for the application, whichever of appletOE / appletAE it opens.
    auto applet = std::make_shared<am::AppletState>(display, config.console, operation_mode);
    for (const char* name : {"appletOE", "appletAE"}) {
        directory->Add(name,
                       [applet] { return std::make_shared<am::ApplicationProxyService>(applet); });
    }
    // One shared font memory for pl:u and pl:s, built when the first of them is opened.
    auto fonts = std::make_shared<pl::SharedFontState>(pl::DefaultFontSources(config.user_data));
    for (const char* name : {"pl:u", "pl:s"}) {
        directory->Add(name, [fonts] { return std::make_shared<pl::SharedFontManager>(fonts); });
    }
    return directory;
}

}  // namespace

std::vector<std::string> ProvidedServiceNames() {
    return MakeDirectory({})->Names();
}

kernel::NamedPorts MakeNamedPorts(const ServiceConfig& config) {
    auto directory = MakeDirectory(config);
    auto registered = std::make_shared<sm::RegisteredServices>();
    kernel::NamedPorts ports;
    ports["sm:"] = [directory, registered, access = config.service_access] {
        return std::make_shared<ipc::ServerSession>(
            std::make_shared<sm::ServiceManager>(directory, registered, access),
            /*speaks_tipc=*/true);
    };
    return ports;
}

}  // namespace services
