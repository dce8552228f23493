#include "services/am/applet_state.h"

#include <gtest/gtest.h>

#include "support/fake_ipc_environment.h"
#include "support/recording_signaller.h"

namespace services::am {
namespace {

using test_support::RecordingSignaller;

std::shared_ptr<vi::Display> g_display;

std::shared_ptr<AppletState> MakeState(std::shared_ptr<OperationModeSwitch> mode) {
    const profile::ConsoleModel console;  // a handheld Switch 1
    g_display = std::make_shared<vi::Display>(console, std::make_shared<nvdrv::NvMap>(),
                                              std::make_shared<vi::PresentedFrames>(), mode);
    return std::make_shared<AppletState>(g_display, console, std::move(mode));
}

TEST(AppletState, DockingTellsTheApplication) {
    auto mode = std::make_shared<OperationModeSwitch>(false, true);
    const auto state = MakeState(mode);
    test_support::FakeIpcEnvironment environment;
    state->WatchOperationMode(environment);
    state->WatchOperationMode(environment);  // once per application
    ASSERT_EQ(environment.works.size(), 1u);
    const auto watcher = environment.works[0].lock();
    ASSERT_NE(watcher, nullptr);

    u32 message = 0;
    ASSERT_TRUE(state->PopMessage(message, environment));
    EXPECT_EQ(message, AppletState::kFocusStateChanged);
    EXPECT_FALSE(state->PopMessage(message, environment));
    EXPECT_FALSE(state->MessageEvent()->signaled);
    EXPECT_FALSE(state->Docked());
    EXPECT_EQ(state->DisplaySize().width, 1280u);
    EXPECT_EQ(g_display->Size().width, 1280u);

    RecordingSignaller events;
    watcher->Run(0, events);
    EXPECT_EQ(events.signalled.size(), 0u);  // nothing changed yet
    mode->SetDocked(true);
    watcher->Run(0, events);
    EXPECT_EQ(events.signalled.size(), 1u);
    EXPECT_TRUE(state->MessageEvent()->signaled);
    watcher->Run(0, events);
    EXPECT_EQ(events.signalled.size(), 1u);  // told once
    EXPECT_TRUE(state->Docked());
    EXPECT_EQ(state->DisplaySize().width, 1920u);
    EXPECT_EQ(state->DisplaySize().height, 1080u);
    EXPECT_EQ(g_display->Size().width, 1920u);  // vi follows the dock too
    ASSERT_TRUE(state->PopMessage(message, environment));
    EXPECT_EQ(message, AppletState::kOperationModeChanged);
    ASSERT_TRUE(state->PopMessage(message, environment));
    EXPECT_EQ(message, AppletState::kPerformanceModeChanged);
    EXPECT_FALSE(state->PopMessage(message, environment));
}

TEST(AppletState, HeadlessRunsWatchNothing) {
    const auto state = MakeState(std::make_shared<OperationModeSwitch>(true, false));
    test_support::FakeIpcEnvironment environment;
    state->WatchOperationMode(environment);
    EXPECT_TRUE(environment.works.empty());
    EXPECT_TRUE(state->Docked());
}

}  // namespace
}  // namespace services::am
