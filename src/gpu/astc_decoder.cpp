#include "gpu/astc_decoder.h"

#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <vector>

#include <astcenc.h>
#include <fmt/format.h>

namespace gpu {
namespace {

struct ContextDeleter {
    void operator()(astcenc_context* context) const { astcenc_context_free(context); }
};
using Context = std::unique_ptr<astcenc_context, ContextDeleter>;

// One decompress-only context per block size and profile, kept (they are slow to make).
class Contexts {
public:
    astcenc_context* Get(u32 width, u32 height, bool srgb, std::string* why) {
        auto& slot = contexts_[{width, height, srgb}];
        if (slot) {
            return slot.get();
        }
        astcenc_config config{};
        astcenc_error error =
            astcenc_config_init(srgb ? ASTCENC_PRF_LDR_SRGB : ASTCENC_PRF_LDR, width, height, 1,
                                ASTCENC_PRE_FASTEST, ASTCENC_FLG_DECOMPRESS_ONLY, &config);
        astcenc_context* context = nullptr;
        if (error == ASTCENC_SUCCESS) {
            error = astcenc_context_alloc(&config, 1, &context);
        }
        if (error != ASTCENC_SUCCESS) {
            if (why) {
                *why = fmt::format("libastcenc has no {}x{} context: {}", width, height,
                                   astcenc_get_error_string(error));
            }
            contexts_.erase({width, height, srgb});
            return nullptr;
        }
        slot.reset(context);
        return context;
    }
    std::mutex mutex;

private:
    std::map<std::tuple<u32, u32, bool>, Context> contexts_;
};

Contexts& SharedContexts() {
    static Contexts contexts;
    return contexts;
}

}  // namespace

bool DecodeAstc(const AstcImage& image, std::span<const u8> blocks, std::span<u8> texels,
                std::string* why) {
    const u64 blocks_x = (image.width + image.block_width - 1) / image.block_width;
    const u64 blocks_y = (image.height + image.block_height - 1) / image.block_height;
    const u64 slice_blocks = blocks_x * blocks_y * 16;
    const u64 slice_texels = u64{image.width} * image.height * 4;
    if (image.width == 0 || image.height == 0 || blocks.size() < slice_blocks * image.depth ||
        texels.size() < slice_texels * image.depth) {
        if (why) {
            *why = fmt::format("an ASTC image of {}x{}x{} does not fit its buffers", image.width,
                               image.height, image.depth);
        }
        return false;
    }
    Contexts& contexts = SharedContexts();
    std::lock_guard lock(contexts.mutex);
    astcenc_context* context = contexts.Get(image.block_width, image.block_height, image.srgb, why);
    if (!context) {
        return false;
    }
    const astcenc_swizzle identity{ASTCENC_SWZ_R, ASTCENC_SWZ_G, ASTCENC_SWZ_B, ASTCENC_SWZ_A};
    for (u32 z = 0; z < image.depth; ++z) {
        void* slice = texels.data() + z * slice_texels;
        astcenc_image out{image.width, image.height, 1, ASTCENC_TYPE_U8, &slice};
        const astcenc_error error = astcenc_decompress_image(
            context, blocks.data() + z * slice_blocks, slice_blocks, &out, &identity, 0);
        astcenc_decompress_reset(context);
        if (error != ASTCENC_SUCCESS) {
            if (why) {
                *why = fmt::format("libastcenc: {}", astcenc_get_error_string(error));
            }
            return false;
        }
    }
    return true;
}

}  // namespace gpu
