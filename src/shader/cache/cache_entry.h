#pragma once

#include <span>
#include <vector>

#include "base/types.h"
#include "shader/cache/shader_cache.h"

namespace shader {

// One shader cache file, little-endian:
//   0  u8[8]  magic "nxshader"
//   8  u32    format version (kShaderCacheFormatVersion)
//  12  u64    key.low,  20  u64 key.high (the key again, for a file renamed or copied)
//  28  u64    payload length (exactly the bytes after the header)
//  36  u64    XXH3-64 of the payload
//  44         payload: a u32 program kind (0 compute, 1 graphics), then the ComputeProgram or
//             GraphicsProgram, field by field
inline constexpr u32 kShaderCacheFormatVersion =
    8;  // 5: program kinds; 6: image formats; 7: varying types; 8: global buffer banks
inline constexpr std::size_t kShaderCacheHeaderBytes = 44;

std::vector<u8> EncodeCacheEntry(const ShaderCacheKey& key, const ComputeProgram& program);
std::vector<u8> EncodeCacheEntry(const ShaderCacheKey& key, const GraphicsProgram& program);

// Throws base::Error saying what is wrong with the entry (truncated, checksum, magic, version,
// key, a length past the end); reads nothing outside `bytes` whatever they hold.
ComputeProgram DecodeCacheEntry(std::span<const u8> bytes, const ShaderCacheKey& key);
GraphicsProgram DecodeGraphicsCacheEntry(std::span<const u8> bytes, const ShaderCacheKey& key);

}  // namespace shader
