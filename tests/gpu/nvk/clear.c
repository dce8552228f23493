// A render pass clearing a 64x32 RGBA8 image to (0.25, 0.5, 0.75, 1) and nothing drawn, the
// image copied to a buffer (the result, vk_case.h) and its first row printed. capture.sh runs
// it under NVK (the capture) and on lavapipe (the reference).
#include "vk_case.h"

enum { kWidth = 64, kHeight = 32 };

int main(int argc, char** argv) {
    struct VkCase c = OpenCase();
    VkImageView view;
    VkImage image =
        DeviceImage(&c, VK_FORMAT_R8G8B8A8_UNORM, kWidth, kHeight,
                    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, &view);
    VkFramebuffer framebuffer;
    VkRenderPass pass =
        ClearingPass(&c, VK_FORMAT_R8G8B8A8_UNORM, kWidth, kHeight, view, &framebuffer);
    void* pixels;
    VkBuffer result =
        HostBuffer(&c, kWidth * kHeight * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &pixels);
    PrintResultAddress(&c, result, kWidth * kHeight * 4);

    VkCommandBuffer commands = BeginCommands(&c);
    VkClearValue clear = {.color = {{0.25f, 0.5f, 0.75f, 1}}};
    VkRenderPassBeginInfo pass_begin = {VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
    pass_begin.renderPass = pass;
    pass_begin.framebuffer = framebuffer;
    pass_begin.renderArea = (VkRect2D){{0, 0}, {kWidth, kHeight}};
    pass_begin.clearValueCount = 1;
    pass_begin.pClearValues = &clear;
    vkCmdBeginRenderPass(commands, &pass_begin, VK_SUBPASS_CONTENTS_INLINE);
    FinishPicture(&c, commands, image, kWidth, kHeight, result, pixels, argc > 1 ? argv[1] : NULL);
    return 0;
}
