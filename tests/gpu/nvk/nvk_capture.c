// nvk_capture.so: LD_PRELOADed before Mesa's nouveau no-op DRM shim
// (LD_PRELOAD="nvk_capture.so libnouveau_noop_drm_shim.so"), it follows the nouveau uAPI that
// NVK drives (GEM_NEW, GEM_CLOSE, VM_BIND, EXEC; Linux include/uapi/drm/nouveau_drm.h as Mesa
// 25.0 carries it in include/drm-uapi/) and writes every submission to $NVK_CAPTURE in the
// format of nvk_capture_format.md: the buffer objects, their bindings in the GPU address
// space, the bytes the CPU wrote into them (only what changed since the last submission), and
// each EXEC's push entries. The shim itself runs no work, so what the capture holds is what the
// CPU gave the GPU. Without NVK_CAPTURE it passes everything through.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/types.h>

// The uAPI's layouts (nouveau_drm.h, drm.h).
struct nouveau_gem_info {
    uint32_t handle, domain;
    uint64_t size, offset, map_handle;
    uint32_t tile_mode, tile_flags;
};
struct nouveau_gem_new {
    struct nouveau_gem_info info;
    uint32_t channel_hint, align;
};
struct nouveau_vm_bind_op {
    uint32_t op, flags, handle, pad;
    uint64_t addr, bo_offset, range;
};
struct nouveau_vm_bind {
    uint32_t op_count, flags, wait_count, sig_count;
    uint64_t wait_ptr, sig_ptr, op_ptr;
};
struct nouveau_exec_push {
    uint64_t va;
    uint32_t va_len, flags;
};
struct nouveau_exec {
    uint32_t channel, push_count, wait_count, sig_count;
    uint64_t wait_ptr, sig_ptr, push_ptr;
};
struct gem_close {
    uint32_t handle, pad;
};

// Request numbers: DRM_COMMAND_BASE (0x40) + the driver's number, type 'd'.
enum {
    kDrmType = 'd',
    kGemClose = 0x09,
    kVmBind = 0x40 + 0x11,
    kExec = 0x40 + 0x12,
    kGemNew = 0x40 + 0x40,
};

// Record types of nvk_capture_format.md.
enum { kRecordBo = 1, kRecordClose = 2, kRecordBind = 3, kRecordWrite = 4, kRecordExec = 5 };

enum { kMaxBos = 4096, kPage = 4096, kGap = 32 };

struct bo {
    uint32_t handle;
    uint64_t size, map_handle;
    uint8_t* cpu;         // NVK's mapping, or NULL
    uint64_t cpu_length;  // of its first cpu_length bytes
    uint8_t* shadow;      // what the capture has of the BO so far (all zero at first)
};

static struct bo g_bos[kMaxBos];
static FILE* g_out;
static int g_drm_fd = -1;  // the shim's DRM file, from the first GEM_NEW
static int g_failed;

static int (*next_ioctl)(int, unsigned long, void*);
static void* (*next_mmap)(void*, size_t, int, int, int, off_t);
static void* (*next_mmap64)(void*, size_t, int, int, int, off_t);
static int (*next_munmap)(void*, size_t);

static void Fail(const char* what) {
    if (!g_failed) {
        fprintf(stderr, "nvk_capture: %s; the capture is incomplete\n", what);
    }
    g_failed = 1;
}

static void Record(uint32_t type, const void* a, uint32_t a_bytes, const void* b,
                   uint32_t b_bytes) {
    const uint32_t header[2] = {type, a_bytes + b_bytes};
    if (fwrite(header, sizeof(header), 1, g_out) != 1 ||
        (a_bytes && fwrite(a, a_bytes, 1, g_out) != 1) ||
        (b_bytes && fwrite(b, b_bytes, 1, g_out) != 1)) {
        Fail("cannot write the capture file");
    }
}

