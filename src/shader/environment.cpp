#include "shader/environment.h"

namespace shader {

const char* StageName(Stage stage) {
    switch (stage) {
        case Stage::Compute:
            return "compute";
        case Stage::Vertex:
            return "vertex";
        case Stage::TessellationControl:
            return "tessellation control";
        case Stage::TessellationEvaluation:
            return "tessellation evaluation";
        case Stage::Geometry:
            return "geometry";
        case Stage::Fragment:
            return "fragment";
    }
    return "unknown";
}

}  // namespace shader
