// Runs one launch manifest (README.md) natively on an NVIDIA GPU through the CUDA driver API and
// writes the contents of every out/inout buffer after the launch.
//
//   reference_runner [--repeat N [--trials T]] MANIFEST CUBIN_DIR OUT_DIR
//
// MANIFEST's input files are read relative to the manifest's folder; the cubin it names is
// loaded from CUBIN_DIR (built there for the GPU at hand from the same .cu file); each buffer's
// contents are written to OUT_DIR under the expected-file name the manifest gives it.
// With --repeat (timing, bench/shader/gpu/run.sh): after the first launch, T times (default 3)
// N back-to-back launches of the same kernel in one stream between two CUDA events; prints
// `time MANIFEST NS` with the best per-launch time in nanoseconds. The buffers written then hold
// what all the launches left.
// Built by make_reference.sh: nvcc -O2 -std=c++17 reference_runner.cu -lcuda
#include <cuda.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "reference_runner: %s\n", what.c_str());
    std::exit(1);
}

void check(CUresult r, const char* what) {
    if (r == CUDA_SUCCESS) return;
    const char* name = "?";
    const char* text = "?";
    cuGetErrorName(r, &name);
    cuGetErrorString(r, &text);
    fail(std::string(what) + ": " + name + " (" + text + ")");
}

std::vector<unsigned char> read_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) fail("cannot read " + path);
    return std::vector<unsigned char>(std::istreambuf_iterator<char>(f), {});
}

void write_file(const std::string& path, const std::vector<unsigned char>& data) {
    std::ofstream f(path, std::ios::binary);
    if (!f) fail("cannot write " + path);
    f.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()));
    if (!f) fail("cannot write " + path);
}

std::string folder_of(const std::string& path) {
    auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

std::uint64_t parse_uint(const std::string& s, const std::string& where) {
    char* end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(s.c_str(), &end, 0);
    if (s.empty() || *end != '\0' || errno != 0 || s[0] == '-') fail(where + ": bad number '" + s + "'");
    return v;
}

struct Arg {
    std::string kind;                  // in out inout i32 u32 i64 u64 f32 f64
    std::vector<unsigned char> init;   // buffer contents before the launch, or scalar bytes
    std::string expected;              // out/inout: file name of the contents after the launch
    CUdeviceptr ptr = 0;
};

struct Manifest {
    std::string cubin, kernel;
    unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
    unsigned shared = 0;
    std::vector<Arg> args;
    std::vector<std::pair<std::string, std::vector<unsigned char>>> globals;
};

Manifest parse(const std::string& path) {
    Manifest m;
    std::string dir = folder_of(path);
    std::ifstream f(path);
    if (!f) fail("cannot read " + path);
    std::string line;
    int number = 0;
    while (std::getline(f, line)) {
        ++number;
        std::string where = path + ":" + std::to_string(number);
        if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        std::istringstream in(line);
        std::vector<std::string> t;
        for (std::string w; in >> w;) t.push_back(w);
        if (t.empty()) continue;
        if (t[0] == "cubin" && t.size() == 2) {
            m.cubin = t[1];
        } else if (t[0] == "kernel" && t.size() == 2) {
            m.kernel = t[1];
        } else if ((t[0] == "grid" || t[0] == "block") && t.size() == 4) {
            unsigned* d = t[0] == "grid" ? m.grid : m.block;
            for (int i = 0; i < 3; ++i) d[i] = static_cast<unsigned>(parse_uint(t[1 + i], where));
        } else if (t[0] == "shared" && t.size() == 2) {
            m.shared = static_cast<unsigned>(parse_uint(t[1], where));
        } else if (t[0] == "global" && t.size() == 3) {
            m.globals.emplace_back(t[1], read_file(dir + "/" + t[2]));
        } else if (t[0] == "arg" && t.size() >= 3) {
            Arg a;
            a.kind = t[1];
            if (a.kind == "in" && t.size() == 3) {
                a.init = read_file(dir + "/" + t[2]);
            } else if (a.kind == "out" && t.size() == 5) {
                a.init.assign(parse_uint(t[2], where), 0);
                a.expected = t[3];
            } else if (a.kind == "inout" && t.size() == 5) {
                a.init = read_file(dir + "/" + t[2]);
                a.expected = t[3];
            } else if (t.size() == 3 && (a.kind == "i32" || a.kind == "u32" || a.kind == "f32")) {
                std::uint32_t bits;
                if (a.kind == "f32") {
                    float v = std::strtof(t[2].c_str(), nullptr);
                    std::memcpy(&bits, &v, 4);
                } else {
                    bits = static_cast<std::uint32_t>(std::strtoll(t[2].c_str(), nullptr, 0));
                }
                a.init.resize(4);
                std::memcpy(a.init.data(), &bits, 4);
            } else if (t.size() == 3 && (a.kind == "i64" || a.kind == "u64" || a.kind == "f64")) {
                std::uint64_t bits;
                if (a.kind == "f64") {
                    double v = std::strtod(t[2].c_str(), nullptr);
                    std::memcpy(&bits, &v, 8);
                } else if (a.kind == "u64") {
                    bits = std::strtoull(t[2].c_str(), nullptr, 0);
                } else {
                    bits = static_cast<std::uint64_t>(std::strtoll(t[2].c_str(), nullptr, 0));
                }
                a.init.resize(8);
                std::memcpy(a.init.data(), &bits, 8);
            } else {
                fail(where + ": bad arg line");
            }
            if ((a.kind == "in" || a.kind == "out" || a.kind == "inout") && a.init.empty())
                fail(where + ": empty buffer");
            m.args.push_back(std::move(a));
        } else {
            fail(where + ": unknown line");
        }
    }
    if (m.cubin.empty() || m.kernel.empty()) fail(path + ": no cubin or kernel line");
    return m;
}

}  // namespace

