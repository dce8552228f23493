#pragma once

// fsp-srv calls shared by the fs guest tests: opening the service and its file systems, and
// the IFileSystem / IFile commands, with paths in 0x301-byte pointer buffers as libnx sends
// them.

#include <stdint.h>
#include <string.h>

#include "ipc.h"
#include "svc.h"

#define FS_RESULT(description) ((Result)(2u | ((description) << 9)))

typedef struct {
    uint64_t application_id;
    uint64_t user_id[2];
    uint64_t system_save_data_id;
    uint8_t type;
    uint8_t rank;
    uint16_t index;
    uint32_t padding;
    uint64_t reserved[3];
} FsSaveAttribute;

static inline Result fs_open_service(Handle* service) {
    Handle sm = 0;
    Result rc = svcConnectToNamedPort(&sm, "sm:");
    if (rc != 0) {
        return rc;
    }
    const uint64_t reserved = 0;
    IpcCall hello = {.command = 0, .send_pid = true, .in = &reserved, .in_size = 8};
    rc = ipc_call(sm, &hello);
    const uint64_t name = ipc_service_name("fsp-srv");
    IpcCall get = {.command = 1, .in = &name, .in_size = 8};
    if (rc == 0) {
        rc = ipc_call(sm, &get);
    }
    svcCloseHandle(sm);
    if (rc != 0) {
        return rc;
    }
    *service = get.handles[0];
    IpcCall set = {.command = 1, .send_pid = true, .in = &reserved, .in_size = 8};
    return ipc_call(*service, &set);
}

// A command whose reply is one new object.
static inline Result fs_open_object(Handle session, uint32_t command, const void* in,
                                    uint32_t in_size, Handle* out) {
    IpcCall call = {.command = command, .in = in, .in_size = in_size};
    const Result rc = ipc_call(session, &call);
    *out = rc == 0 && call.handle_count > 0 ? call.handles[0] : 0;
    return rc;
}

static inline Result fs_open_save(Handle service, uint64_t application_id, Handle* out) {
    struct {
        uint8_t space;
        uint8_t padding[7];
        FsSaveAttribute attribute;
    } in = {.space = 1,
            .attribute = {.application_id = application_id, .user_id = {1, 2}, .type = 1}};
    return fs_open_object(service, 51, &in, sizeof(in), out);
}

// A path command: raw input `in`, one or two paths, raw output `out`.
static inline Result fs_path_call(Handle fs, uint32_t command, const void* in, uint32_t in_size,
                                  const char* path, const char* path2, void* out, uint32_t out_size,
                                  Handle* object) {
    static char buffers[2][0x301];
    memset(buffers, 0, sizeof(buffers));
    strncpy(buffers[0], path, 0x300);
    IpcCall call = {
        .command = command, .in = in, .in_size = in_size, .out = out, .out_size = out_size};
    call.x[0] = (IpcBuffer){(uintptr_t)buffers[0], sizeof(buffers[0])};
    call.x_count = 1;
    if (path2 != NULL) {
        strncpy(buffers[1], path2, 0x300);
        call.x[1] = (IpcBuffer){(uintptr_t)buffers[1], sizeof(buffers[1])};
        call.x_count = 2;
    }
    const Result rc = ipc_call(fs, &call);
    if (object != NULL) {
        *object = rc == 0 && call.handle_count > 0 ? call.handles[0] : 0;
    }
    return rc;
}

static inline Result fs_simple(Handle fs, uint32_t command, const char* path) {
    return fs_path_call(fs, command, NULL, 0, path, NULL, NULL, 0, NULL);
}

static inline Result fs_create_file(Handle fs, const char* path, int64_t size) {
    const struct {
        uint32_t option;
        uint32_t padding;
        int64_t size;
    } in = {0, 0, size};
    return fs_path_call(fs, 0, &in, sizeof(in), path, NULL, NULL, 0, NULL);
}

static inline Result fs_open_file(Handle fs, const char* path, uint32_t mode, Handle* file) {
    return fs_path_call(fs, 8, &mode, 4, path, NULL, NULL, 0, file);
}

static inline Result fs_commit(Handle fs) {
    IpcCall call = {.command = 10};
    return ipc_call(fs, &call);
}

typedef struct {
    uint32_t option;
    uint32_t padding;
    int64_t offset;
    int64_t size;
} FsFileRange;

static inline Result fs_file_write(Handle file, int64_t offset, const void* data, int64_t size) {
    const FsFileRange in = {0, 0, offset, size};
    IpcCall call = {.command = 1, .in = &in, .in_size = sizeof(in)};
    call.a[0] = (IpcBuffer){(uintptr_t)data, (uint64_t)size};
    call.a_count = 1;
    return ipc_call(file, &call);
}

static inline Result fs_file_read(Handle file, int64_t offset, void* data, int64_t size,
                                  int64_t* read) {
    const FsFileRange in = {0, 0, offset, size};
    IpcCall call = {.command = 0, .in = &in, .in_size = sizeof(in), .out = read, .out_size = 8};
    call.b[0] = (IpcBuffer){(uintptr_t)data, (uint64_t)size};
    call.b_count = 1;
    return ipc_call(file, &call);
}
