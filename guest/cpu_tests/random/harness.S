// void nx_random_run(const struct RandomState* in, struct RandomState* out, unsigned index)
// Loads every register of `in` (x0-x30, NZCV, FPCR, v0-v31; FPSR cleared), runs stub `index` of
// nx_random_stubs (one instruction), and stores every register, NZCV and FPSR into `out`.
// struct RandomState: u64 x[31] at 0, nzcv at 248, fpcr at 256, fpsr at 264, v[32] (16 bytes
// each) at 272. The stub reloads x16, which holds its own address on the way in, from the
// frame slot at sp + 176 (tests/cpu/random_cases_generator.cpp writes that offset).

// \op (ldp or stp) of the register pairs x2/x3 ... x14/x15 and x18/x19 ... x28/x29, and of
// v0/v1 ... v30/v31, at their places in a RandomState at x0.
.macro GENERAL_PAIRS op
    \op x2, x3, [x0, #16]
    \op x4, x5, [x0, #32]
    \op x6, x7, [x0, #48]
    \op x8, x9, [x0, #64]
    \op x10, x11, [x0, #80]
    \op x12, x13, [x0, #96]
    \op x14, x15, [x0, #112]
    \op x18, x19, [x0, #144]
    \op x20, x21, [x0, #160]
    \op x22, x23, [x0, #176]
    \op x24, x25, [x0, #192]
    \op x26, x27, [x0, #208]
    \op x28, x29, [x0, #224]
.endm
.macro VECTOR_PAIRS op
    \op q0, q1, [x0, #272]
    \op q2, q3, [x0, #304]
    \op q4, q5, [x0, #336]
    \op q6, q7, [x0, #368]
    \op q8, q9, [x0, #400]
    \op q10, q11, [x0, #432]
    \op q12, q13, [x0, #464]
    \op q14, q15, [x0, #496]
    \op q16, q17, [x0, #528]
    \op q18, q19, [x0, #560]
    \op q20, q21, [x0, #592]
    \op q22, q23, [x0, #624]
    \op q24, q25, [x0, #656]
    \op q26, q27, [x0, #688]
    \op q28, q29, [x0, #720]
    \op q30, q31, [x0, #752]
.endm
// \op (ldp or stp) of the callee-saved registers in the frame.
.macro CALLEE_SAVED op
    \op x19, x20, [sp, #0]
    \op x21, x22, [sp, #16]
    \op x23, x24, [sp, #32]
    \op x25, x26, [sp, #48]
    \op x27, x28, [sp, #64]
    \op x29, x30, [sp, #80]
    \op d8, d9, [sp, #96]
    \op d10, d11, [sp, #112]
    \op d12, d13, [sp, #128]
    \op d14, d15, [sp, #144]
.endm

    .section .text.nx_random_run, "ax", %progbits
    .p2align 2
    .global nx_random_run
    .type nx_random_run, %function
nx_random_run:
    sub sp, sp, #208
    CALLEE_SAVED stp
    str x1, [sp, #160]              // out
    mrs x17, fpcr                   // the caller's, kept across the call as AAPCS64 asks
    str x17, [sp, #168]
    ldr x17, [x0, #128]             // the case's x16
    str x17, [sp, #176]
    adrp x16, nx_random_stubs
    add x16, x16, :lo12:nx_random_stubs
    mov w17, #12
    umaddl x16, w2, w17, x16        // the stub
    VECTOR_PAIRS ldp
    ldr x17, [x0, #256]
    msr fpcr, x17
    msr fpsr, xzr
    ldr x17, [x0, #248]
    msr nzcv, x17
    GENERAL_PAIRS ldp
    ldr x17, [x0, #136]
    ldr x30, [x0, #240]
    ldp x0, x1, [x0, #0]
    br x16

    .global nx_random_back
nx_random_back:
    stp x0, x1, [sp, #184]
    ldr x0, [sp, #160]
    GENERAL_PAIRS stp
    stp x16, x17, [x0, #128]
    str x30, [x0, #240]
    ldp x2, x3, [sp, #184]
    stp x2, x3, [x0, #0]
    mrs x2, nzcv
    str x2, [x0, #248]
    mrs x2, fpsr
    str x2, [x0, #264]
    VECTOR_PAIRS stp
    ldr x2, [sp, #168]
    msr fpcr, x2
    msr fpsr, xzr
    CALLEE_SAVED ldp
    add sp, sp, #208
    ret
