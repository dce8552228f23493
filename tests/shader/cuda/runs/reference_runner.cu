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

// A texture or surface object argument (tex2d tex3d tex1dfetch surf2d surf1d): its texels and
// how the object reads them.
struct Image {
    unsigned width = 1, height = 0, depth = 0;  // 0: the dimension is absent (CUDA's convention)
    CUarray_format format = CU_AD_FORMAT_FLOAT;
    unsigned channels = 1;
    CUfilter_mode filter = CU_TR_FILTER_MODE_POINT;
    CUaddress_mode address = CU_TR_ADDRESS_MODE_CLAMP;
    bool normalized = false;
    CUarray array = nullptr;
    std::uint64_t handle = 0;  // CUtexObject / CUsurfObject
};

struct Arg {
    std::string kind;                  // in out inout i32 u32 i64 u64 f32 f64, or an image kind
    std::vector<unsigned char> init;   // buffer contents before the launch, or scalar bytes
    std::string expected;              // out/inout/surfaces: file name of the contents after the launch
    CUdeviceptr ptr = 0;
    Image image;
};

bool is_image(const std::string& kind) {
    return kind == "tex2d" || kind == "tex3d" || kind == "tex1dfetch" || kind == "surf2d" ||
           kind == "surf1d";
}

// FORMAT is f32xN, i32xN or u32xN (N = 1, 2 or 4 channels).
void parse_format(const std::string& text, Image& image, const std::string& where) {
    if (text.size() != 5 || text[3] != 'x' || (text[4] != '1' && text[4] != '2' && text[4] != '4'))
        fail(where + ": bad format '" + text + "'");
    std::string type = text.substr(0, 3);
    if (type == "f32") image.format = CU_AD_FORMAT_FLOAT;
    else if (type == "i32") image.format = CU_AD_FORMAT_SIGNED_INT32;
    else if (type == "u32") image.format = CU_AD_FORMAT_UNSIGNED_INT32;
    else fail(where + ": bad format '" + text + "'");
    image.channels = static_cast<unsigned>(text[4] - '0');
}

std::size_t texel_count(const Image& image) {
    return std::size_t{image.width} * (image.height ? image.height : 1) * (image.depth ? image.depth : 1);
}

// arg tex2d FILE W H FORMAT FILTER ADDRESS NORMALIZED / tex3d FILE W H D ... / tex1dfetch FILE N
// FORMAT / surf2d FILE W H FORMAT EXPECTED MODE / surf1d FILE W FORMAT EXPECTED MODE
void parse_image(const std::vector<std::string>& t, Arg& a, const std::string& dir,
                 const std::string& where) {
    const std::string& kind = a.kind;
    std::size_t dims = kind == "tex3d" ? 3 : (kind == "tex2d" || kind == "surf2d") ? 2 : 1;
    bool texture = kind.rfind("tex", 0) == 0 && kind != "tex1dfetch";
    std::size_t want = 3 + dims + 1 + (texture ? 3 : 0) + (kind.rfind("surf", 0) == 0 ? 2 : 0);
    if (t.size() != want) fail(where + ": bad " + kind + " line");
    Image& image = a.image;
    a.init = read_file(dir + "/" + t[2]);
    unsigned* sizes[3] = {&image.width, &image.height, &image.depth};
    for (std::size_t i = 0; i < dims; ++i) *sizes[i] = static_cast<unsigned>(parse_uint(t[3 + i], where));
    std::size_t at = 3 + dims;
    parse_format(t[at++], image, where);
    if (texture) {
        const std::string& filter = t[at++];
        if (filter == "point") image.filter = CU_TR_FILTER_MODE_POINT;
        else if (filter == "linear") image.filter = CU_TR_FILTER_MODE_LINEAR;
        else fail(where + ": bad filter '" + filter + "'");
        const std::string& address = t[at++];
        if (address == "clamp") image.address = CU_TR_ADDRESS_MODE_CLAMP;
        else if (address == "wrap") image.address = CU_TR_ADDRESS_MODE_WRAP;
        else if (address == "mirror") image.address = CU_TR_ADDRESS_MODE_MIRROR;
        else if (address == "border") image.address = CU_TR_ADDRESS_MODE_BORDER;
        else fail(where + ": bad address mode '" + address + "'");
        image.normalized = parse_uint(t[at++], where) != 0;
    } else if (kind != "tex1dfetch") {
        a.expected = t[at];
    }
    if (a.init.size() != texel_count(image) * image.channels * 4)
        fail(where + ": " + t[2] + " is " + std::to_string(a.init.size()) + " bytes, the image " +
             std::to_string(texel_count(image) * image.channels * 4));
}

