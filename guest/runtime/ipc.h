#pragma once

// A small IPC client (CMIF and TIPC over HIPC), enough for nxhost's own guest tests.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "svc.h"

typedef struct {
    uintptr_t address;
    uint64_t size;
} IpcBuffer;

typedef struct {
    // In.
    uint32_t command;
    bool control;  // a control request (domain conversion, clone, pointer size)
    bool send_pid;
    int32_t domain_object;  // > 0: the request goes to this object of a domain session
    const void* in;
    uint32_t in_size;
    // Up to four of each kind: bsd:u's Ioctl sends four in and four out auto-select buffers
    // (libnx bsd.c), each as a send (A) or receive (B) buffer plus a pointer (X or C) one.
    IpcBuffer a[4], b[4], x[4], c[4];
    int a_count, b_count, x_count, c_count;
    // Writes the u16 size of each C buffer after the raw data, as libnx's cmifMakeRequest does
    // for out pointers that are not fixed-size (auto-select ones included).
    bool c_size_table;
    Handle copy_handles[2];  // handles copied to the server (a process, transfer memory)
    int copy_count;
    // Out.
    void* out;
    uint32_t out_size;
    Handle handles[4];  // copied then moved handles of the reply
    int handle_count;
    uint32_t objects[2];  // domain out objects
    int object_count;
} IpcCall;

// Sends the request and reads the reply; returns the kernel's result or, when that is
// success, the command's.
Result ipc_call(Handle session, IpcCall* call);
// Closes a domain object.
Result ipc_close_object(Handle session, uint32_t object);
// TIPC: the command id travels in the message type.
Result tipc_call(Handle session, uint32_t command, const void* in, uint32_t in_size, void* out,
                 uint32_t out_size, Handle* out_handle);
// A zero-padded 8-byte service name.
uint64_t ipc_service_name(const char* name);
