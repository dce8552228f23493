// Launch manifests of the CUDA reference runs (tests/shader/cuda/runs/README.md, "Manifest
// format"), read as check_manifests.py's check_manifest() reads them.
#include "cuda_runner/launch_manifest.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <iterator>
#include <optional>
#include <set>

#include <fmt/format.h>

#include "base/error.h"
#include "base/file.h"

namespace cuda_runner {
namespace {

std::vector<std::string_view> Words(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t pos = 0;
    while (pos < line.size()) {
        const std::size_t start = line.find_first_not_of(" \t\r\v\f", pos);
        if (start == std::string_view::npos) {
            break;
        }
        const std::size_t end = line.find_first_of(" \t\r\v\f", start);
        words.push_back(line.substr(start, end - start));
        pos = end == std::string_view::npos ? line.size() : end;
    }
    return words;
}

std::optional<u32> ParseCount(std::string_view text) {
    u32 value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

class ManifestReader {
public:
    explicit ManifestReader(const std::filesystem::path& path) : folder_(path.parent_path()) {
        manifest_.path = path;
        name_ = path.string();
    }

    LaunchManifest Read(std::string_view text) {
        u32 number = 0;
        bool directives = false;
        for (std::size_t pos = 0; pos <= text.size();) {
            const std::size_t newline = text.find('\n', pos);
            const std::string_view raw = text.substr(
                pos, newline == std::string_view::npos ? std::string_view::npos : newline - pos);
            pos = newline == std::string_view::npos ? text.size() + 1 : newline + 1;
            ++number;
            const std::size_t hash = raw.find('#');
            const std::vector<std::string_view> words = Words(raw.substr(0, hash));
            if (words.empty()) {
                if (!directives && hash != std::string_view::npos) {
                    AddDescription(raw.substr(hash + 1));
                }
                continue;
            }
            directives = true;
            where_ = fmt::format("{}:{}", name_, number);
            try {
                Directive(words);
            } catch (const base::Error& error) {
                // Errors from the argument parser do not name the line.
                const std::string_view message = error.what();
                if (message.starts_with(where_)) {
                    throw;
                }
                base::Fail("{}: {}", where_, message);
            }
        }
        for (const char* key : {"cubin", "kernel", "grid", "block"}) {
            if (!seen_.contains(key)) {
                base::Fail("{}: no {} line", name_, key);
            }
        }
        return std::move(manifest_);
    }

private:
    void AddDescription(std::string_view comment) {
        if (comment.starts_with(' ')) {
            comment.remove_prefix(1);
        }
        if (!manifest_.description.empty()) {
            manifest_.description += '\n';
        }
        manifest_.description += comment;
    }

    [[noreturn]] void Bad(const std::vector<std::string_view>& words) const {
        std::string joined;
        for (std::string_view word : words) {
            joined += (joined.empty() ? "" : " ") + std::string(word);
        }
        base::Fail("{}: cannot parse '{}'", where_, joined);
    }

    void Once(std::string_view key) {
        if (!seen_.emplace(key).second) {
            base::Fail("{}: a second {} line", where_, key);
        }
    }

    std::array<u32, 3> Dimensions(const std::vector<std::string_view>& words) const {
        std::array<u32, 3> value{};
        for (int i = 0; i < 3; ++i) {
            const auto count = ParseCount(words[i + 1]);
            if (!count || *count == 0) {
                Bad(words);
            }
            value[i] = *count;
        }
        return value;
    }

    std::vector<u8> ReadData(std::string_view name) const {
        try {
            return base::ReadFile(folder_ / name);
        } catch (const base::Error& error) {
            base::Fail("{}: {}", where_, error.what());
        }
    }

    void Directive(const std::vector<std::string_view>& words) {
        const std::string_view key = words[0];
        if ((key == "cubin" || key == "kernel") && words.size() == 2) {
            Once(key);
            if (key == "cubin") {
                manifest_.cubin = folder_.parent_path() / words[1];
            } else {
                manifest_.kernel = std::string(words[1]);
            }
        } else if ((key == "grid" || key == "block") && words.size() == 4) {
            Once(key);
            (key == "grid" ? manifest_.launch.grid : manifest_.launch.block) = Dimensions(words);
        } else if (key == "shared" && words.size() == 2) {
            Once(key);
            const auto bytes = ParseCount(words[1]);
            if (!bytes) {
                Bad(words);
            }
            manifest_.launch.dynamic_shared_bytes = *bytes;
        } else if (key == "global" && words.size() == 3) {
            manifest_.globals.push_back(
                {std::string(words[1]), folder_ / words[2], ReadData(words[2]), where_});
            const ManifestGlobal& global = manifest_.globals.back();
            manifest_.launch.globals.push_back({global.symbol, global.bytes, global.where});
        } else if (key == "arg" && words.size() >= 3) {
            Argument(words);
        } else {
            Bad(words);
        }
    }

    void Argument(const std::vector<std::string_view>& words) {
        const std::string_view kind = words[1];
        const u32 parameter = static_cast<u32>(manifest_.launch.arguments.size());
        KernelArgument argument;
        if (kind == "in" && words.size() == 3) {
            argument = ParseKernelArgument(fmt::format("in:{}", (folder_ / words[2]).string()));
            if (argument.bytes.empty()) {
                base::Fail("{}: input {} is empty", where_, words[2]);
            }
        } else if (kind == "out" && words.size() == 5) {
            const auto size = ParseCount(words[2]);
            if (!size || *size == 0) {
                Bad(words);
            }
            argument = ParseKernelArgument(fmt::format("out:{}", *size));
            Expect(parameter, argument.bytes.size(), words[3], words[4]);
        } else if (kind == "inout" && words.size() == 5) {
            argument = ParseKernelArgument(fmt::format("inout:{}", (folder_ / words[2]).string()));
            if (argument.bytes.empty()) {
                base::Fail("{}: input {} is empty", where_, words[2]);
            }
            Expect(parameter, argument.bytes.size(), words[3], words[4]);
        } else if (kind.starts_with("tex") || kind.starts_with("surf")) {
            argument = ImageArgumentLine(parameter, words);
        } else if (kind != "in" && kind != "out" && kind != "inout" && words.size() == 3) {
            argument = ParseKernelArgument(fmt::format("{}:{}", kind, words[2]));
        } else {
            Bad(words);
        }
        argument.source = fmt::format("{} ({})", argument.source, where_);
        manifest_.launch.arguments.push_back(std::move(argument));
    }

    // tex2d FILE W H FORMAT FILTER ADDRESS NORMALIZED, tex3d FILE W H D ..., tex1dfetch FILE N
    // FORMAT, surf2d FILE W H FORMAT EXPECTED MODE, surf1d FILE W FORMAT EXPECTED MODE.
    KernelArgument ImageArgumentLine(u32 parameter, const std::vector<std::string_view>& words) {
        const std::string_view kind = words[1];
        ImageArgument image;
        std::size_t axes = 0;
        bool texture = true;
        if (kind == "tex2d" || kind == "surf2d") {
            image.dim = shader::ImageDim::D2;
            axes = 2;
        } else if (kind == "tex3d") {
            image.dim = shader::ImageDim::D3;
            axes = 3;
        } else if (kind == "tex1dfetch" || kind == "surf1d") {
            image.dim = shader::ImageDim::D1;
            image.linear_memory = kind == "tex1dfetch";
            axes = 1;
        } else {
            Bad(words);
        }
        texture = kind.starts_with("tex");
        const std::size_t extra = image.linear_memory ? 0 : texture ? 3 : 2;
        if (words.size() != 3 + axes + 1 + extra) {
            Bad(words);
        }
        u64 texels = 1;
        for (std::size_t i = 0; i < axes; ++i) {
            const auto count = ParseCount(words[3 + i]);
            if (!count || *count == 0) {
                Bad(words);
            }
            image.size[i] = *count;
            texels *= *count;
        }
        std::size_t at = 3 + axes;
        const std::string_view format = words[at++];
        static constexpr std::pair<std::string_view, TexelType> kTypes[] = {
            {"f32", TexelType::F32}, {"i32", TexelType::I32}, {"u32", TexelType::U32}};
        const auto type = std::find_if(std::begin(kTypes), std::end(kTypes), [&](const auto& t) {
            return format.size() == 5 && format.substr(0, 3) == t.first;
        });
        if (type == std::end(kTypes) || format[3] != 'x' ||
            (format[4] != '1' && format[4] != '2' && format[4] != '4')) {
            base::Fail("{}: unknown texel format '{}' (f32, i32 or u32 x 1, 2 or 4)", where_,
                       format);
        }
        image.type = type->second;
        image.channels = static_cast<u32>(format[4] - '0');
        if (texture && !image.linear_memory) {
            const std::string_view filter = words[at++];
            const std::string_view address = words[at++];
            const std::string_view normalized = words[at++];
            if (filter != "point" && filter != "linear") {
                base::Fail("{}: unknown filter '{}' (point or linear)", where_, filter);
            }
            image.filter = filter == "point" ? TextureFilter::Point : TextureFilter::Linear;
            static constexpr std::pair<std::string_view, TextureAddress> kModes[] = {
                {"clamp", TextureAddress::Clamp},
                {"wrap", TextureAddress::Wrap},
                {"mirror", TextureAddress::Mirror},
                {"border", TextureAddress::Border}};
            const auto mode = std::find_if(std::begin(kModes), std::end(kModes),
                                           [&](const auto& m) { return m.first == address; });
            if (mode == std::end(kModes)) {
                base::Fail("{}: unknown address mode '{}'", where_, address);
            }
            image.address = mode->second;
            if (normalized != "0" && normalized != "1") {
                Bad(words);
            }
            image.normalized = normalized == "1";
        }
        KernelArgument argument;
        argument.kind = texture ? ArgumentKind::Texture : ArgumentKind::Surface;
        argument.bytes = ReadData(words[2]);
        argument.scalar = u64{parameter} + 1;  // a made-up handle
        argument.source = std::string(kind) + " " + std::string(words[2]);
        if (argument.bytes.size() != texels * image.channels * 4) {
            base::Fail("{}: {} has {} bytes, the image {}", where_, words[2], argument.bytes.size(),
                       texels * image.channels * 4);
        }
        argument.image = image;
        if (!texture) {
            Expect(parameter, argument.bytes.size(), words[at], words[at + 1]);
        }
        return argument;
    }

    void Expect(u32 parameter, std::size_t size, std::string_view file, std::string_view mode) {
        ExpectedBuffer expected;
        expected.parameter = parameter;
        expected.file = folder_ / file;
        expected.bytes = ReadData(file);
        expected.where = where_;
        if (expected.bytes.size() != size) {
            base::Fail("{}: {} has {} bytes, the buffer {}", where_, file, expected.bytes.size(),
                       size);
        }
        try {
            expected.compare = ParseCompareSpec(mode, size);
        } catch (const base::Error& error) {
            base::Fail("{}: compare mode of {}: {}", where_, file, error.what());
        }
        manifest_.expected.push_back(std::move(expected));
    }

    std::filesystem::path folder_;
    std::string name_;
    std::string where_;
    std::set<std::string, std::less<>> seen_;
    LaunchManifest manifest_;
};

}  // namespace

LaunchManifest ParseLaunchManifest(std::string_view text, const std::filesystem::path& path) {
    return ManifestReader(path).Read(text);
}

LaunchManifest ReadLaunchManifest(const std::filesystem::path& path) {
    const std::vector<u8> bytes = base::ReadFile(path);
    return ParseLaunchManifest(
        std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), path);
}

}  // namespace cuda_runner
