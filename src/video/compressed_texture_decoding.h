#pragma once

// Which compressed texture formats the host GPU decodes on the CPU (gpu/texture_decoder.h)
// although the device samples them: a device that cannot sample a BCn or ASTC format always
// gets it decoded; these force it (for tests of that path, and to compare the two).

namespace video {

struct CompressedTextureDecoding {
    bool bc = false;    // BC1-BC7
    bool astc = false;  // ASTC LDR and sRGB
};

}  // namespace video
