// nxhost pack / unpack / verify: the NUP image of an extracted game.

#include <malloc.h>

#include <cstdio>

#include <fmt/format.h>

#include "app/commands.h"
#include "base/progress.h"
#include "formats/nup.h"

namespace app {
namespace {

struct PackArguments {
    std::string input;
    std::string output;
    int level = 3;
    unsigned threads = 0;
    unsigned chunk_mib = 4;
    bool quiet = false;
};

// Chunks pass through buffers of a few MB each. glibc would map and unmap every one of them,
// and the page faults cost as much as decompressing; keep freed buffers in the heap instead.
void KeepLargeBuffers() {
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
}

int Pack(const PackArguments& arguments) {
    KeepLargeBuffers();
    formats::NupPackOptions options;
    options.level = arguments.level;
    options.threads = arguments.threads;
    options.chunk_size = u64{arguments.chunk_mib} << 20;
    options.quiet = arguments.quiet;
    const auto result = formats::PackNup(arguments.input, arguments.output, options);
    fmt::print("{}: {} files, {} folders, {} packed into {} ({:.1f}%), content {}\n",
               arguments.output, result.files, result.folders,
               base::FormatBytes(static_cast<double>(result.raw_bytes)),
               base::FormatBytes(static_cast<double>(result.image_bytes)),
               result.raw_bytes ? 100.0 * static_cast<double>(result.image_bytes) /
                                      static_cast<double>(result.raw_bytes)
                                : 100.0,
               formats::HashHex(result.content_hash));
    return 0;
}

int Unpack(const PackArguments& arguments) {
    KeepLargeBuffers();
    const auto result =
        formats::UnpackNup(arguments.input, arguments.output, {arguments.threads, arguments.quiet});
    if (result.already_complete) {
        fmt::print("{}: already holds this image's files\n", arguments.output);
        return 0;
    }
    fmt::print("{}: {} files written ({}), {} kept from an earlier unpack\n", arguments.output,
               result.files_written, base::FormatBytes(static_cast<double>(result.bytes_written)),
               result.files_kept);
    if (!result.damaged.empty()) {
        fmt::print(stderr, "nxhost: {} damaged file{} not unpacked:\n", result.damaged.size(),
                   result.damaged.size() == 1 ? "" : "s");
        for (const std::string& name : result.damaged) {
            fmt::print(stderr, "  {}\n", name);
        }
        return 1;
    }
    return 0;
}

int Verify(const PackArguments& arguments) {
    KeepLargeBuffers();
    const auto result = formats::VerifyNup(arguments.input, {arguments.threads, arguments.quiet});
    if (result.Ok()) {
        fmt::print("{}: {} files, {} whole\n", arguments.input, result.files,
                   base::FormatBytes(static_cast<double>(result.bytes)));
        return 0;
    }
    fmt::print(stderr, "nxhost: {}: {} damaged chunk{}, {} damaged file{}:\n", arguments.input,
               result.damaged_chunks.size(), result.damaged_chunks.size() == 1 ? "" : "s",
               result.damaged_files.size(), result.damaged_files.size() == 1 ? "" : "s");
    for (const std::string& name : result.damaged_files) {
        fmt::print(stderr, "  {}\n", name);
    }
    return 1;
}

}  // namespace

void AddPackCommands(CLI::App& parent, int& exit_code) {
    auto arguments = std::make_shared<PackArguments>();
    CLI::App* pack = parent.add_subcommand(
        "pack", "Pack an extracted game folder (exefs/, romfs/ …) into one NUP image");
    pack->add_option("folder", arguments->input)->required();
    pack->add_option("image", arguments->output, "Output .nup file")->required();
    pack->add_option("--level", arguments->level, "zstd level (default 3)");
    pack->add_option("--chunk-mib", arguments->chunk_mib, "Chunk size in MiB (default 4)");
    pack->add_option("--threads", arguments->threads, "Worker threads (default: one per core)");
    pack->add_flag("--quiet", arguments->quiet, "No progress output");
    pack->callback([arguments, &exit_code] { exit_code = Pack(*arguments); });

    CLI::App* unpack = parent.add_subcommand(
        "unpack", "Unpack a NUP image into a folder; an interrupted unpack resumes");
    unpack->add_option("image", arguments->input)->required();
    unpack->add_option("folder", arguments->output)->required();
    unpack->add_option("--threads", arguments->threads, "Worker threads");
    unpack->add_flag("--quiet", arguments->quiet, "No progress output");
    unpack->callback([arguments, &exit_code] { exit_code = Unpack(*arguments); });

    CLI::App* verify = parent.add_subcommand(
        "verify", "Check every chunk and file of a NUP image; names damaged files");
    verify->add_option("image", arguments->input)->required();
    verify->add_option("--threads", arguments->threads, "Worker threads");
    verify->add_flag("--quiet", arguments->quiet, "No progress output");
    verify->callback([arguments, &exit_code] { exit_code = Verify(*arguments); });
}

}  // namespace app
