// Writes and commits a save in a loop, for the kill test (tests/integration/save_kill.sh).
// Version i of the save: /counter holds i (8 bytes), /data 4096 bytes of (i & 0xff), and /odd
// exists exactly when i is odd. Each run continues from the committed counter; argv[1] is the
// number of commits (0 or none: until killed).

#include <stdio.h>
#include <stdlib.h>

#include "fs_common.h"

#define SAVE_TITLE 0x0100000000abcd01ull

static int Fail(const char* what, Result rc) {
    printf("save_commits: %s failed with %#x\n", what, (unsigned)rc);
    return 1;
}

static Result WriteWhole(Handle save, const char* path, const void* data, int64_t size) {
    Handle file = 0;
    Result rc = fs_open_file(save, path, 7, &file);
    if (rc == FS_RESULT(1)) {
        rc = fs_create_file(save, path, 0);
        if (rc == 0) {
            rc = fs_open_file(save, path, 7, &file);
        }
    }
    if (rc == 0) {
        rc = fs_file_write(file, 0, data, size);
    }
    svcCloseHandle(file);
    return rc;
}

int main(int argc, char** argv) {
    const long rounds = argc > 1 ? strtol(argv[1], NULL, 10) : 0;
    Handle service = 0, save = 0;
    Result rc = fs_open_service(&service);
    if (rc == 0) {
        rc = fs_open_save(service, SAVE_TITLE, &save);
    }
    if (rc != 0) {
        return Fail("opening the save", rc);
    }
    uint64_t counter = 0;
    Handle file = 0;
    if (fs_open_file(save, "/counter", 1, &file) == 0) {
        int64_t got = 0;
        fs_file_read(file, 0, &counter, 8, &got);
        svcCloseHandle(file);
    }
    const uint64_t start = counter;
    static uint8_t data[4096];
    for (long round = 0; rounds == 0 || round < rounds; ++round) {
        ++counter;
        memset(data, (int)(counter & 0xff), sizeof(data));
        if ((rc = WriteWhole(save, "/data", data, sizeof(data))) != 0) {
            return Fail("writing /data", rc);
        }
        if (counter & 1) {
            rc = fs_create_file(save, "/odd", 0);
        } else {
            rc = fs_simple(save, 1, "/odd");
        }
        if (rc != 0 && rc != FS_RESULT(1)) {
            return Fail("creating or deleting /odd", rc);
        }
        if ((rc = WriteWhole(save, "/counter", &counter, 8)) != 0) {
            return Fail("writing /counter", rc);
        }
        if ((rc = fs_commit(save)) != 0) {
            return Fail("commit", rc);
        }
    }
    printf("save_commits: from %llu to %llu\n", (unsigned long long)start,
           (unsigned long long)counter);
    return 0;
}
