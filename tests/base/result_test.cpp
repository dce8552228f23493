#include "base/result.h"

#include <gtest/gtest.h>

namespace {

TEST(Result, SplitsModuleAndDescriptionAsHorizonDoes) {
    // svc::ResultInvalidHandle is module 1, description 114: 0xe401, printed 2001-0114.
    const base::Result invalid_handle(1, 114);
    EXPECT_EQ(invalid_handle.Raw(), 0xe401u);
    EXPECT_EQ(invalid_handle.ToString(), "2001-0114 (0xe401)");
    EXPECT_TRUE(base::ResultSuccess.IsSuccess());
    EXPECT_TRUE(invalid_handle.IsFailure());
}

}  // namespace
