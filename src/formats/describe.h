#pragma once

#include <string>

#include "formats/kernel_capabilities.h"
#include "formats/module_image.h"
#include "formats/nacp.h"
#include "formats/npdm.h"
#include "formats/nro.h"
#include "formats/nso.h"

namespace formats {

// Human-readable summaries, a few indented lines each, for `nxhost info` and error reports.
std::string DescribeModule(const ModuleImage& module);
std::string DescribeNro(const Nro& nro);
std::string DescribeNso(const Nso& nso);
std::string DescribeKernelCapabilities(const KernelCapabilities& caps);
std::string DescribeNpdm(const Npdm& npdm);
std::string DescribeNacp(const Nacp& nacp);

}  // namespace formats
