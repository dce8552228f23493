#include "ipc.h"

#include <string.h>

enum {
    kMagicIn = 0x49434653,
    kMagicOut = 0x4f434653,
    kTypeRequest = 4,
    kTypeControl = 5,
    kTipcFirst = 16,
};

static uint32_t* MessageBuffer(void) {
    uintptr_t tls;
    __asm__ volatile("mrs %0, tpidrro_el0" : "=r"(tls));
    return (uint32_t*)tls;
}

uint64_t ipc_service_name(const char* name) {
    uint64_t value = 0;
    for (int i = 0; i < 8 && name[i]; ++i) {
        value |= (uint64_t)(uint8_t)name[i] << (8 * i);
    }
    return value;
}

static void PutBuffer(uint32_t** at, const IpcBuffer* buffer, uint32_t mode) {
    (*at)[0] = (uint32_t)buffer->size;
    (*at)[1] = (uint32_t)buffer->address;
    (*at)[2] = mode | ((uint32_t)(buffer->address >> 36) & 0x3fffff) << 2 |
               ((uint32_t)(buffer->size >> 32) & 0xf) << 24 |
               ((uint32_t)(buffer->address >> 32) & 0xf) << 28;
    *at += 3;
}

// Writes the HIPC header and descriptors; returns where the raw data starts.
static uint32_t* PutHeader(uint32_t* message, uint32_t type, const IpcCall* call,
                           uint32_t data_words) {
    const bool special = call->send_pid || call->copy_count > 0;
    message[0] = type | (uint32_t)call->x_count << 16 | (uint32_t)call->a_count << 20 |
                 (uint32_t)call->b_count << 24;
    message[1] = data_words | (call->c_count ? (uint32_t)(call->c_count + 2) << 10 : 0) |
                 (special ? 1u << 31 : 0);
    uint32_t* at = message + 2;
    if (special) {
        *at++ = (call->send_pid ? 1 : 0) | (uint32_t)call->copy_count << 1;
        if (call->send_pid) {
            *at++ = 0;  // the process id, filled in by the kernel
            *at++ = 0;
        }
        for (int i = 0; i < call->copy_count; ++i) {
            *at++ = call->copy_handles[i];
        }
    }
    for (int i = 0; i < call->x_count; ++i) {
        const IpcBuffer* x = &call->x[i];
        at[0] = (uint32_t)i | ((uint32_t)(x->address >> 36) & 0x3f) << 6 |
                ((uint32_t)(x->address >> 32) & 0xf) << 12 | (uint32_t)x->size << 16;
        at[1] = (uint32_t)x->address;
        at += 2;
    }
    for (int i = 0; i < call->a_count; ++i) {
        PutBuffer(&at, &call->a[i], 0);
    }
    for (int i = 0; i < call->b_count; ++i) {
        PutBuffer(&at, &call->b[i], 0);
    }
    return at;
}

static uint32_t* Align16(uint32_t* message, uint32_t* at) {
    while (((uintptr_t)at - (uintptr_t)message) & 15) {
        *at++ = 0;
    }
    return at;
}

// Reads the handles of a reply; returns where its raw data starts.
static uint32_t* ReadReplyHeader(uint32_t* message, Handle* handles, int* handle_count) {
    uint32_t* at = message + 2;
    *handle_count = 0;
    if (message[1] >> 31) {
        const uint32_t special = *at++;
        const uint32_t count = ((special >> 1) & 15) + ((special >> 5) & 15);
        if (special & 1) {
            at += 2;
        }
        for (uint32_t i = 0; i < count; ++i) {
            if (i < 4) {
                handles[(*handle_count)++] = at[i];
            }
        }
        at += count;
    }
    // Descriptors the reply carries (a server's X descriptors fill the request's C buffers):
    // skipped as libnx's hipcParseResponse does.
    const uint32_t x = (message[0] >> 16) & 15;
    const uint32_t abw = ((message[0] >> 20) & 15) + ((message[0] >> 24) & 15) + (message[0] >> 28);
    return at + 2 * x + 3 * abw;
}

