#pragma once

// What a benchmark result was measured with: this nxhost and this machine.

#include <string>

namespace app {

// `git describe` of the tree nxhost was built from, else the project's version.
std::string NxhostVersion();
// The CPU's model (/proc/cpuinfo's "model name") and the cores nxhost can use:
// "AMD EPYC 7B13 (2 cores)".
std::string HostMachine();

}  // namespace app
