// The system services programs open at start-up answer as the console does: the commands are
// plain methods, called here directly.

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "cpu/guest_memory.h"
#include "kernel/memory_map.h"
#include "kernel/memory_objects.h"
#include "services/bsd/bsd_client.h"
#include "services/caps/album_accessor.h"
#include "services/mm/multimedia_manager.h"
#include "services/ns/application_manager.h"
#include "services/ns/ns_results.h"
#include "services/ns/vulnerability_manager.h"
#include "services/pcv/clkrst_service.h"
#include "services/pcv/clock_rates.h"
#include "services/pm/debug_monitor.h"
#include "services/pm/pm_results.h"
#include "services/pm/shell.h"
#include "services/set/settings_server.h"
#include "services/spl/general_interface.h"
#include "services/ts/temperature_service.h"
#include "support/fake_ipc_environment.h"

namespace {

// Only what pm asks of the caller: its pid and program id.
using FakeEnvironment = test_support::FakeIpcEnvironment;

template <typename T>
ipc::Out<T> Out(T& value) {
    return ipc::Out<T>{&value};
}

template <ipc::BufferKind Kind>
ipc::InBuffer<Kind> Text(const char* text) {
    return ipc::InBuffer<Kind>{std::vector<u8>(text, text + std::strlen(text) + 1)};
}

TEST(SystemServices, NsVulnerabilityManagerNeedsNoUpdate) {
    services::ns::VulnerabilityManager manager;
    bool needs_update = true;
    ASSERT_TRUE(manager.NeedsUpdateVulnerability(Out(needs_update)).IsSuccess());
    EXPECT_FALSE(needs_update);
}

TEST(SystemServices, NsHasNoApplications) {
    services::ns::ApplicationManager manager;
    std::vector<u8> records(0x18 * 4, 0xAA);
    s32 count = -1;
    ASSERT_TRUE(manager.ListApplicationRecord(0, {records}, Out(count)).IsSuccess());
    EXPECT_EQ(count, 0);
    std::vector<u8> nacp(0x4000);
    u32 size = 0;
    EXPECT_EQ(manager.GetApplicationControlData(1, 0x0100000000001000, {nacp}, Out(size)),
              services::ns::ResultApplicationControlDataNotFound);
    services::ns::ReadOnlyApplicationControlData read_only;
    EXPECT_EQ(read_only.GetApplicationControlData(1, 0x0100000000001000, {nacp}, Out(size)),
              services::ns::ResultApplicationControlDataNotFound);
    EXPECT_EQ(services::ns::ResultApplicationControlDataNotFound.Raw(), 0x6410u);  // 2016-0050
}

TEST(SystemServices, BsdRegisterClientNeedsTransferMemory) {
    const services::bsd::LibraryConfig config{1,       0x8000, 0x10000, 0x40000,
                                              0x40000, 0x2400, 0xA500,  4};
    services::bsd::BsdClient without("bsd:u");
    u64 client = 0;
    EXPECT_TRUE(without.RegisterClient(config, {0x51}, 0x234000, {}, Out(client)).IsFailure());
    EXPECT_FALSE(without.IsRegistered());

    constexpr u64 kHeap = 0x10'0000'0000;
    cpu::GuestMemory memory(39);
    kernel::MemoryMap map(memory);
    map.Map(kHeap, 0x234000, kernel::MemoryState::Normal, cpu::Permission::ReadWrite);
    services::bsd::BsdClient with("bsd:s");
    {
        auto transfer = std::make_shared<kernel::TransferMemory>(
            map, memory, kHeap, 0x234000, kernel::MemoryState::Normal, cpu::Permission::None);
        ASSERT_TRUE(
            with.RegisterClient(config, {0x51}, 0x234000, {transfer}, Out(client)).IsSuccess());
    }
    EXPECT_TRUE(with.IsRegistered());  // the session keeps the transfer memory
    EXPECT_EQ(with.Config().tcp_rx_buf_size, 0x10000u);
    EXPECT_EQ(client, 0x51u);
    EXPECT_TRUE(with.StartMonitoring({0x51}).IsSuccess());
    EXPECT_EQ(with.Name(), "bsd:s");
}

TEST(SystemServices, UnknownSettingsItemIsNotFound) {
    services::set::SystemSettingsServer settings;
    u64 size = 0;
    EXPECT_EQ(settings.GetSettingsItemValueSize(Text<ipc::kPointer>("hbloader"),
                                                Text<ipc::kPointer>("applet_heap_size"), Out(size)),
              services::set::ResultSettingsItemNotFound);
    std::vector<u8> value(8);
    EXPECT_EQ(
        settings.GetSettingsItemValue(Text<ipc::kPointer>("hbloader"),
                                      Text<ipc::kPointer>("applet_heap_size"), {value}, Out(size)),
        services::set::ResultSettingsItemNotFound);
    s32 color = -1;
    ASSERT_TRUE(settings.GetColorSetId(Out(color)).IsSuccess());
    EXPECT_EQ(color, 0);  // BasicWhite
}

TEST(SystemServices, PmFindsOnlyTheCaller) {
    FakeEnvironment environment;
    services::pm::DebugMonitor monitor;
    u64 pid = 0;
    ASSERT_TRUE(monitor.GetProcessId(0x0100000000001000, Out(pid), {&environment}).IsSuccess());
    EXPECT_EQ(pid, 0x51u);
    EXPECT_EQ(monitor.GetProcessId(0x010000000000100D, Out(pid), {&environment}),
              services::pm::ResultProcessNotFound);
    services::pm::Shell shell;
    ASSERT_TRUE(shell.GetApplicationProcessIdForShell(Out(pid), {&environment}).IsSuccess());
    EXPECT_EQ(pid, 0x51u);
    EXPECT_TRUE(shell.TerminateProgram(0x010000000000001F, {&environment}).IsSuccess());  // ns
    EXPECT_EQ(services::pm::ResultProcessNotFound.Raw(), 0x20Fu);  // 2015-0001
}

TEST(SystemServices, ClocksAreSharedAndStartAtTheDefaults) {
    auto rates = std::make_shared<services::pcv::ClockRates>();
    services::pcv::ClkrstSession cpu(rates, 0x40000001);
    u32 hz = 0;
    ASSERT_TRUE(cpu.GetClockRate(Out(hz)).IsSuccess());
    EXPECT_EQ(hz, 1'020'000'000u);
    ASSERT_TRUE(cpu.SetClockRate(1'785'000'000).IsSuccess());
    services::mm::MultimediaManager mm(rates);
    u32 request = 0;
    ASSERT_TRUE(mm.Initialize(0, 0, 0, Out(request)).IsSuccess());
    ASSERT_TRUE(mm.Get(request, Out(hz)).IsSuccess());
    EXPECT_EQ(hz, 1'785'000'000u);
    services::pcv::ClkrstSession gpu(rates, 0x40000002);
    ASSERT_TRUE(gpu.GetClockRate(Out(hz)).IsSuccess());
    EXPECT_EQ(hz, 384'000'000u);
}

TEST(SystemServices, SplSaysRetailErista) {
    services::spl::GeneralInterface spl;
    u64 value = 99;
    ASSERT_TRUE(spl.GetConfig(5, Out(value)).IsSuccess());  // HardwareType
    EXPECT_EQ(value, 0u);                                   // Icosa
    ASSERT_TRUE(spl.GetConfig(6, Out(value)).IsSuccess());  // IsRetail
    EXPECT_EQ(value, 1u);
    EXPECT_TRUE(spl.GetConfig(0xFFFF, Out(value)).IsFailure());
}

TEST(SystemServices, TemperatureAndAlbum) {
    services::ts::TemperatureService ts;
    s32 celsius = 0, millicelsius = 0;
    ASSERT_TRUE(ts.GetTemperature(1, Out(celsius)).IsSuccess());
    ASSERT_TRUE(ts.GetTemperatureMilliC(1, Out(millicelsius)).IsSuccess());
    EXPECT_EQ(celsius, millicelsius / 1000);
    services::caps::AlbumAccessor album;
    u64 count = 1;
    ASSERT_TRUE(album.GetAlbumFileCount(1, Out(count)).IsSuccess());
    EXPECT_EQ(count, 0u);
}

}  // namespace
