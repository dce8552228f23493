#include "frontend/png_file.h"

#include <png.h>

#include <cstring>

#include "base/error.h"
#include "base/file.h"

namespace frontend {
namespace {

void AppendBytes(png_structp png, png_bytep data, png_size_t length) {
    auto* out = static_cast<std::vector<u8>*>(png_get_io_ptr(png));
    out->insert(out->end(), data, data + length);
}

struct ReadCursor {
    const std::vector<u8>* bytes;
    std::size_t at = 0;
};

void ReadBytes(png_structp png, png_bytep data, png_size_t length) {
    auto* cursor = static_cast<ReadCursor*>(png_get_io_ptr(png));
    if (length > cursor->bytes->size() - cursor->at) {
        png_error(png, "the file ends early");
    }
    std::memcpy(data, cursor->bytes->data() + cursor->at, length);
    cursor->at += length;
}

[[noreturn]] void OnError(png_structp png, png_const_charp message) {
    *static_cast<std::string*>(png_get_error_ptr(png)) = message;
    png_longjmp(png, 1);
}

void OnWarning(png_structp, png_const_charp) {}

}  // namespace

void WritePng(const std::filesystem::path& path, const gpu::Frame& frame) {
    if (frame.width == 0 || frame.height == 0 ||
        frame.rgba.size() != u64{frame.width} * frame.height * 4) {
        base::Fail("{}: no picture to write ({}x{})", path.string(), frame.width, frame.height);
    }
    std::string error;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, OnError, OnWarning);
    png_infop info = png_create_info_struct(png);
    std::vector<u8> bytes;
    if (setjmp(png_jmpbuf(png)) != 0) {
        png_destroy_write_struct(&png, &info);
        base::Fail("{}: {}", path.string(), error);
    }
    png_set_write_fn(png, &bytes, AppendBytes, nullptr);
    png_set_IHDR(png, info, frame.width, frame.height, 8, PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, 3);
    png_write_info(png, info);
    for (u32 y = 0; y < frame.height; ++y) {
        png_write_row(png, frame.rgba.data() + u64{y} * frame.width * 4);
    }
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    base::WriteFileAtomic(path, bytes);
}

gpu::Frame ReadPng(const std::filesystem::path& path) {
    const std::vector<u8> bytes = base::ReadFile(path);
    if (bytes.size() < 8 || png_sig_cmp(bytes.data(), 0, 8) != 0) {
        base::Fail("{}: not a PNG file", path.string());
    }
    std::string error;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &error, OnError, OnWarning);
    png_infop info = png_create_info_struct(png);
    ReadCursor cursor{&bytes};
    gpu::Frame frame;
    if (setjmp(png_jmpbuf(png)) != 0) {
        png_destroy_read_struct(&png, &info, nullptr);
        base::Fail("{}: {}", path.string(), error);
    }
    png_set_read_fn(png, &cursor, ReadBytes);
    png_read_info(png, info);
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    frame.width = png_get_image_width(png, info);
    frame.height = png_get_image_height(png, info);
    frame.rgba.resize(u64{frame.width} * frame.height * 4);
    for (u32 y = 0; y < frame.height; ++y) {
        png_read_row(png, frame.rgba.data() + u64{y} * frame.width * 4, nullptr);
    }
    png_destroy_read_struct(&png, &info, nullptr);
    return frame;
}

}  // namespace frontend
