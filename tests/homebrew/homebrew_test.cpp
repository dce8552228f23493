// Real homebrew, built by its authors with libnx (../shared/fixtures/homebrew), run headless to
// its first frames; each test checks what the program's own source says it draws.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>

#include <fmt/format.h>

#include "frontend/png_file.h"
#include "frontend/stats/frame_record.h"
#include "frontend/stats/frame_summary.h"
#include "gpu/pixel_format.h"
#include "homebrew/homebrew_run.h"

namespace homebrew_test {
namespace {

// libnx's console on a 1280 x 720 frame: 160 x 90 cells of 8 x 8 pixels before libnx 2.0,
// 80 x 45 cells of 16 x 16 since.
constexpr u32 kOldCell = 8;
constexpr u32 kCell = 16;

// The cell at 1-based console row and column (what "\x1b[ROW;COLH" addresses), and its size.
struct Cell {
    u32 row, column;
    u32 size = kCell;
};

bool CellHasInk(const gpu::Frame& frame, Cell cell, u32 background) {
    for (u32 y = (cell.row - 1) * cell.size; y < cell.row * cell.size; ++y) {
        for (u32 x = (cell.column - 1) * cell.size; x < cell.column * cell.size; ++x) {
            if (Pixel(frame, x, y) != background) {
                return true;
            }
        }
    }
    return false;
}

std::vector<u32> CellPixels(const gpu::Frame& frame, Cell cell) {
    std::vector<u32> pixels;
    for (u32 y = (cell.row - 1) * cell.size; y < cell.row * cell.size; ++y) {
        for (u32 x = (cell.column - 1) * cell.size; x < cell.column * cell.size; ++x) {
            pixels.push_back(Pixel(frame, x, y));
        }
    }
    return pixels;
}

// Every cell of the frame with ink, as (row, column).
std::set<std::pair<u32, u32>> InkedCells(const gpu::Frame& frame, u32 background, u32 size) {
    std::set<std::pair<u32, u32>> cells;
    for (u32 row = 1; row <= frame.height / size; ++row) {
        for (u32 column = 1; column <= frame.width / size; ++column) {
            if (CellHasInk(frame, {row, column, size}, background)) {
                cells.insert({row, column});
            }
        }
    }
    return cells;
}

// Checks that `text` stands at (row, column) and nothing else is on the screen: a cell with
// ink for each non-space character, the same glyph for the same character.
void ExpectConsoleText(const gpu::Frame& frame, Cell at, const std::string& text) {
    ASSERT_EQ(frame.width, 1280u);
    ASSERT_EQ(frame.height, 720u);
    const u32 background = Pixel(frame, 0, 0);
    std::set<std::pair<u32, u32>> expected;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != ' ') {
            expected.insert({at.row, at.column + static_cast<u32>(i)});
        }
    }
    EXPECT_EQ(InkedCells(frame, background, at.size), expected);
    for (std::size_t i = 0; i < text.size(); ++i) {
        for (std::size_t j = i + 1; j < text.size(); ++j) {
            if (text[i] == text[j] && text[i] != ' ') {
                EXPECT_EQ(CellPixels(frame, {at.row, at.column + static_cast<u32>(i), at.size}),
                          CellPixels(frame, {at.row, at.column + static_cast<u32>(j), at.size}))
                    << "the two '" << text[i] << "' differ";
            }
        }
    }
}

