// A compute dispatch of 4 workgroups of 16 (squares_comp.spvasm) writing v[i] = i * i + 7 into
// a buffer of 64 words (the result, vk_case.h) bound as a storage buffer. Compared byte for
// byte.
#include "vk_case.h"

#include "shaders_spirv.h"

enum { kWords = 64 };

int main(int argc, char** argv) {
    struct VkCase c = OpenCase();
    void* words;
    VkBuffer result = HostBuffer(&c, kWords * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &words);
    PrintResultAddress(&c, result, kWords * 4);

    VkDescriptorSetLayoutBinding binding = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                            VK_SHADER_STAGE_COMPUTE_BIT, NULL};
    VkDescriptorSetLayoutCreateInfo set_info = {
        VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    set_info.bindingCount = 1;
    set_info.pBindings = &binding;
    VkDescriptorSetLayout set_layout;
    CHECK(vkCreateDescriptorSetLayout(c.device, &set_info, NULL, &set_layout));
    VkPipelineLayoutCreateInfo layout_info = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout_info.setLayoutCount = 1;
    layout_info.pSetLayouts = &set_layout;
    VkPipelineLayout layout;
    CHECK(vkCreatePipelineLayout(c.device, &layout_info, NULL, &layout));
    VkComputePipelineCreateInfo pipeline_info = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipeline_info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    pipeline_info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipeline_info.stage.module = Module(&c, kSquaresComp, sizeof(kSquaresComp));
    pipeline_info.stage.pName = "main";
    pipeline_info.layout = layout;
    VkPipeline pipeline;
    CHECK(vkCreateComputePipelines(c.device, VK_NULL_HANDLE, 1, &pipeline_info, NULL, &pipeline));

    VkDescriptorPoolSize pool_size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
    VkDescriptorPoolCreateInfo pool_info = {VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    pool_info.maxSets = 1;
    pool_info.poolSizeCount = 1;
    pool_info.pPoolSizes = &pool_size;
    VkDescriptorPool pool;
    CHECK(vkCreateDescriptorPool(c.device, &pool_info, NULL, &pool));
    VkDescriptorSetAllocateInfo allocate = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocate.descriptorPool = pool;
    allocate.descriptorSetCount = 1;
    allocate.pSetLayouts = &set_layout;
    VkDescriptorSet set;
    CHECK(vkAllocateDescriptorSets(c.device, &allocate, &set));
    VkDescriptorBufferInfo buffer_info = {result, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet write = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    write.dstSet = set;
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    write.pBufferInfo = &buffer_info;
    vkUpdateDescriptorSets(c.device, 1, &write, 0, NULL);

    VkCommandBuffer commands = BeginCommands(&c);
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set, 0, NULL);
    vkCmdDispatch(commands, kWords / 16, 1, 1);
    Barrier(commands);
    SubmitAndWait(&c, commands);

    const uint32_t* out = words;
    printf("v[0], v[1], v[63]: %u %u %u\n", out[0], out[1], out[63]);
    WriteResult(argc > 1 ? argv[1] : NULL, words, kWords * 4);
    return 0;
}
