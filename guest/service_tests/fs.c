// fsp-srv: the title's RomFS as a storage, the SD card folder with every IFileSystem, IFile and
// IDirectory command and fs's result codes, paths that try to leave the folder, and a save.

#include "../kernel_tests/check.h"
#include "fs_common.h"

static void TestRomfs(Handle service) {
    Handle storage = 0;
    CHECK_RESULT(fs_open_object(service, 200, NULL, 0, &storage), 0);
    int64_t size = 0;
    IpcCall get_size = {.command = 4, .out = &size, .out_size = 8};
    CHECK_RESULT(ipc_call(storage, &get_size), 0);
    CHECK(size > 0x50);
    uint64_t header[10] = {0};
    const int64_t range[2] = {0, sizeof(header)};
    IpcCall read = {.command = 0, .in = range, .in_size = sizeof(range)};
    read.b[0] = (IpcBuffer){(uintptr_t)header, sizeof(header)};
    read.b_count = 1;
    CHECK_RESULT(ipc_call(storage, &read), 0);
    CHECK(header[0] == 0x50);  // the RomFS header's size
    const int64_t past[2] = {size, 1};
    IpcCall read_past = {.command = 0, .in = past, .in_size = sizeof(past)};
    read_past.b[0] = (IpcBuffer){(uintptr_t)header, 1};
    read_past.b_count = 1;
    CHECK_RESULT(ipc_call(storage, &read_past), FS_RESULT(3005));
    svcCloseHandle(storage);
}

