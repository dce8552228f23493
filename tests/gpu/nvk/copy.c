// Transfers into a 512-byte buffer (the result, vk_case.h): vkCmdFillBuffer of the whole with
// 0xA5C3E1F0, vkCmdCopyBuffer of 256 bytes (byte i = 7i + 3) to offset 64, vkCmdUpdateBuffer of
// 32 bytes (byte i = 255 - i) at offset 384. Compared byte for byte.
#include "vk_case.h"

enum { kBytes = 512, kSourceBytes = 256, kUpdateBytes = 32 };

int main(int argc, char** argv) {
    struct VkCase c = OpenCase();
    unsigned char* source;
    VkBuffer from = HostBuffer(&c, kSourceBytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, (void**)&source);
    for (int i = 0; i < kSourceBytes; ++i) {
        source[i] = (unsigned char)(7 * i + 3);
    }
    void* bytes;
    VkBuffer result = HostBuffer(&c, kBytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &bytes);
    PrintResultAddress(&c, result, kBytes);

    VkCommandBuffer commands = BeginCommands(&c);
    vkCmdFillBuffer(commands, result, 0, kBytes, 0xA5C3E1F0u);
    Barrier(commands);
    VkBufferCopy region = {0, 64, kSourceBytes};
    vkCmdCopyBuffer(commands, from, result, 1, &region);
    Barrier(commands);
    unsigned char update[kUpdateBytes];
    for (int i = 0; i < kUpdateBytes; ++i) {
        update[i] = (unsigned char)(255 - i);
    }
    vkCmdUpdateBuffer(commands, result, 384, kUpdateBytes, update);
    Barrier(commands);
    SubmitAndWait(&c, commands);

    const unsigned char* out = bytes;
    printf("bytes 0, 64, 384: %02x %02x %02x\n", out[0], out[64], out[384]);
    WriteResult(argc > 1 ? argv[1] : NULL, bytes, kBytes);
    return 0;
}
