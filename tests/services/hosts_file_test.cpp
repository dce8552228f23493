// nxhost's hosts file (--hosts): /etc/hosts's format, bad lines named by file and line.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "services/bsd/hosts_file.h"

namespace {

using services::bsd::HostAddress;
using services::bsd::HostsFile;

HostAddress Address(const char* text) {
    HostAddress address;
    EXPECT_TRUE(HostAddress::Parse(text, address)) << text;
    return address;
}

TEST(HostsFile, ReadsAddressesNamesAndAliases) {
    std::vector<std::string> errors;
    const HostsFile file = HostsFile::Parse(
        "# test servers\n"
        "\n"
        "127.0.0.1\tgame.example  login.example # the game's two\n"
        "::1 game.example\n"
        "   10.1.2.3 other.example\n"
        "fe80::1%eth0 scoped.example\n",
        "hosts.txt", errors);
    ASSERT_EQ(errors.size(), 1u);  // inet_pton takes no zone: that line is named, not guessed
    EXPECT_EQ(errors[0], "hosts.txt:6: \"fe80::1%eth0\" is not an IPv4 or IPv6 address");
    ASSERT_EQ(file.Entries().size(), 3u);

    const auto game = file.FindByName("GAME.Example");
    ASSERT_EQ(game.size(), 2u);
    EXPECT_EQ(game[0]->address, Address("127.0.0.1"));
    EXPECT_EQ(game[0]->name, "game.example");
    EXPECT_EQ(game[0]->aliases, std::vector<std::string>{"login.example"});
    EXPECT_TRUE(game[1]->address.ipv6);
    EXPECT_EQ(game[1]->address.ToString(), "::1");
    EXPECT_EQ(file.FindByName("login.example").size(), 1u);
    EXPECT_TRUE(file.FindByName("example").empty());

    const auto* other = file.FindByAddress(Address("10.1.2.3"));
    ASSERT_NE(other, nullptr);
    EXPECT_EQ(other->name, "other.example");
    EXPECT_EQ(file.FindByAddress(Address("10.1.2.4")), nullptr);
}

TEST(HostsFile, NamesEachBadLineAndKeepsTheRest) {
    std::vector<std::string> errors;
    const HostsFile file = HostsFile::Parse(
        "300.1.1.1 too.big\n"
        "10.0.0.1\n"
        "10.0.0.2 good.example\n"
        "10.0.0.3 bad\x01name\n"
        "game.example 10.0.0.4\n",
        "/tmp/hosts", errors);
    EXPECT_EQ(errors, (std::vector<std::string>{
                          "/tmp/hosts:1: \"300.1.1.1\" is not an IPv4 or IPv6 address",
                          "/tmp/hosts:2: 10.0.0.1 has no name",
                          "/tmp/hosts:4: \"bad\x01name\" is not a host name",
                          "/tmp/hosts:5: \"game.example\" is not an IPv4 or IPv6 address",
                      }));
    ASSERT_EQ(file.Entries().size(), 1u);
    EXPECT_EQ(file.Entries()[0].name, "good.example");
}

TEST(HostsFile, LoadsAFileAndNamesOneItCannotRead) {
    const auto path = std::filesystem::temp_directory_path() / "nxhost-hosts-file-test";
    {
        std::ofstream out(path);
        out << "127.0.0.1 local.test\r\n10.9.9.9\n";  // a Windows line ending is whitespace
    }
    std::vector<std::string> errors;
    const HostsFile file = HostsFile::Load(path, errors);
    EXPECT_EQ(errors, std::vector<std::string>{path.string() + ":2: 10.9.9.9 has no name"});
    ASSERT_EQ(file.FindByName("local.test").size(), 1u);
    std::filesystem::remove(path);

    errors.clear();
    EXPECT_TRUE(HostsFile::Load(path, errors).Entries().empty());
    EXPECT_EQ(errors, std::vector<std::string>{path.string() + ": cannot be read"});
}

}  // namespace
