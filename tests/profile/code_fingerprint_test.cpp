#include "profile/code_fingerprint.h"

#include <cstring>
#include <vector>

#include <gtest/gtest.h>

namespace profile {
namespace {

std::vector<u8> Code(const std::vector<u32>& words) {
    std::vector<u8> bytes(words.size() * 4);
    std::memcpy(bytes.data(), words.data(), bytes.size());
    return bytes;
}

// The same function as two builds link it: its calls, its branch, its literal load and the
// address it forms with ADRP + ADD :lo12: differ; every other word is the same.
std::vector<u32> Function(u32 call_target, u32 page, u32 page_offset) {
    return {
        0xa9be7bfd,                                        // stp x29, x30, [sp, #-32]!
        0x910003fd,                                        // mov x29, sp
        0x90000008 | (page & 3) << 29 | (page >> 2) << 5,  // adrp x8, page
        0xf9400100 | (page_offset & 0x1ff) << 10,          // ldr x0, [x8, :lo12:]
        0x91000108 | page_offset << 10,                    // add x8, x8, :lo12: (x8 ends)
        0x94000000 | call_target,                          // bl
        0x35000080 | (call_target & 0xff) << 5,            // cbnz w0, ...
        0x58000001 | (call_target & 0xfff) << 5,           // ldr x1, literal
        0xa8c27bfd,                                        // ldp x29, x30, [sp], #32
        0xd65f03c0,                                        // ret
        0x12345678,                                        // the next function's code
    };
}

TEST(CodeFingerprint, MasksTheFieldsTheLinkerFills) {
    EXPECT_EQ(MaskedWord(0x94001234), 0x94000000u);  // bl
    EXPECT_EQ(MaskedWord(0x17fffffe), 0x14000000u);  // b
    EXPECT_EQ(MaskedWord(0x54000141), 0x54000001u);  // b.ne
    EXPECT_EQ(MaskedWord(0xb4000061), 0xb4000001u);  // cbz x1
    EXPECT_EQ(MaskedWord(0x37180062), 0x37180002u);  // tbnz w2, #3 (the bit number stays)
    EXPECT_EQ(MaskedWord(0xf0000ae8), 0x90000008u);  // adrp x8
    EXPECT_EQ(MaskedWord(0x10000141), 0x10000001u);  // adr x1
    EXPECT_EQ(MaskedWord(0x58000141), 0x58000001u);  // ldr x1, literal
    EXPECT_EQ(MaskedWord(0x910003fd), 0x910003fdu);  // mov x29, sp: nothing to mask
}

TEST(CodeFingerprint, AnotherBuildAtAnotherAddressGivesTheSameFingerprint) {
    const auto one = FingerprintAt(Code(Function(0x123, 0x10, 0x48)), 0);
    const auto other = FingerprintAt(Code(Function(0x3ff0, 0x2a7, 0x1f0)), 0);
    ASSERT_TRUE(one && other);
    EXPECT_EQ(*one, *other);
    EXPECT_EQ(one->words, 10u);  // up to and with the RET
    EXPECT_EQ(one->first_word, 0xa9be7bfdu);
}

TEST(CodeFingerprint, AnotherInstructionGivesAnotherFingerprint) {
    std::vector<u32> changed = Function(0x123, 0x10, 0x48);
    changed[1] = 0x910043fd;  // add x29, sp, #16
    EXPECT_NE(*FingerprintAt(Code(Function(0x123, 0x10, 0x48)), 0),
              *FingerprintAt(Code(changed), 0));
}

TEST(CodeFingerprint, AnOffsetOfAnotherRegisterIsNotMasked) {
    std::vector<u32> one = Function(0x123, 0x10, 0x48);
    std::vector<u32> other = one;
    one[4] = 0xf9400520;    // ldr x0, [x9, #8]: x9 holds no page
    other[4] = 0xf9400920;  // ldr x0, [x9, #16]
    EXPECT_NE(*FingerprintAt(Code(one), 0), *FingerprintAt(Code(other), 0));
}

TEST(CodeFingerprint, LengthIsCappedAndRounds) {
    const std::vector<u8> code = Code(Function(1, 2, 3));
    EXPECT_EQ(FingerprintAt(code, 0, 4)->words, 4u);
    EXPECT_EQ(FingerprintAt(code, 40)->words, 1u);  // the code ends
    EXPECT_FALSE(FingerprintAt(code, 2));
    EXPECT_FALSE(FingerprintAt(code, 44));
}

TEST(CodeFingerprint, PrintsAndParses) {
    const CodeFingerprint fingerprint{13, 0xa9be7bfd, 0x0123456789abcdef};
    EXPECT_EQ(fingerprint.ToString(), "fp1:13:a9be7bfd:0123456789abcdef");
    EXPECT_EQ(CodeFingerprint::Parse(fingerprint.ToString()), fingerprint);
    EXPECT_FALSE(CodeFingerprint::Parse("fp1:13:a9be7bfd:0123456789abcde"));
    EXPECT_FALSE(CodeFingerprint::Parse("fp1:0:a9be7bfd:0123456789abcdef"));
    EXPECT_FALSE(CodeFingerprint::Parse("fp2:13:a9be7bfd:0123456789abcdef"));
    EXPECT_FALSE(CodeFingerprint::Parse("fp1:13:a9be7bfd"));
    EXPECT_FALSE(CodeFingerprint::Parse("fp1:x:a9be7bfd:0123456789abcdef"));
}

TEST(CodeFingerprint, FindsEveryPlaceTheFunctionLies) {
    std::vector<u32> words = {0xd503201f, 0xd503201f};  // nop, nop
    for (const u32 word : Function(0x40, 0x5, 0x18)) {
        words.push_back(word);
    }
    words.push_back(0xd503201f);
    for (const u32 word : Function(0x9000, 0x77, 0x2f0)) {
        words.push_back(word);
    }
    const auto fingerprint = FingerprintAt(Code(Function(1, 2, 3)), 0);
    EXPECT_EQ(FindFingerprint(Code(words), *fingerprint), (std::vector<u64>{8, 56}));
}

}  // namespace
}  // namespace profile
