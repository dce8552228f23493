#include "app/host_machine.h"

#include <fstream>
#include <thread>

#include <fmt/format.h>

#include "nxhost_version.h"

namespace app {
namespace {

std::string CpuModel() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        // "model name\t: AMD EPYC 7B13 64-Core Processor"; arm64 kernels have no model name.
        if (line.starts_with("model name")) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) {
                const auto first = line.find_first_not_of(' ', colon + 1);
                return first == std::string::npos ? "" : line.substr(first);
            }
        }
    }
    return "unknown CPU";
}

}  // namespace

std::string NxhostVersion() {
    return NXHOST_VERSION;
}

std::string HostMachine() {
    const unsigned cores = std::thread::hardware_concurrency();
    return fmt::format("{} ({} core{})", CpuModel(), cores, cores == 1 ? "" : "s");
}

}  // namespace app
