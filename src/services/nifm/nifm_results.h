#pragma once

#include "base/result.h"

namespace services::nifm {

// nifm's results (module 110), named as the emulators that match the console name them:
// a query that needs a connection when there is none (2110-0300), and a network request
// the console cannot satisfy because it has no network to bring up (2110-1111, yuzu's
// "NetworkCommunicationDisabled").
inline constexpr base::Result ResultNoInternetConnection{110, 300};
inline constexpr base::Result ResultNetworkCommunicationDisabled{110, 1111};

}  // namespace services::nifm