TEST(Homebrew, HelloWorldPrintsAtRow16Column20) {
    const RunOutcome run = RunWithScript(Fixture("hello-world_switch-examples_2018-02.nro"),
                                         "3s shot hello.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ExpectConsoleText(run.shot, {16, 20, kOldCell}, "Hello World!");
}

TEST(Homebrew, HbSwitchGameDemoPrintsWorking) {
    const RunOutcome run = RunWithScript(Fixture("hbswitchgame_demo_2022-05.nro"),
                                         "2s shot working.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ExpectConsoleText(run.shot, {16, 20}, "Working!");
}

TEST(Homebrew, SimplegfxFillsTheScreenWithOneGrey) {
    const RunOutcome run = RunWithScript(Fixture("simplegfx_switch-examples_2018-02.nro"),
                                         "3s shot grey.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ASSERT_EQ(run.shot.width, 1280u);
    ASSERT_EQ(run.shot.height, 720u);
    const u32 first = Pixel(run.shot, 0, 0);
    EXPECT_EQ(first >> 16, (first >> 8) & 0xff);
    EXPECT_EQ(first >> 16, first & 0xff);
    for (u32 y = 0; y < run.shot.height; y += 7) {
        for (u32 x = 0; x < run.shot.width; x += 5) {
            ASSERT_EQ(Pixel(run.shot, x, y), first) << "at " << x << "," << y;
        }
    }
}

// The cells with ink in one console row.
std::set<u32> InkedColumns(const gpu::Frame& frame, u32 row, u32 size) {
    const u32 background = Pixel(frame, frame.width - 1, frame.height - 1);
    std::set<u32> columns;
    for (u32 column = 1; column <= frame.width / size; ++column) {
        if (CellHasInk(frame, {row, column, size}, background)) {
            columns.insert(column);
        }
    }
    return columns;
}

std::set<u32> ColumnsOf(const std::string& text, u32 first_column) {
    std::set<u32> columns;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != ' ') {
            columns.insert(first_column + static_cast<u32>(i));
        }
    }
    return columns;
}

TEST(Homebrew, SnakeDrawsItsTitleAndBoard) {
    const RunOutcome run =
        RunWithScript(Fixture("snake_curroraya_2025-04.nro"), "2s shot snake.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ASSERT_EQ(run.shot.width, 1280u);
    EXPECT_EQ(InkedColumns(run.shot, 1, kCell),
              ColumnsOf("SNAKE para Nintendo Switch by Curro Raya", 1));
}

// Scripted input: the held button's name appears on the screen (the read-controls example
// prints "KEY_A held" on the line after the sticks).
TEST(Homebrew, GamepadButtonsShowsTheHeldButton) {
    const RunOutcome run =
        RunWithScript(Fixture("igme-rit_gamepad-buttons_2019-06.nro"),
                      "2s shot idle.png\n2.5s A~1.5\n3.5s shot held.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    EXPECT_EQ(InkedColumns(run.shot, 6, kCell), ColumnsOf("KEY_A held", 1));
}

TEST(Homebrew, GamepadButtonsShowsNothingWhenIdle) {
    const RunOutcome run = RunWithScript(Fixture("igme-rit_gamepad-buttons_2019-06.nro"),
                                         "2s shot idle.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    EXPECT_EQ(InkedColumns(run.shot, 1, kCell), ColumnsOf("Press PLUS to exit.", 1));
    EXPECT_TRUE(InkedColumns(run.shot, 6, kCell).empty());
}

// The blue selection frame's bounding box in MinesweeperNX's 1920x1080 grid of 64-pixel cells.
struct Box {
    u32 left = ~0u, right = 0, top = ~0u, bottom = 0;
};
Box BlueBox(const gpu::Frame& frame) {
    Box box;
    for (u32 y = 0; y < frame.height; ++y) {
        for (u32 x = 0; x < frame.width; ++x) {
            const u32 pixel = Pixel(frame, x, y);
            if ((pixel >> 16) < 50 && ((pixel >> 8) & 0xff) < 50 && (pixel & 0xff) > 200) {
                box.left = std::min(box.left, x);
                box.right = std::max(box.right, x);
                box.top = std::min(box.top, y);
                box.bottom = std::max(box.bottom, y);
            }
        }
    }
    return box;
}

TEST(Homebrew, MinesweeperCursorMovesRightOneCell) {
    const RunOutcome idle =
        RunWithScript(Fixture("minesweepernx_1.0.nro"), "3s shot idle.png\n+0.1s exit\n");
    ASSERT_EQ(idle.exit_status, 0) << idle.log;
    ASSERT_EQ(idle.shot.width, 1920u);  // gfxInitResolution(1920, 1080)
    const Box start = BlueBox(idle.shot);
    EXPECT_EQ(start.left, 0u);
    EXPECT_EQ(start.top, 0u);
    // The game polls about ten times a second here: a press held for a second is seen.
    const RunOutcome moved = RunWithScript(Fixture("minesweepernx_1.0.nro"),
                                           "2s Right~1\n4s shot moved.png\n+0.1s exit\n");
    ASSERT_EQ(moved.exit_status, 0) << moved.log;
    const Box after = BlueBox(moved.shot);
    EXPECT_EQ(after.left, start.left + 64);
    EXPECT_EQ(after.right, start.right + 64);
    EXPECT_EQ(after.top, start.top);
}

// PLUS ends the program: it returns from main to the loader before the script's own exit.
TEST(Homebrew, PlusExitsTheHbSwitchGameDemo) {
    const RunOutcome run =
        RunWithScript(Fixture("hbswitchgame_demo_2022-05.nro"), "1.5s Plus~0.3\n10s exit\n");
    EXPECT_EQ(run.exit_status, 0) << run.log;
    EXPECT_NE(run.log.find("returned with exit status 0"), std::string::npos) << run.log;
    EXPECT_EQ(run.log.find("script: line 2: exit"), std::string::npos) << run.log;
}

// A statistics file of the run's own, outside the run's folder (which RunWithScript removes).
std::filesystem::path StatsFile(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           fmt::format("nxhost-{}-{}.tsv", name, ::getpid());
}

// The demo draws as fast as it can and never waits for vsync: vi's buffer queue holds it to
// the display's 60 Hz on the host clock (each buffer is shown at a vsync, and a producer with
// none free waits for the next).
TEST(HomebrewPacing, TheHbSwitchGameDemoIsPacedTo60Fps) {
    const auto stats = StatsFile("pacing60");
    const RunOutcome run =
        RunWithScript(Fixture("hbswitchgame_demo_2022-05.nro"),
                      "1s stats start\n+3s stats stop\n+0s exit\n", "--stats " + stats.string());
    ASSERT_EQ(run.exit_status, 0) << run.log;
    const auto records = frontend::stats::ReadStatsFile(stats);
    std::filesystem::remove(stats);
    // Three seconds of guest time, which is the host's: 180 vsyncs.
    EXPECT_GE(records.size(), 160u) << run.log;
    EXPECT_LE(records.size(), 182u) << run.log;
    const auto summary = frontend::stats::Summarize(records);
    EXPECT_NEAR(summary.p50_ms, 1000.0 / 60, 0.5) << run.log;
    EXPECT_NE(run.log.find("nxhost: frames: "), std::string::npos) << run.log;
}

// fps_target paces it to the target instead.
TEST(HomebrewPacing, AnFpsTargetOf30PacesTheDemoTo30Fps) {
    const auto stats = StatsFile("pacing30");
    const RunOutcome run = RunWithScript(Fixture("hbswitchgame_demo_2022-05.nro"),
                                         "1s stats start\n+2s stats stop\n+0s exit\n",
                                         "--fps-target 30 --stats " + stats.string());
    ASSERT_EQ(run.exit_status, 0) << run.log;
    const auto records = frontend::stats::ReadStatsFile(stats);
    std::filesystem::remove(stats);
    EXPECT_GE(records.size(), 52u) << run.log;
    EXPECT_LE(records.size(), 61u) << run.log;
    EXPECT_NEAR(frontend::stats::Summarize(records).p50_ms, 1000.0 / 30, 0.5) << run.log;
}

// A control file that waits for frames, logs and exits; a run without `exit` stops at
// --time-limit with its own status; `nxhost report` makes a page of the statistics.
TEST(Homebrew, TheControlFileAndTheTimeLimitEndTheRunClearly) {
    const RunOutcome waited =
        RunWithScript(Fixture("hbswitchgame_demo_2022-05.nro"),
                      "0.5s log demo started\n+0s wait-frames 30\n+0s log waited\n+0s exit\n");
    EXPECT_EQ(waited.exit_status, 0) << waited.log;
    EXPECT_NE(waited.log.find("script: line 1 at 0.50 s: demo started"), std::string::npos)
        << waited.log;
    EXPECT_NE(waited.log.find("script: line 2: 30 frames presented"), std::string::npos)
        << waited.log;
    EXPECT_NE(waited.log.find("; ended by the control file"), std::string::npos) << waited.log;

    const auto stats = StatsFile("time-limit");
    const RunOutcome limited = RunWithScript(Fixture("hbswitchgame_demo_2022-05.nro"), "",
                                             "--time-limit 1.5 --stats " + stats.string());
    EXPECT_EQ(limited.exit_status, 3) << limited.log;
    EXPECT_NE(limited.log.find("; stopped at the time limit"), std::string::npos) << limited.log;
    const auto page = std::filesystem::path(stats).replace_extension(".html");
    const std::string command =
        fmt::format("{} report {} -o {} 2>&1", NXHOST_BINARY, stats.string(), page.string());
    ASSERT_EQ(std::system(command.c_str()), 0);
    std::ifstream file(page);
    const std::string html((std::istreambuf_iterator<char>(file)), {});
    std::filesystem::remove(stats);
    std::filesystem::remove(page);
    for (const char* id : {"<svg id=\"frame-time\"", "<svg id=\"histogram\"", "<svg id=\"cpu-gpu\"",
                           "<table id=\"summary\""}) {
        EXPECT_NE(html.find(id), std::string::npos) << id;
    }
}

// The share of pixels of `frame` that differ from `reference` by more than a few levels in
// any channel, leaving out the rectangles in `skip` (a clock, an animation).
double DifferingShare(const gpu::Frame& frame, const gpu::Frame& reference,
                      const std::vector<Box>& skip) {
    if (frame.width != reference.width || frame.height != reference.height) {
        return 1.0;
    }
    u64 differing = 0, compared = 0;
    for (u32 y = 0; y < frame.height; ++y) {
        for (u32 x = 0; x < frame.width; ++x) {
            if (std::any_of(skip.begin(), skip.end(), [&](const Box& box) {
                    return x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
                })) {
                continue;
            }
            ++compared;
            const u8* a = frame.rgba.data() + (u64{y} * frame.width + x) * 4;
            const u8* b = reference.rgba.data() + (u64{y} * frame.width + x) * 4;
            for (int channel = 0; channel < 3; ++channel) {
                if (std::abs(int{a[channel]} - int{b[channel]}) > 8) {
                    ++differing;
                    break;
                }
            }
        }
    }
    return static_cast<double>(differing) / static_cast<double>(compared);
}

// nx-hbmenu 3.0.0 lists the SD card's switch/ folder with each program's icon and name (the
// reference shows demo, game, nx-hbmenu itself, as nxhost shows the running NRO there, and
// Snake, in the console's shared font's stand-in), and launches the one chosen through the
// homebrew ABI's next-load path: three steps right to Snake, A, and Snake's own picture.
TEST(Homebrew, HbmenuListsTheSdCardAndLaunchesTheChosenProgram) {
    const RunOutcome run = RunWithScript(
        Fixture("hbmenu_3.0.0.nro"),
        "4s shot menu.png\n+0.2s Right~0.2\n+0.5s Right~0.2\n+0.5s Right~0.2\n+0.5s A~0.2\n"
        "+3s shot launched.png\n+0.1s exit\n",
        "",
        {"snake_curroraya_2025-04.nro", "igme-rit_gamepad-buttons_2019-06.nro",
         "hbswitchgame_demo_2022-05.nro"});
    ASSERT_EQ(run.exit_status, 0) << run.log;
    const gpu::Frame reference =
        frontend::ReadPng(std::filesystem::path(NXHOST_SOURCE_DIR) /
                          "tests/homebrew/reference/hbmenu_3.0.0_menu.png");
    // Left out: the clock at the top right (the host's time of day), the moving wave, and the
    // pulsing frame around the selected program.
    const std::vector<Box> animated = {
        {1000, 1279, 0, 100}, {0, 1279, 395, 470}, {18, 180, 466, 658}};
    EXPECT_LT(DifferingShare(ShotOf(run, "menu.png"), reference, animated), 0.002);
    EXPECT_NE(run.log.find("loading sdmc:/switch/snake_curroraya_2025-04.nro next"),
              std::string::npos)
        << run.log;
    const gpu::Frame launched = ShotOf(run, "launched.png");
    ASSERT_EQ(launched.width, 1280u);
    EXPECT_EQ(InkedColumns(launched, 1, kCell),
              ColumnsOf("SNAKE para Nintendo Switch by Curro Raya", 1));
}

// nx-hbloader (January 2019) starts hbmenu from sdmc:/hbmenu.nro as on the console, through
// its own calls: sm registers its "hb:ldr" and connects it back to itself, its helper thread
// receives the request that gives it a real handle to its own process, and the loader maps the
// NRO with MapProcessCodeMemory and SetProcessMemoryPermission. The menu lists the same SD
// card as HbmenuListsTheSdCardAndLaunchesTheChosenProgram but without an "nx-hbmenu" tile
// (nxhost shows the running NRO at sdmc:/switch/ only when it starts one itself): the
// reference shows demo (selected), game and Snake. Choosing Snake returns into hbloader,
// which unmaps hbmenu and loads Snake in its place. hbmenu and Snake are paced to 60 fps, and
// in the whole test run a shot 4 s after the press caught Snake before its title was whole.
TEST(Homebrew, HbloaderStartsHbmenuFromTheSdCard) {
    const RunOutcome run =
        RunWithScript(Fixture("hbl_2019-01.nsp"),
                      "5s shot menu.png\n+0.2s Right~0.2\n+0.5s Right~0.2\n+0.5s A~0.2\n"
                      "+6s shot launched.png\n+0.1s exit\n",
                      "",
                      {"snake_curroraya_2025-04.nro", "igme-rit_gamepad-buttons_2019-06.nro",
                       "hbswitchgame_demo_2022-05.nro"},
                      {{"hbmenu_3.0.0.nro", "hbmenu.nro"}});
    ASSERT_EQ(run.exit_status, 0) << run.log;
    EXPECT_EQ(run.log.find("fatal error"), std::string::npos) << run.log;
    const gpu::Frame reference =
        frontend::ReadPng(std::filesystem::path(NXHOST_SOURCE_DIR) /
                          "tests/homebrew/reference/hbmenu_3.0.0_menu_under_hbl.png");
    // Left out as in the direct run: the clock, the wave and the selection's pulsing frame.
    const std::vector<Box> animated = {
        {1000, 1279, 0, 100}, {0, 1279, 395, 470}, {18, 180, 466, 658}};
    EXPECT_LT(DifferingShare(ShotOf(run, "menu.png"), reference, animated), 0.002);
    const gpu::Frame launched = ShotOf(run, "launched.png");
    ASSERT_EQ(launched.width, 1280u);
    EXPECT_EQ(InkedColumns(launched, 1, kCell),
              ColumnsOf("SNAKE para Nintendo Switch by Curro Raya", 1));
}

gpu::Frame Reference(const std::string& name) {
    return frontend::ReadPng(std::filesystem::path(NXHOST_SOURCE_DIR) / "tests/homebrew/reference" /
                             name);
}

// Console lines, each at its 1-based row, and nothing else in those rows.
void ExpectRows(const gpu::Frame& frame, u32 size,
                const std::vector<std::pair<u32, std::string>>& lines) {
    for (const auto& [row, text] : lines) {
        EXPECT_EQ(InkedColumns(frame, row, size), ColumnsOf(text, 1))
            << "row " << row << ": " << text;
    }
}

// playtone prints what audout:u answered: success, 48 kHz, two channels, s16 samples, and the
// device started (libnx's AudioOutState_Started is 1).
TEST(Homebrew, PlaytoneGetsTheAudioOutsAnswers) {
    const RunOutcome run = RunWithScript(Fixture("playtone_switch-examples_2018-02.nro"),
                                         "3s shot tone.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ExpectRows(run.shot, kOldCell,
               {{1, "audoutInitialize() returned 0x0"},
                {2, "Sample rate: 0xbb80"},
                {3, "Channel count: 0x2"},
                {4, "PCM format: 0x2"},
                {5, "Device state: 0x1"},
                {6, "audoutStartAudioOut() returned 0x0"}});
}

TEST(Homebrew, ResetParentalControlsShowsItsMenu) {
    const RunOutcome run = RunWithScript(Fixture("reset_parental_controls_1.2.0.nro"),
                                         "3s shot menu.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ExpectRows(run.shot, kCell,
               {{1, "Reset Parental Controls: Reseting the pin made easy!"},
                {5, "Press (ZL) to see the pin"},
                {17, "Press (B) to exit"}});
}

// GagOrder asks ns:vm whether the console needs the supernag and is told it does not.
TEST(Homebrew, GagOrderReportsNoSupernag) {
    const RunOutcome run =
        RunWithScript(Fixture("gagorder_1.3.0.nro"), "3s shot gag.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ExpectRows(run.shot, kCell,
               {{1, "Gag Order 0.1.0 by Adubbz"}, {3, "This console doesn't have supernag!"}});
}

// Built with libnx 4.10 for the thread-local layout of Horizon 21 (its MOD0 says LNY2).
TEST(Homebrew, SysConDebugAppShowsItsPage) {
    const RunOutcome run = RunWithScript(Fixture("sys-con-debug-app_1.0.0_lny2.nro"),
                                         "3s shot syscon.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ExpectRows(run.shot, kCell,
               {{1, "Welcome to sys-con debug application"}, {4, "Press + and - to exit"}});
}

// nx-ntpc's first lines: time:s and the socket layer (bsd:u's registration) start.
TEST(Homebrew, NtpcStartsItsServices) {
    const RunOutcome run = RunWithScript(Fixture("nx-ntpc_1.0.1.nro"),
                                         "3s shot ntpc.png\n+0.1s exit\n", "--network off");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ExpectRows(run.shot, kCell,
               {{1, "Time services initialized"}, {2, "Socket services initialized"}});
}

// nx-ntpc 1.0.1 (thedax, github.com/thedax/NX-ntpc source/main.c) asks nifm whether the console
// is online, resolves 0.pool.ntp.org with gethostbyname (sfdnsres), sends an SNTP request to
// its port 123 over a connected UDP socket (bsd:s), prints the answer with ctime and sets the
// network system clock to it (libnx timeSetCurrentTime, time:s). The name and the port are
// fixed in the program. Here nxhost's hosts file resolves the name to 127.0.0.1, where
// tests/homebrew/ntp_server.py answers 2030-01-02 03:04:05 UTC. Port 123 is privileged and may
// be the host's NTP daemon's, so the server and nxhost run in a network namespace of their own
// (`unshare -Urn`, with_ntp_server.sh), which also keeps the program from the real pool; without
// user namespaces the tests are skipped. PLUS at the program's last prompt ends it.
bool CanUnshareNetwork() {
    return std::system("unshare -Urn true >/dev/null 2>&1") == 0;
}

RunOutcome RunNtpcAgainstLocalServer() {
    const std::filesystem::path hosts = std::filesystem::temp_directory_path() /
                                        ("nxhost-ntpc-hosts-" + std::to_string(::getpid()));
    std::ofstream(hosts) << "127.0.0.1 0.pool.ntp.org\n";
    const std::string server = std::string("unshare -Urn '") + NXHOST_SOURCE_DIR +
                               "/tests/homebrew/with_ntp_server.sh' 2030-01-02T03:04:05Z";
    RunOutcome run =
        RunWithScript(Fixture("nx-ntpc_1.0.1.nro"), "5s shot ntpc.png\n+0.2s Plus~0.3\n+5s exit\n",
                      "--hosts '" + hosts.string() + "'", {}, {}, {}, server);
    std::filesystem::remove(hosts);
    return run;
}

TEST(Homebrew, NtpcGetsTheTimeFromAnNtpServer) {
    if (!CanUnshareNetwork()) {
        GTEST_SKIP() << "no user and network namespaces (unshare -Urn) for a private port 123";
    }
    const RunOutcome run = RunNtpcAgainstLocalServer();
    ASSERT_EQ(run.exit_status, 0) << run.log;
    // The request reached the server: SNTP version 4, client mode, from the guest's socket.
    EXPECT_TRUE(std::regex_search(
        run.log, std::regex(R"(ntp_server: answered 127\.0\.0\.1:[0-9]+ \(version 4, mode 3\))")))
        << run.log;
    // What it printed on the way; ctime's own newline leaves row 9 empty.
    ExpectRows(run.shot, kCell,
               {{1, "Time services initialized"},
                {2, "Socket services initialized"},
                {3, "Opened socket"},
                {4, "Attempting to connect to 0.pool.ntp.org"},
                {5, "Connected to 0.pool.ntp.org with result: 0 0"},
                {6, "Sending time request..."},
                {7, "Sent time request with result: 30 0, waiting for response..."},
                {8, "Time received from server: Wed Jan  2 03:04:05 2030"},
                {9, ""}});
    EXPECT_NE(run.log.find("returned with exit status 0"), std::string::npos) << run.log;
    EXPECT_EQ(run.log.find("script: line 3: exit"), std::string::npos) << run.log;
}

// NXGallery 2.0.0 (iUltimateLP) serves the console's album over HTTP on port 1234 while it
// draws through deko3d: its web page answers a GET from the host (the listening socket is bound
// to the loopback interface, nxhost's default), inside a network namespace of the test's own
// (with_http_fetch.sh) so that the port meets no other program's.
TEST(Homebrew, NxGalleryServesItsWebPage) {
    if (!CanUnshareNetwork()) {
        GTEST_SKIP() << "no user and network namespaces (unshare -Urn) for a private port 1234";
    }
    const std::string fetch = std::string("unshare -Urn '") + NXHOST_SOURCE_DIR +
                              "/tests/homebrew/with_http_fetch.sh' http://127.0.0.1:1234/ 7";
    const RunOutcome run =
        RunWithScript(Fixture("nxgallery_2.0.0.nro"), "8s exit\n", "", {}, {}, {}, fetch);
    ASSERT_EQ(run.exit_status, 0) << run.log;
    EXPECT_NE(run.log.find("the guest listens on 127.0.0.1:1234 (tcp)"), std::string::npos)
        << run.log;
    EXPECT_TRUE(std::regex_search(
        run.log,
        std::regex(
            R"(http_fetch: http://127\.0\.0\.1:1234/: 200 OK, [0-9]+ bytes, title NXGallery)")))
        << run.log;
}

// The clock it sets: time:s's network system clock, which the log names with the time set.
TEST(Homebrew, NtpcSetsTheNetworkClockFromTheAnswer) {
    if (!CanUnshareNetwork()) {
        GTEST_SKIP() << "no user and network namespaces (unshare -Urn) for a private port 123";
    }
    const RunOutcome run = RunNtpcAgainstLocalServer();
    ASSERT_EQ(run.exit_status, 0) << run.log;
    // puts() adds a newline to the message's own: row 11 stays empty.
    ExpectRows(run.shot, kCell, {{10, "Successfully set NetworkSystemClock"}, {11, ""}});
    EXPECT_TRUE(std::regex_search(
        run.log, std::regex("network system clock[^\n]*2030-01-02 03:04:05", std::regex::icase)))
        << run.log;
}

// The GPU programs start, open their services and reach their first GPU submissions, which
// the GPU thread executes: each binds the 3D class (MAXWELL_B) and writes its state.
TEST(Homebrew, DekoProgramsSubmitGpuWorkThatIsExecuted) {
    for (const char* name :
         {"melonds-switch_fast-alpha-r6.nro", "nxgallery_2.0.0.nro", "fizeau_2.8.1.nro"}) {
        const auto dump = std::filesystem::temp_directory_path() /
                          (std::string("nxhost_homebrew_gpu_dump_") + name + ".txt");
        const RunOutcome run = RunWithScript(Fixture(name), "4s exit\n", "", {}, {}, {},
                                             "env NXHOST_GPU_DUMP=" + dump.string());
        EXPECT_EQ(run.log.find("fatal error"), std::string::npos) << name << run.log;
        std::ifstream in(dump);
        const std::string text((std::istreambuf_iterator<char>(in)), {});
        EXPECT_NE(text.find("SET_OBJECT" + std::string(25, ' ') + "0x0000b197"), std::string::npos)
            << name << "\n"
            << text.substr(0, 4000);
        EXPECT_NE(text.find("MAXWELL_B"), std::string::npos) << name;
        std::filesystem::remove(dump);
    }
}

// A host-GPU program's shot against its reference (made here with nxhost and looked at): the
// run ended cleanly, the shot is `width`x`height`, at most 0.2 % of its pixels differ, and no
// draw was left undrawn. Call under ASSERT_NO_FATAL_FAILURE.
void ExpectDrawnAsItsReference(const RunOutcome& run, u32 width, u32 height,
                               std::string_view reference_name) {
    ASSERT_EQ(run.exit_status, 0) << run.log;
    ASSERT_EQ(run.shot.width, width) << run.log;
    ASSERT_EQ(run.shot.height, height);
    const gpu::Frame reference = frontend::ReadPng(std::filesystem::path(NXHOST_SOURCE_DIR) /
                                                   "tests/homebrew/reference" / reference_name);
    EXPECT_LT(DifferingShare(run.shot, reference, {}), 0.002) << run.log;
    EXPECT_EQ(run.log.find("not drawn"), std::string::npos) << run.log;
}

// NXGallery (deko3d) draws its interface into its R5G6B5 framebuffer on the host GPU
// (lavapipe here): the title with its icon, the rules, the QR code of its address, "Scan the QR
// Code", the address box and the footer, in the shared font's stand-in, over the background it
// clears to, SET_COLOR_CLEAR_VALUE (235/255, 235/255, 235/255). The reference was made here with
// nxhost and looked at; nothing in it moves. Its first frame is the clear alone and the second
// waits for its pipelines, so the shot waits for frames, not for a time (lavapipe under load).
TEST(Homebrew, NxGalleryDrawsItsInterface) {
    const RunOutcome run = RunWithScript(
        Fixture("nxgallery_2.0.0.nro"), "2s wait-frames 3\n+0.5s shot interface.png\n+0.1s exit\n");
    if (run.log.find("no Vulkan host GPU") != std::string::npos) {
        GTEST_SKIP() << "no Vulkan device at all: nothing is drawn\n" << run.log;
    }
    ASSERT_NO_FATAL_FAILURE(ExpectDrawnAsItsReference(run, 1280, 720, "nxgallery_2.0.0.png"));
    // The QR code's top-left finder pattern: its black ring, and inside it the background grey
    // as R5G6B5 keeps it.
    const auto channel = [](u32 bits) { return (235 * ((1u << bits) - 1) + 127) / 255; };
    const u16 packed = static_cast<u16>(channel(5) << 11 | channel(6) << 5 | channel(5));
    std::array<u8, 2> pixel{static_cast<u8>(packed), static_cast<u8>(packed >> 8)};
    std::array<u8, 4> rgba{};
    gpu::ConvertRowToRgba8(gpu::DisplayFormat::Rgb565, pixel, 1, rgba);
    const u32 grey = u32{rgba[0]} << 16 | u32{rgba[1]} << 8 | rgba[2];
    EXPECT_EQ(Pixel(run.shot, 525, 180), 0u);
    EXPECT_EQ(Pixel(run.shot, 553, 190), grey);
    EXPECT_EQ(Pixel(run.shot, 10, 10), grey);
}

// Fizeau (libnx 4.x, deko3d and ImGui) without its sysmodule: on the console it shows its error
// window, "The service is not active", over its clear colour, and keeps running. That needs
// the clocks of the time shared memory (ImGui asserts on a zero frame time) and its ImGui
// shaders, whose code ends at the very end of their memory block with a branch to the
// bundle's start. Its background JPEGs go to nvhost-nvjpg, which nxhost does not run (named
// in the log); the error window does not show them. Reference made here and looked at.
TEST(Homebrew, FizeauShowsItsServiceErrorWindow) {
    const RunOutcome run = RunWithScript(Fixture("fizeau_2.8.1.nro"),
                                         "1s wait-frames 3\n+0.5s shot error.png\n+0.1s exit\n");
    if (run.log.find("no Vulkan host GPU") != std::string::npos) {
        GTEST_SKIP() << "no Vulkan device at all: nothing is drawn\n" << run.log;
    }
    ASSERT_NO_FATAL_FAILURE(
        ExpectDrawnAsItsReference(run, 1280, 720, "fizeau_2.8.1_service_error.png"));
    EXPECT_NE(run.log.find("nvhost-nvjpg: SUBMIT"), std::string::npos) << run.log;
}

// melonDS (deko3d) draws its menu on the host GPU: the item list with "Browse" highlighted in
// green, the melonDS logo and name, "Last played...", the Select hint. Docked it fills its
// 1920x1080 buffer; handheld (MelonDsDrawsItsMenuHandheld) it draws into the top-left
// 1280x720 of the same buffer and has vi crop it (QueueBuffer's crop). The references were
// made here with nxhost and looked at; nothing in them moves. It never writes SET_CT_WRITE: the
// draws write every component from the hardware's starting state.
TEST(Homebrew, MelonDsDrawsItsMenu) {
    const RunOutcome run = RunWithScript(Fixture("melonds-switch_fast-alpha-r6.nro"),
                                         "5s shot menu.png\n+0.1s exit\n", "--docked");
    if (run.log.find("no Vulkan host GPU") != std::string::npos) {
        GTEST_SKIP() << "no Vulkan device at all: nothing is drawn\n" << run.log;
    }
    ASSERT_NO_FATAL_FAILURE(
        ExpectDrawnAsItsReference(run, 1920, 1080, "melonds-switch_fast-alpha-r6_menu_docked.png"));
}

// Handheld: the crop QueueBuffer gives, (0, 0)-(1280, 720) of the 1920x1080 buffer, is the
// picture: the whole menu in a 1280x720 shot, not the menu in a corner of the buffer.
TEST(Homebrew, MelonDsDrawsItsMenuHandheld) {
    const RunOutcome run = RunWithScript(Fixture("melonds-switch_fast-alpha-r6.nro"),
                                         "5s shot menu.png\n+0.1s exit\n");
    if (run.log.find("no Vulkan host GPU") != std::string::npos) {
        GTEST_SKIP() << "no Vulkan device at all: nothing is drawn\n" << run.log;
    }
    ASSERT_NO_FATAL_FAILURE(ExpectDrawnAsItsReference(
        run, 1280, 720, "melonds-switch_fast-alpha-r6_menu_handheld.png"));
    // The Select hint's dark grey box sits at the bottom right of the cropped picture (the
    // uncropped buffer has the light background there), "Browse"'s green bar at the top left.
    const auto channels = [](u32 rgb) {
        return std::array<u32, 3>{rgb >> 16 & 0xFF, rgb >> 8 & 0xFF, rgb & 0xFF};
    };
    for (const u32 channel : channels(Pixel(run.shot, 1270, 710))) {
        EXPECT_LT(channel, 0x80u);
    }
    const auto green = channels(Pixel(run.shot, 200, 60));
    EXPECT_GT(green[1], green[0] + 0x40);
    EXPECT_GT(green[1], green[2] + 0x40);
}

// The sysmodule, launched by itself: it decodes sdmc:/config/BootSoundNX/sound/bootsound.mp3
// and plays it through audout:u, which releases its buffers at the real 48 kHz rate, then
// ends. The sound is 100 silent MPEG-1 layer III frames (44.1 kHz, 128 kbit/s; a frame whose
// side information is all zero decodes to silence): 100 x 1152 samples, 2.6 s.
TEST(Homebrew, BootSoundNxPlaysTheSdCardsSound) {
    std::vector<u8> mp3;
    for (int frame = 0; frame < 100; ++frame) {
        const u8 header[] = {0xFF, 0xFB, 0x90, 0x64};
        mp3.insert(mp3.end(), header, header + 4);
        mp3.resize(mp3.size() + 417 - 4, 0);
    }
    const RunOutcome run =
        RunWithScript(Fixture("bootsoundnx_exefs_00FF0000000002AA.nsp"), "20s exit\n", "", {}, {},
                      {{"config/BootSoundNX/sound/bootsound.mp3", mp3}});
    ASSERT_EQ(run.exit_status, 0) << run.log;
    EXPECT_NE(run.log.find("audio out opened: 48000 Hz, 2 channels, s16"), std::string::npos)
        << run.log;
    EXPECT_EQ(run.log.find("script: line 1: exit"), std::string::npos) << run.log;  // it ended
    // It ran for as long as its sound: the buffers were played out, not dropped at once.
    const std::size_t at = run.log.rfind(" guest instructions, ");
    ASSERT_NE(at, std::string::npos) << run.log;
    const double seconds = std::stod(run.log.substr(at + 21));
    EXPECT_GE(seconds, 2.4) << run.log;
    EXPECT_LT(seconds, 15.0) << run.log;
}

// The CPU-drawn GUIs against pictures of them made by nxhost and looked at: Checkpoint's
// empty title list (nxhost has no installed titles) under its header and command line, and
// Hekate Toolbox's main page.
TEST(Homebrew, CheckpointShowsItsEmptyTitleList) {
    const RunOutcome run =
        RunWithScript(Fixture("checkpoint_3.4.2.nro"), "4s shot checkpoint.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    // Left out: the clock at the top left.
    EXPECT_LT(DifferingShare(run.shot, Reference("checkpoint_3.4.2.png"), {{0, 130, 0, 29}}),
              0.002);
}

TEST(Homebrew, HekateToolboxShowsItsMainPage) {
    const RunOutcome run =
        RunWithScript(Fixture("hekate-toolbox_4.0.2.nro"), "4s shot toolbox.png\n+0.1s exit\n");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    // Left out: the frame around the selected tile, whose colour pulses.
    EXPECT_LT(
        DifferingShare(run.shot, Reference("hekate-toolbox_4.0.2.png"), {{140, 360, 220, 440}}),
        0.002);
}

// `nxhost romfs` reads an NRO's own RomFS (its asset section): hbmenu 3.0.0 keeps its theme
// and icons there.
TEST(Homebrew, RomfsCommandListsAnNrosRomfs) {
    const std::string command = std::string("'") + NXHOST_BINARY + "' romfs ls '" +
                                Fixture("hbmenu_3.0.0.nro").string() + "' 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::string listing;
    char buffer[1024];
    while (std::size_t read = std::fread(buffer, 1, sizeof(buffer), pipe)) {
        listing.append(buffer, read);
    }
    EXPECT_EQ(::pclose(pipe), 0) << listing;
    EXPECT_EQ(listing.find("has no RomFS"), std::string::npos) << listing;
    EXPECT_FALSE(listing.empty());
}

// `make run`'s demo (guest/hello) draws a test card and presents it through vi and nvmap as
// libnx does: eight colour bars over the top two thirds, a grey ramp below.
TEST(Demo, PresentsItsTestCardThroughVi) {
    const RunOutcome run =
        RunWithScript(std::filesystem::path(NXHOST_BINARY_DIR) / "guest/hello.nro",
                      "0.25s shot card.png\n", "--deterministic");
    ASSERT_EQ(run.exit_status, 0) << run.log;
    EXPECT_NE(run.log.find("presented a 1280x720 test card"), std::string::npos) << run.log;
    ASSERT_EQ(run.shot.width, 1280u);
    ASSERT_EQ(run.shot.height, 720u);
    const u32 bars[] = {0xffffff, 0xffff00, 0x00ffff, 0x00ff00,
                        0xff00ff, 0xff0000, 0x0000ff, 0x000000};
    for (u32 bar = 0; bar < 8; ++bar) {
        EXPECT_EQ(Pixel(run.shot, bar * 160 + 80, 200), bars[bar]) << "bar " << bar;
    }
    EXPECT_EQ(Pixel(run.shot, 0, 600), 0x000000u);
    EXPECT_EQ(Pixel(run.shot, 1279, 600), 0xffffffu);
    EXPECT_EQ(Pixel(run.shot, 640, 600) & 0xff, 640u * 255 / 1279);
}

}  // namespace
}  // namespace homebrew_test