int main(int argc, char** argv) {
    unsigned repeat = 0, trials = 3;
    while (argc > 1 && argv[1][0] == '-' && argv[1][1] == '-') {
        std::string option = argv[1];
        if (argc < 3 || (option != "--repeat" && option != "--trials")) fail("unknown option " + option);
        unsigned value = static_cast<unsigned>(parse_uint(argv[2], option));
        (option == "--repeat" ? repeat : trials) = value;
        argc -= 2;
        argv += 2;
    }
    if (argc != 4) fail("usage: reference_runner [--repeat N [--trials T]] MANIFEST CUBIN_DIR OUT_DIR");
    Manifest m = parse(argv[1]);
    std::string cubin_dir = argv[2], out_dir = argv[3];

    check(cuInit(0), "cuInit");
    CUdevice dev;
    check(cuDeviceGet(&dev, 0), "cuDeviceGet");
    CUcontext ctx;
    check(cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
    check(cuCtxSetCurrent(ctx), "cuCtxSetCurrent");

    std::vector<unsigned char> image = read_file(cubin_dir + "/" + m.cubin);
    CUmodule mod;
    check(cuModuleLoadData(&mod, image.data()), "cuModuleLoadData");
    CUfunction fn;
    check(cuModuleGetFunction(&fn, mod, m.kernel.c_str()), "cuModuleGetFunction");

    // the parameter count: cuFuncGetParamInfo answers CUDA_ERROR_INVALID_VALUE past the last one
    std::size_t param_count = 0;
    for (std::size_t off, sz; cuFuncGetParamInfo(fn, param_count, &off, &sz) == CUDA_SUCCESS;) ++param_count;
    if (param_count != m.args.size())
        fail(m.kernel + ": the kernel has " + std::to_string(param_count) + " parameters, the manifest " +
             std::to_string(m.args.size()));

    for (auto& [name, data] : m.globals) {
        CUdeviceptr p;
        std::size_t bytes = 0;
        check(cuModuleGetGlobal(&p, &bytes, mod, name.c_str()), "cuModuleGetGlobal");
        if (bytes != data.size()) fail("global " + name + ": " + std::to_string(bytes) + " bytes, file " +
                                       std::to_string(data.size()));
        check(cuMemcpyHtoD(p, data.data(), data.size()), "cuMemcpyHtoD (global)");
    }

    std::vector<void*> params;
    for (std::size_t i = 0; i < m.args.size(); ++i) {
        Arg& a = m.args[i];
        std::size_t offset = 0, size = 0;
        check(cuFuncGetParamInfo(fn, i, &offset, &size), "cuFuncGetParamInfo");
        bool buffer = a.kind == "in" || a.kind == "out" || a.kind == "inout";
        std::size_t want = buffer ? sizeof(CUdeviceptr) : a.init.size();
        if (size != want)
            fail(m.kernel + ": parameter " + std::to_string(i) + " is " + std::to_string(size) +
                 " bytes, the manifest gives " + std::to_string(want));
        if (buffer) {
            check(cuMemAlloc(&a.ptr, a.init.size()), "cuMemAlloc");
            check(cuMemcpyHtoD(a.ptr, a.init.data(), a.init.size()), "cuMemcpyHtoD");
            params.push_back(&a.ptr);
        } else {
            params.push_back(a.init.data());
        }
    }

    check(cuLaunchKernel(fn, m.grid[0], m.grid[1], m.grid[2], m.block[0], m.block[1], m.block[2],
                         m.shared, nullptr, params.data(), nullptr),
          "cuLaunchKernel");
    check(cuCtxSynchronize(), "cuCtxSynchronize");

    if (repeat > 0) {
        CUevent start, stop;
        check(cuEventCreate(&start, CU_EVENT_DEFAULT), "cuEventCreate");
        check(cuEventCreate(&stop, CU_EVENT_DEFAULT), "cuEventCreate");
        double best_ns = 1e300;
        for (unsigned t = 0; t < (trials ? trials : 1); ++t) {
            check(cuEventRecord(start, nullptr), "cuEventRecord");
            for (unsigned r = 0; r < repeat; ++r)
                check(cuLaunchKernel(fn, m.grid[0], m.grid[1], m.grid[2], m.block[0], m.block[1], m.block[2],
                                     m.shared, nullptr, params.data(), nullptr),
                      "cuLaunchKernel");
            check(cuEventRecord(stop, nullptr), "cuEventRecord");
            check(cuEventSynchronize(stop), "cuEventSynchronize");
            float ms = 0;
            check(cuEventElapsedTime(&ms, start, stop), "cuEventElapsedTime");
            double ns = static_cast<double>(ms) * 1e6 / repeat;
            if (ns < best_ns) best_ns = ns;
        }
        check(cuEventDestroy(start), "cuEventDestroy");
        check(cuEventDestroy(stop), "cuEventDestroy");
        std::printf("time %s %.1f\n", argv[1], best_ns);
    }

    for (Arg& a : m.args) {
        if (a.expected.empty()) continue;
        std::vector<unsigned char> data(a.init.size());
        check(cuMemcpyDtoH(data.data(), a.ptr, data.size()), "cuMemcpyDtoH");
        write_file(out_dir + "/" + a.expected, data);
        check(cuMemFree(a.ptr), "cuMemFree");
    }
    for (Arg& a : m.args)
        if (a.expected.empty() && a.ptr) check(cuMemFree(a.ptr), "cuMemFree");
    check(cuModuleUnload(mod), "cuModuleUnload");
    check(cuDevicePrimaryCtxRelease(dev), "cuDevicePrimaryCtxRelease");
    std::printf("%s: %s<<<(%u,%u,%u),(%u,%u,%u)>>> ok\n", argv[1], m.kernel.c_str(), m.grid[0], m.grid[1],
                m.grid[2], m.block[0], m.block[1], m.block[2]);
    return 0;
}
