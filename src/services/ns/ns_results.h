#pragma once

#include "base/result.h"

namespace services::ns {

// ns (module 16). 2016-0050 is what GetApplicationControlData answers for an application id
// that has no control data on the console (homebrew such as nxgallery checks for it by value).
inline constexpr base::Result ResultApplicationControlDataNotFound{16, 50};
// GetApplicationDesiredLanguage when the NACP has no language entry usable.
inline constexpr base::Result ResultApplicationLanguageNotFound{16, 300};

}  // namespace services::ns
