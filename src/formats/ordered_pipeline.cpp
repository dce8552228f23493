#include "formats/ordered_pipeline.h"

namespace formats {

unsigned WorkerThreads() {
    return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace formats
