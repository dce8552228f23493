#pragma once

#include <string>
#include <vector>

namespace shader::maxwell {

// S2R's 256 special register names as nvdisasm prints them for Maxwell.
const std::vector<std::string>& SpecialRegisterNames();

}  // namespace shader::maxwell