Result ipc_call(Handle session, IpcCall* call) {
    uint32_t* message = MessageBuffer();
    memset(message, 0, 0x100);
    const uint32_t domain_words = call->domain_object > 0 ? 4 : 0;
    // libnx's cmifMakeRequest: 16 bytes of room for the alignment, the headers and the raw
    // data, then (halfword-aligned, counted from the first data word) the C buffers' sizes.
    const uint32_t table_offset = (16 + 4 * domain_words + 16 + call->in_size + 1) & ~1u;
    const uint32_t table_entries = call->c_size_table ? (uint32_t)call->c_count : 0;
    const uint32_t data_words = (table_offset + 2 * table_entries + 3) / 4;
    uint32_t* at =
        PutHeader(message, call->control ? kTypeControl : kTypeRequest, call, data_words);
    uint32_t* data = at;
    at = Align16(message, at);
    if (domain_words) {
        at[0] = 1 | (uint32_t)(call->in_size + 16) << 16;  // send, no in objects, data size
        at[1] = (uint32_t)call->domain_object;
        at[2] = at[3] = 0;
        at += 4;
    }
    at[0] = kMagicIn;
    at[1] = 0;
    at[2] = call->command;
    at[3] = 0;
    at += 4;
    if (call->in_size) {
        memcpy(at, call->in, call->in_size);
    }
    uint16_t* sizes = (uint16_t*)((uint8_t*)data + table_offset);
    for (uint32_t i = 0; i < table_entries; ++i) {
        sizes[i] = (uint16_t)call->c[i].size;
    }
    uint32_t* receive_list = data + data_words;
    for (int i = 0; i < call->c_count; ++i) {
        receive_list[2 * i] = (uint32_t)call->c[i].address;
        receive_list[2 * i + 1] =
            ((uint32_t)(call->c[i].address >> 32) & 0xffff) | (uint32_t)call->c[i].size << 16;
    }

    Result result = svcSendSyncRequest(session);
    if (result != 0) {
        return result;
    }
    at = Align16(message, ReadReplyHeader(message, call->handles, &call->handle_count));
    uint32_t object_count = 0;
    if (domain_words) {
        object_count = at[0];
        at += 4;
    }
    if (at[0] != kMagicOut) {
        return 0xdead;
    }
    result = at[2];
    at += 4;
    if (result == 0 && call->out_size) {
        memcpy(call->out, at, call->out_size);
    }
    call->object_count = 0;
    for (uint32_t i = 0; i < object_count && i < 2; ++i) {
        memcpy(&call->objects[i], (uint8_t*)at + call->out_size + 4 * i, 4);
        ++call->object_count;
    }
    return result;
}

Result ipc_close_object(Handle session, uint32_t object) {
    uint32_t* message = MessageBuffer();
    memset(message, 0, 0x100);
    const IpcCall empty = {0};
    uint32_t* at = PutHeader(message, kTypeRequest, &empty, 4 + 4);
    at = Align16(message, at);
    at[0] = 2;  // close
    at[1] = object;
    return svcSendSyncRequest(session);
}

Result tipc_call(Handle session, uint32_t command, const void* in, uint32_t in_size, void* out,
                 uint32_t out_size, Handle* out_handle) {
    uint32_t* message = MessageBuffer();
    memset(message, 0, 0x100);
    message[0] = kTipcFirst + command;
    message[1] = (in_size + 3) / 4;
    memcpy(message + 2, in, in_size);
    Result result = svcSendSyncRequest(session);
    if (result != 0) {
        return result;
    }
    Handle handles[4];
    int count;
    uint32_t* at = ReadReplyHeader(message, handles, &count);
    result = at[0];
    if (result == 0) {
        memcpy(out, at + 1, out_size);
        if (out_handle && count > 0) {
            *out_handle = handles[0];
        }
    }
    return result;
}
