#pragma once

#include <string>
#include <vector>

namespace shader::sass {

// 256 names, "?" where the index is not known.
const std::vector<std::string>& SpecialRegisterNames();

}  // namespace shader::sass