static void Open(void) {
    static int opened;
    if (opened) {
        return;
    }
    opened = 1;
    next_ioctl = (int (*)(int, unsigned long, void*))dlsym(RTLD_NEXT, "ioctl");
    next_mmap = (void* (*)(void*, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
    next_mmap64 = (void* (*)(void*, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap64");
    next_munmap = (int (*)(void*, size_t))dlsym(RTLD_NEXT, "munmap");
    const char* path = getenv("NVK_CAPTURE");
    if (path == NULL) {
        return;
    }
    g_out = fopen(path, "wb");
    if (g_out == NULL) {
        Fail("cannot create $NVK_CAPTURE");
        return;
    }
    const char magic[8] = {'N', 'X', 'N', 'V', 'K', 'C', 'A', 'P'};
    const uint32_t version[2] = {1, 16};  // format version, header bytes
    fwrite(magic, sizeof(magic), 1, g_out);
    fwrite(version, sizeof(version), 1, g_out);
}

static struct bo* Find(uint32_t handle) {
    for (int i = 0; i < kMaxBos; ++i) {
        if (g_bos[i].shadow != NULL && g_bos[i].handle == handle) {
            return &g_bos[i];
        }
    }
    return NULL;
}

// Writes the runs of `b` that the CPU changed since the capture last saw them: runs of
// changed 4-byte words, joined across gaps below kGap bytes.
static void WriteChanges(struct bo* b) {
    if (b->cpu == NULL) {
        return;
    }
    for (uint64_t page = 0; page < b->cpu_length; page += kPage) {
        const uint64_t end = page + kPage < b->cpu_length ? page + kPage : b->cpu_length;
        if (memcmp(b->cpu + page, b->shadow + page, end - page) == 0) {
            continue;
        }
        uint64_t at = page;
        while (at < end) {
            while (at < end && memcmp(b->cpu + at, b->shadow + at, 4) == 0) {
                at += 4;
            }
            if (at >= end) {
                break;
            }
            uint64_t stop = at + 4;
            uint64_t same = 0;
            while (stop + same < end && same < kGap) {
                if (memcmp(b->cpu + stop + same, b->shadow + stop + same, 4) == 0) {
                    same += 4;
                } else {
                    stop += same + 4;
                    same = 0;
                }
            }
            const struct {
                uint32_t handle, pad;
                uint64_t offset;
            } where = {b->handle, 0, at};
            Record(kRecordWrite, &where, sizeof(where), b->cpu + at, (uint32_t)(stop - at));
            memcpy(b->shadow + at, b->cpu + at, stop - at);
            at = stop;
        }
    }
}

static void AfterGemNew(const struct nouveau_gem_new* request) {
    struct bo* free_slot = NULL;
    for (int i = 0; i < kMaxBos && free_slot == NULL; ++i) {
        if (g_bos[i].shadow == NULL) {
            free_slot = &g_bos[i];
        }
    }
    uint8_t* shadow = free_slot ? calloc(1, request->info.size ? request->info.size : 1) : NULL;
    if (shadow == NULL) {
        Fail("too many buffer objects or no memory for a copy of one");
        return;
    }
    *free_slot = (struct bo){
        request->info.handle, request->info.size, request->info.map_handle, NULL, 0, shadow};
    const struct {
        uint32_t handle, domain;
        uint64_t size;
    } bo = {request->info.handle, request->info.domain, request->info.size};
    Record(kRecordBo, &bo, sizeof(bo), NULL, 0);
}

static void BeforeGemClose(const struct gem_close* request) {
    struct bo* b = Find(request->handle);
    if (b == NULL) {
        return;
    }
    free(b->shadow);
    b->shadow = NULL;
    Record(kRecordClose, &request->handle, 4, &request->pad, 4);
}

static void AfterVmBind(const struct nouveau_vm_bind* request) {
    const struct nouveau_vm_bind_op* ops =
        (const struct nouveau_vm_bind_op*)(uintptr_t)request->op_ptr;
    for (uint32_t i = 0; i < request->op_count; ++i) {
        Record(kRecordBind, &ops[i], sizeof(ops[i]), NULL, 0);
    }
}

static void BeforeExec(const struct nouveau_exec* request) {
    for (int i = 0; i < kMaxBos; ++i) {
        if (g_bos[i].shadow != NULL) {
            WriteChanges(&g_bos[i]);
        }
    }
    const uint32_t head[2] = {request->channel, request->push_count};
    Record(kRecordExec, head, sizeof(head), (const void*)(uintptr_t)request->push_ptr,
           request->push_count * (uint32_t)sizeof(struct nouveau_exec_push));
    fflush(g_out);
}

int ioctl(int fd, unsigned long request, ...) {
    va_list list;
    va_start(list, request);
    void* argument = va_arg(list, void*);
    va_end(list);
    Open();
    const int ours = g_out != NULL && _IOC_TYPE(request) == kDrmType;
    const unsigned number = _IOC_NR(request);
    if (ours && number == kGemClose) {
        BeforeGemClose(argument);
    }
    if (ours && number == kExec) {
        BeforeExec(argument);
    }
    const int result = next_ioctl(fd, request, argument);
    if (ours && result == 0 && number == kGemNew) {
        g_drm_fd = fd;
        AfterGemNew(argument);
    }
    if (ours && result == 0 && number == kVmBind) {
        AfterVmBind(argument);
    }
    return result;
}

static void* AfterMap(void* at, size_t length, int fd, off_t offset) {
    if (g_out == NULL || at == MAP_FAILED || fd != g_drm_fd) {
        return at;
    }
    for (int i = 0; i < kMaxBos; ++i) {
        struct bo* b = &g_bos[i];
        if (b->shadow != NULL && b->map_handle == (uint64_t)offset && length <= b->size) {
            b->cpu = at;
            b->cpu_length = length;
        }
    }
    return at;
}

void* mmap(void* address, size_t length, int protection, int flags, int fd, off_t offset) {
    Open();
    return AfterMap(next_mmap(address, length, protection, flags, fd, offset), length, fd, offset);
}

void* mmap64(void* address, size_t length, int protection, int flags, int fd, off_t offset) {
    Open();
    return AfterMap(next_mmap64(address, length, protection, flags, fd, offset), length, fd,
                    offset);
}

int munmap(void* address, size_t length) {
    Open();
    for (int i = 0; g_out != NULL && i < kMaxBos; ++i) {
        if (g_bos[i].shadow != NULL && g_bos[i].cpu == address) {
            WriteChanges(&g_bos[i]);
            g_bos[i].cpu = NULL;
        }
    }
    return next_munmap(address, length);
}