static void TestFiles(Handle fs) {
    fs_simple(fs, 4, "/fs_test");  // left over from an earlier run
    CHECK_RESULT(fs_simple(fs, 2, "/fs_test"), 0);
    CHECK_RESULT(fs_simple(fs, 2, "/fs_test"), FS_RESULT(2));
    CHECK_RESULT(fs_simple(fs, 2, "/fs_test/missing/sub"), FS_RESULT(1));
    CHECK_RESULT(fs_create_file(fs, "/fs_test/a.bin", 0), 0);
    CHECK_RESULT(fs_create_file(fs, "/fs_test/a.bin", 0), FS_RESULT(2));

    // Paths stay inside the folder.
    CHECK_RESULT(fs_create_file(fs, "/../escape", 0), FS_RESULT(6006));
    CHECK_RESULT(fs_create_file(fs, "/fs_test/../../escape", 0), FS_RESULT(6006));
    CHECK_RESULT(fs_create_file(fs, "relative", 0), FS_RESULT(6005));
    CHECK_RESULT(fs_create_file(fs, "/sdmc:/x", 0), FS_RESULT(6004));
    uint32_t type = 9;
    CHECK_RESULT(fs_path_call(fs, 7, NULL, 0, "/fs_test/./../fs_test/a.bin", NULL, &type, 4, NULL),
                 0);
    CHECK(type == 1);
    CHECK_RESULT(fs_path_call(fs, 7, NULL, 0, "/fs_test", NULL, &type, 4, NULL), 0);
    CHECK(type == 0);
    CHECK_RESULT(fs_path_call(fs, 7, NULL, 0, "/fs_test/none", NULL, &type, 4, NULL), FS_RESULT(1));

    // Files: modes, growing only with append, reads and sizes.
    Handle file = 0;
    CHECK_RESULT(fs_open_file(fs, "/fs_test/none", 1, &file), FS_RESULT(1));
    CHECK_RESULT(fs_open_file(fs, "/fs_test/a.bin", 0, &file), FS_RESULT(6072));
    CHECK_RESULT(fs_open_file(fs, "/fs_test/a.bin", 1, &file), 0);
    CHECK_RESULT(fs_file_write(file, 0, "x", 1), FS_RESULT(6203));
    svcCloseHandle(file);
    CHECK_RESULT(fs_open_file(fs, "/fs_test/a.bin", 2, &file), 0);
    CHECK_RESULT(fs_file_write(file, 0, "hello", 5), FS_RESULT(6201));
    char text[16] = {0};
    int64_t got = 0;
    CHECK_RESULT(fs_file_read(file, 0, text, 5, &got), FS_RESULT(6202));
    svcCloseHandle(file);
    CHECK_RESULT(fs_open_file(fs, "/fs_test/a.bin", 7, &file), 0);
    CHECK_RESULT(fs_file_write(file, 0, "hello world", 11), 0);
    int64_t size = 0;
    IpcCall get_size = {.command = 4, .out = &size, .out_size = 8};
    CHECK_RESULT(ipc_call(file, &get_size), 0);
    CHECK(size == 11);
    CHECK_RESULT(fs_file_read(file, 6, text, sizeof(text), &got), 0);
    CHECK(got == 5 && memcmp(text, "world", 5) == 0);
    const int64_t new_size = 5;
    IpcCall set_size = {.command = 3, .in = &new_size, .in_size = 8};
    CHECK_RESULT(ipc_call(file, &set_size), 0);
    CHECK_RESULT(ipc_call(file, &get_size), 0);
    CHECK(size == 5);
    IpcCall flush = {.command = 2};
    CHECK_RESULT(ipc_call(file, &flush), 0);
    svcCloseHandle(file);

    // Directories.
    CHECK_RESULT(fs_simple(fs, 2, "/fs_test/sub"), 0);
    Handle directory = 0;
    const uint32_t both = 3;
    CHECK_RESULT(fs_path_call(fs, 9, &both, 4, "/fs_test", NULL, NULL, 0, &directory), 0);
    int64_t count = 0;
    IpcCall entry_count = {.command = 1, .out = &count, .out_size = 8};
    CHECK_RESULT(ipc_call(directory, &entry_count), 0);
    CHECK(count == 2);
    static struct {
        char name[0x301];
        uint8_t padding[3];
        int8_t type;
        uint8_t padding2[3];
        int64_t size;
    } entries[4];
    IpcCall read_entries = {.command = 0, .out = &count, .out_size = 8};
    read_entries.b[0] = (IpcBuffer){(uintptr_t)entries, sizeof(entries)};
    read_entries.b_count = 1;
    CHECK_RESULT(ipc_call(directory, &read_entries), 0);
    CHECK(count == 2);
    CHECK(strcmp(entries[0].name, "a.bin") == 0 && entries[0].type == 1 && entries[0].size == 5);
    CHECK(strcmp(entries[1].name, "sub") == 0 && entries[1].type == 0);
    CHECK_RESULT(ipc_call(directory, &read_entries), 0);
    CHECK(count == 0);
    svcCloseHandle(directory);

    // Renames and deletions.
    CHECK_RESULT(
        fs_path_call(fs, 5, NULL, 0, "/fs_test/a.bin", "/fs_test/sub/b.bin", NULL, 0, NULL), 0);
    CHECK_RESULT(fs_path_call(fs, 5, NULL, 0, "/fs_test/a.bin", "/fs_test/c.bin", NULL, 0, NULL),
                 FS_RESULT(1));
    CHECK_RESULT(fs_path_call(fs, 6, NULL, 0, "/fs_test/sub", "/fs_test/sub2", NULL, 0, NULL), 0);
    CHECK_RESULT(fs_simple(fs, 3, "/fs_test/sub2"), FS_RESULT(8));
    CHECK_RESULT(fs_simple(fs, 1, "/fs_test/sub2"), FS_RESULT(1));
    CHECK_RESULT(fs_simple(fs, 1, "/fs_test/sub2/b.bin"), 0);
    CHECK_RESULT(fs_simple(fs, 1, "/fs_test/sub2/b.bin"), FS_RESULT(1));
    CHECK_RESULT(fs_simple(fs, 3, "/fs_test/sub2"), 0);
    CHECK_RESULT(fs_create_file(fs, "/fs_test/d/e.bin", 0), FS_RESULT(1));
    CHECK_RESULT(fs_simple(fs, 2, "/fs_test/d"), 0);
    CHECK_RESULT(fs_create_file(fs, "/fs_test/d/e.bin", 3), 0);
    CHECK_RESULT(fs_simple(fs, 4, "/fs_test"), 0);
    CHECK_RESULT(fs_simple(fs, 4, "/fs_test"), FS_RESULT(1));

    int64_t free_space = 0, total_space = 0;
    CHECK_RESULT(fs_path_call(fs, 11, NULL, 0, "/", NULL, &free_space, 8, NULL), 0);
    CHECK_RESULT(fs_path_call(fs, 12, NULL, 0, "/", NULL, &total_space, 8, NULL), 0);
    CHECK(free_space > 0 && total_space >= free_space);
    CHECK_RESULT(fs_commit(fs), 0);
}

static void TestSave(Handle service) {
    Handle save = 0;
    CHECK_RESULT(fs_open_save(service, 0x0100000000abcd00ull, &save), 0);
    fs_simple(save, 1, "/slot.bin");
    CHECK_RESULT(fs_create_file(save, "/slot.bin", 4), 0);
    Handle file = 0;
    CHECK_RESULT(fs_open_file(save, "/slot.bin", 3, &file), 0);
    CHECK_RESULT(fs_file_write(file, 0, "save", 4), 0);
    svcCloseHandle(file);
    CHECK_RESULT(fs_commit(save), 0);
    svcCloseHandle(save);
}

int main(void) {
    Handle service = 0;
    CHECK_RESULT(fs_open_service(&service), 0);
    TestRomfs(service);
    Handle sd = 0;
    CHECK_RESULT(fs_open_object(service, 18, NULL, 0, &sd), 0);
    TestFiles(sd);
    svcCloseHandle(sd);
    TestSave(service);
    svcCloseHandle(service);
    return check_summary("fs");
}
