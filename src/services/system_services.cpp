#include "services/system_services.h"

#include <memory>
#include <string>

#include "services/acc/account_service.h"
#include "services/apm/performance_manager.h"
#include "services/caps/album_accessor.h"
#include "services/caps/album_application.h"
#include "services/lbl/backlight_service.h"
#include "services/mm/multimedia_manager.h"
#include "services/ns/service_getter.h"
#include "services/ns/system_update.h"
#include "services/ns/vulnerability_manager.h"
#include "services/pcv/clkrst_service.h"
#include "services/pcv/clock_rates.h"
#include "services/pcv/pcv_service.h"
#include "services/pm/debug_monitor.h"
#include "services/pm/information.h"
#include "services/pm/shell.h"
#include "services/psc/pm_service.h"
#include "services/set/factory_settings_server.h"
#include "services/spl/general_interface.h"
#include "services/ts/temperature_service.h"
#include "services/usb/ds_service.h"

namespace services {
namespace {

// A second sm name for an interface another name already serves (apm:p is apm's interface,
// acc:u1 acc:u0's): the same commands, its own name in the log.
class AliasService final : public ipc::ServiceObject {
public:
    AliasService(std::string name, std::shared_ptr<ipc::ServiceObject> inner)
        : name_(std::move(name)), inner_(std::move(inner)) {}
    std::string_view Name() const override { return name_; }
    bool Invoke(u32 command, ipc::RequestContext& context, base::Result& result) override {
        return inner_->Invoke(command, context, result);
    }
    u16 PointerBufferSize() const override { return inner_->PointerBufferSize(); }
    std::vector<u32> CommandIds() const override { return inner_->CommandIds(); }

private:
    std::string name_;
    std::shared_ptr<ipc::ServiceObject> inner_;
};

template <typename T>
ServiceDirectory::Factory Alias(const char* name) {
    return [name] { return std::make_shared<AliasService>(name, std::make_shared<T>()); };
}

}  // namespace

void AddSystemServices(ServiceDirectory& directory) {
    directory.Add("apm:p", Alias<apm::Manager>("apm:p"));
    directory.Add("acc:u1", Alias<acc::AccountService>("acc:u1"));

    for (const char* name : {"ns:am2", "ns:ec", "ns:rid", "ns:rt", "ns:web", "ns:ro"}) {
        directory.Add(name, [name] { return std::make_shared<ns::ServiceGetter>(name); });
    }
    directory.Add("ns:su", [] { return std::make_shared<ns::SystemUpdateService>(); });
    directory.Add("ns:vm", [] { return std::make_shared<ns::VulnerabilityManager>(); });

    directory.Add("pm:dmnt", [] { return std::make_shared<pm::DebugMonitor>(); });
    directory.Add("pm:shell", [] { return std::make_shared<pm::Shell>(); });
    directory.Add("pm:info", [] { return std::make_shared<pm::Information>(); });

    auto clocks = std::make_shared<pcv::ClockRates>();
    directory.Add("clkrst", [clocks] { return std::make_shared<pcv::ClkrstManager>(clocks); });
    directory.Add("pcv", [clocks] { return std::make_shared<pcv::PcvService>(clocks); });
    directory.Add("mm:u", [clocks] { return std::make_shared<mm::MultimediaManager>(clocks); });

    directory.Add("spl:", [] { return std::make_shared<spl::GeneralInterface>(); });
    directory.Add("set:cal", [] { return std::make_shared<set::FactorySettingsServer>(); });
    auto backlight = std::make_shared<lbl::BacklightState>();
    directory.Add("lbl",
                  [backlight] { return std::make_shared<lbl::BacklightService>(backlight); });
    directory.Add("ts", [] { return std::make_shared<ts::TemperatureService>(); });
    directory.Add("usb:ds", [] { return std::make_shared<usb::DsRootSession>(); });

    directory.Add("caps:a", [] { return std::make_shared<caps::AlbumAccessor>(); });
    directory.Add("caps:u", [] { return std::make_shared<caps::AlbumApplication>(); });
    directory.Add("caps:su", [] { return std::make_shared<caps::ScreenShotApplication>(); });
    directory.Add("psc:m", [] { return std::make_shared<psc::PmService>(); });
}

}  // namespace services
