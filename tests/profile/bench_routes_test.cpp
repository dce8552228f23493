#include "profile/bench_routes.h"

#include <gtest/gtest.h>

#include "support/error_of.h"

namespace {

using profile::ParseBenchRoutes;

std::string ErrorOf(std::string_view text) {
    return test_support::ErrorOf(
        [&] { ParseBenchRoutes(text, "bench.tsv", "/p/0400486024DEC000"); });
}

TEST(BenchRoutes, ReadsNamesControlFilesAndWindows) {
    const auto routes = ParseBenchRoutes(
        "# routes\n"
        "kokiri-deck\troutes/kokiri.txt\t10s-40s\n"
        "\n"
        "title\ttitle.txt\tscript\r\n"
        "menu\t/abs/menu.txt\t2.5-7\n",
        "bench.tsv", "/p/0400486024DEC000");
    ASSERT_EQ(routes.size(), 3u);
    EXPECT_EQ(routes[0].name, "kokiri-deck");
    EXPECT_EQ(routes[0].control, "/p/0400486024DEC000/routes/kokiri.txt");
    EXPECT_EQ(routes[0].window.start_s, 10.0);
    EXPECT_EQ(routes[0].window.stop_s, 40.0);
    EXPECT_EQ(routes[1].name, "title");
    EXPECT_EQ(routes[1].control, "/p/0400486024DEC000/title.txt");
    EXPECT_FALSE(routes[1].window.start_s.has_value());
    EXPECT_FALSE(routes[1].window.stop_s.has_value());
    // An absolute control file stays where it is.
    EXPECT_EQ(routes[2].control, "/abs/menu.txt");
    EXPECT_EQ(routes[2].window.start_s, 2.5);
    EXPECT_EQ(routes[2].window.stop_s, 7.0);
}

TEST(BenchRoutes, BadLinesNameTheFileAndLine) {
    EXPECT_EQ(ErrorOf("# r\nwalk\twalk.txt\n"),
              "bench.tsv:2: a route is a name, a control file and a stats window (\"10s-40s\" or "
              "\"script\"), separated by tabs; this line has 2 fields");
    EXPECT_EQ(ErrorOf("walk\twalk.txt\t40s-10s\n"),
              "bench.tsv:1: stats window '40s-10s' is neither START-STOP in seconds "
              "(\"10s-40s\") nor \"script\"");
    EXPECT_EQ(ErrorOf("walk\twalk.txt\tall\n"),
              "bench.tsv:1: stats window 'all' is neither START-STOP in seconds (\"10s-40s\") "
              "nor \"script\"");
    EXPECT_EQ(ErrorOf("../up\twalk.txt\tscript\n"),
              "bench.tsv:1: route name '../up' is not a file name (letters, digits, '-', '_', "
              "'.')");
    EXPECT_EQ(ErrorOf("walk\ta.txt\tscript\nwalk\tb.txt\t1s-2s\n"),
              "bench.tsv:2: route 'walk' is already defined");
}

}  // namespace