CUDA_MEMCPY3D array_copy(const Image& image, bool to_array, void* host) {
    CUDA_MEMCPY3D copy{};
    const std::size_t row = std::size_t{image.width} * image.channels * 4;
    if (to_array) {
        copy.srcMemoryType = CU_MEMORYTYPE_HOST;
        copy.srcHost = host;
        copy.srcPitch = row;
        copy.srcHeight = image.height ? image.height : 1;
        copy.dstMemoryType = CU_MEMORYTYPE_ARRAY;
        copy.dstArray = image.array;
    } else {
        copy.srcMemoryType = CU_MEMORYTYPE_ARRAY;
        copy.srcArray = image.array;
        copy.dstMemoryType = CU_MEMORYTYPE_HOST;
        copy.dstHost = host;
        copy.dstPitch = row;
        copy.dstHeight = image.height ? image.height : 1;
    }
    copy.WidthInBytes = row;
    copy.Height = image.height ? image.height : 1;
    copy.Depth = image.depth ? image.depth : 1;
    return copy;
}

// Creates the CUDA array (or, for tex1dfetch, the linear buffer) with the file's texels and the
// texture or surface object over it.
void create_image(Arg& a) {
    Image& image = a.image;
    CUDA_RESOURCE_DESC resource{};
    if (a.kind == "tex1dfetch") {
        check(cuMemAlloc(&a.ptr, a.init.size()), "cuMemAlloc (tex1dfetch)");
        check(cuMemcpyHtoD(a.ptr, a.init.data(), a.init.size()), "cuMemcpyHtoD (tex1dfetch)");
        resource.resType = CU_RESOURCE_TYPE_LINEAR;
        resource.res.linear.devPtr = a.ptr;
        resource.res.linear.format = image.format;
        resource.res.linear.numChannels = image.channels;
        resource.res.linear.sizeInBytes = a.init.size();
    } else {
        CUDA_ARRAY3D_DESCRIPTOR desc{};
        desc.Width = image.width;
        desc.Height = image.height;
        desc.Depth = image.depth;
        desc.Format = image.format;
        desc.NumChannels = image.channels;
        if (a.kind == "tex2d") desc.Flags = CUDA_ARRAY3D_TEXTURE_GATHER;  // tex2Dgather needs it
        if (a.kind.rfind("surf", 0) == 0) desc.Flags = CUDA_ARRAY3D_SURFACE_LDST;
        check(cuArray3DCreate(&image.array, &desc), "cuArray3DCreate");
        CUDA_MEMCPY3D copy = array_copy(image, true, a.init.data());
        check(cuMemcpy3D(&copy), "cuMemcpy3D (to the array)");
        resource.resType = CU_RESOURCE_TYPE_ARRAY;
        resource.res.array.hArray = image.array;
    }
    if (a.kind.rfind("surf", 0) == 0) {
        CUsurfObject surface;
        check(cuSurfObjectCreate(&surface, &resource), "cuSurfObjectCreate");
        image.handle = surface;
        return;
    }
    CUDA_TEXTURE_DESC texture{};
    for (auto& mode : texture.addressMode) mode = image.address;
    texture.filterMode = image.filter;
    texture.flags = image.normalized ? CU_TRSF_NORMALIZED_COORDINATES : 0;
    CUtexObject object;
    check(cuTexObjectCreate(&object, &resource, &texture, nullptr), "cuTexObjectCreate");
    image.handle = object;
}

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
            if (is_image(a.kind)) {
                parse_image(t, a, dir, where);
            } else if (a.kind == "in" && t.size() == 3) {
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
        bool image = is_image(a.kind);
        std::size_t want = buffer ? sizeof(CUdeviceptr) : image ? sizeof(a.image.handle) : a.init.size();
        if (size != want)
            fail(m.kernel + ": parameter " + std::to_string(i) + " is " + std::to_string(size) +
                 " bytes, the manifest gives " + std::to_string(want));
        if (image) {
            create_image(a);
            params.push_back(&a.image.handle);
        } else if (buffer) {
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
        if (!is_image(a.kind)) continue;
        if (!a.expected.empty()) {
            std::vector<unsigned char> data(a.init.size());
            CUDA_MEMCPY3D copy = array_copy(a.image, false, data.data());
            check(cuMemcpy3D(&copy), "cuMemcpy3D (from the array)");
            write_file(out_dir + "/" + a.expected, data);
            check(cuSurfObjectDestroy(a.image.handle), "cuSurfObjectDestroy");
        } else {
            check(cuTexObjectDestroy(a.image.handle), "cuTexObjectDestroy");
        }
        if (a.image.array) check(cuArrayDestroy(a.image.array), "cuArrayDestroy");
        if (a.ptr) check(cuMemFree(a.ptr), "cuMemFree");
        a.ptr = 0;
        a.expected.clear();
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
