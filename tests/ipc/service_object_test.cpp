#include "ipc/service_object.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/fake_ipc_environment.h"

namespace {

// An interface with one command built and one only named.
class PartlyBuilt final : public ipc::Interface<PartlyBuilt> {
public:
    static constexpr auto kName = "nxhost::test::IPartlyBuilt";
    base::Result Built() {
        ++calls;
        return base::ResultSuccess;
    }
    static constexpr auto kCommands = std::array{
        NX_COMMAND(0, PartlyBuilt::Built),
        NX_NOT_BUILT(1, "GetSomethingNotYetBuilt"),
    };
    int calls = 0;
};

// A named command the table does not build answers sf's unknown-command result, as a command
// the table lacks does, but its log line names it; only built commands are offered to tests.
TEST(CommandTable, NamesTheCommandsItDoesNotBuild) {
    test_support::FakeIpcEnvironment environment;
    const ipc::HipcMessage message;
    ipc::RequestContext context(message, {}, environment, false);
    PartlyBuilt object;
    base::Result result;
    ASSERT_TRUE(object.Invoke(0, context, result));
    EXPECT_TRUE(result.IsSuccess());
    EXPECT_EQ(object.calls, 1);

    ::testing::internal::CaptureStderr();
    ASSERT_TRUE(object.Invoke(1, context, result));
    const std::string log = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(result, ipc::ResultUnknownCommandId);
    EXPECT_EQ(object.calls, 1);
    EXPECT_NE(log.find("nxhost::test::IPartlyBuilt command 1 (GetSomethingNotYetBuilt) is not "
                       "built in nxhost yet"),
              std::string::npos)
        << log;

    EXPECT_FALSE(object.Invoke(2, context, result));
    EXPECT_EQ(object.CommandIds(), std::vector<u32>{0});
}

// Raw arguments are laid out by alignment, smallest first, keeping declaration order within
// one alignment (nn::sf's rule): time's ToCalendarTimeWithMyRule answers a CalendarTime
// (alignment 2) before its CalendarAdditionalInfo (alignment 4), and sm's RegisterService takes
// its 8-character name (alignment 1) before the u8 and the u32.
TEST(RawLayout, SortsByAlignmentSmallestFirst) {
    constexpr auto layout =
        ipc::detail::RawLayout<4>({true, true, true, true}, {8, 8, 4, 1}, {8, 1, 4, 1});
    EXPECT_EQ(layout.first[1], 0u);   // 8 bytes of alignment 1 (a service name)
    EXPECT_EQ(layout.first[3], 8u);   // u8
    EXPECT_EQ(layout.first[2], 12u);  // u32
    EXPECT_EQ(layout.first[0], 16u);  // u64
    EXPECT_EQ(layout.second, 24u);
}

TEST(RawLayout, SkipsArgumentsThatAreNotRaw) {
    constexpr auto layout = ipc::detail::RawLayout<3>({true, false, true}, {4, 8, 4}, {4, 8, 4});
    EXPECT_EQ(layout.first[0], 0u);
    EXPECT_EQ(layout.first[2], 4u);
    EXPECT_EQ(layout.second, 8u);
}

}  // namespace
