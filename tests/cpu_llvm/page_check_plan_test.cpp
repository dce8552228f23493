#include "cpu/llvm/page_check_plan.h"

#include <gtest/gtest.h>

namespace {

using cpu::llvm_tier::AccessKey;
using cpu::llvm_tier::PlanPageChecks;

// Accesses off one base share a check until the base changes; accesses more than a page apart
// do not.
TEST(PageCheckPlanTest, AccessesOffOneBaseShareACheckUntilTheBaseChanges) {
    const auto plan = PlanPageChecks({
        {0x0, 0xa9400c22},   // ldp x2, x3, [x1]
        {0x4, 0xb9401024},   // ldr w4, [x1, #16]
        {0x8, 0x91008021},   // add x1, x1, #32
        {0xc, 0xb9000024},   // str w4, [x1]
        {0x10, 0xb9100024},  // str w4, [x1, #4096]
    });
    ASSERT_EQ(plan.checks.size(), 1u);
    const auto& check = plan.checks[0];
    EXPECT_EQ(check.base, 1u);
    EXPECT_EQ(check.low, 0);
    EXPECT_EQ(check.high, 20);
    EXPECT_TRUE(check.read);
    EXPECT_FALSE(check.write);
    EXPECT_EQ(plan.leads.size(), 1u);
    EXPECT_TRUE(plan.leads.contains(AccessKey{0x0, 0}));
    EXPECT_EQ(plan.covered.size(), 2u);
    EXPECT_TRUE(plan.covered.contains(AccessKey{0x0, 1}));
    EXPECT_TRUE(plan.covered.contains(AccessKey{0x4, 0}));
}

// A post-index writeback ends the check after its access. Loads and stores off one base share
// one check of both permissions, from the lowest to the highest byte.
TEST(PageCheckPlanTest, WritesToTheBaseEndTheCheck) {
    const auto plan = PlanPageChecks({
        {0x0, 0xf85f8020},  // ldur x0, [x1, #-8]
        {0x4, 0xf81f0022},  // stur x2, [x1, #-16]
        {0x8, 0xf8408423},  // ldr x3, [x1], #8
        {0xc, 0xf9000022},  // str x2, [x1]
    });
    ASSERT_EQ(plan.checks.size(), 1u);
    EXPECT_EQ(plan.checks[0].low, -16);
    EXPECT_EQ(plan.checks[0].high, 8);
    EXPECT_EQ(plan.checks[0].lead_offset, -8);
    EXPECT_TRUE(plan.checks[0].read);
    EXPECT_TRUE(plan.checks[0].write);
    EXPECT_EQ(plan.covered.size(), 2u);
    EXPECT_FALSE(plan.covered.contains(AccessKey{0xc, 0}));
}

}  // namespace
