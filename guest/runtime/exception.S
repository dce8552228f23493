// Where crt0 sends a fault the kernel delivers: x0 = exception type, x1 = the saved state in
// the process local region, sp = a small stack there. The handler runs on a stack of our own;
// the registers the kernel does not restore from the info (x9..x18, the vector registers,
// FPCR, FPSR) are kept for the thread, which svcReturnFromException resumes.

    .equ EXCEPTION_STACK_SIZE, 0x4000
    .equ SAVE_SIZE, 0x260   // x9..x18 (0x50), fpcr/fpsr (0x10), q0..q31 (0x200)

    .section .text.__nx_exception_entry, "ax", %progbits
    .global __nx_exception_entry
    .type __nx_exception_entry, %function
    .balign 4
__nx_exception_entry:
    adrp x2, __nx_exception_stack
    add x2, x2, #:lo12:__nx_exception_stack
    add x2, x2, #EXCEPTION_STACK_SIZE
    sub sp, x2, #SAVE_SIZE
    stp x9, x10, [sp, #0x00]
    stp x11, x12, [sp, #0x10]
    stp x13, x14, [sp, #0x20]
    stp x15, x16, [sp, #0x30]
    stp x17, x18, [sp, #0x40]
    mrs x9, fpcr
    mrs x10, fpsr
    stp x9, x10, [sp, #0x50]
    add x9, sp, #0x60
    stp q0, q1, [x9], #32
    stp q2, q3, [x9], #32
    stp q4, q5, [x9], #32
    stp q6, q7, [x9], #32
    stp q8, q9, [x9], #32
    stp q10, q11, [x9], #32
    stp q12, q13, [x9], #32
    stp q14, q15, [x9], #32
    stp q16, q17, [x9], #32
    stp q18, q19, [x9], #32
    stp q20, q21, [x9], #32
    stp q22, q23, [x9], #32
    stp q24, q25, [x9], #32
    stp q26, q27, [x9], #32
    stp q28, q29, [x9], #32
    stp q30, q31, [x9], #32
    bl __nx_handle_exception
    // w0: the handler's result, for svcReturnFromException.
    add x9, sp, #0x60
    ldp q0, q1, [x9], #32
    ldp q2, q3, [x9], #32
    ldp q4, q5, [x9], #32
    ldp q6, q7, [x9], #32
    ldp q8, q9, [x9], #32
    ldp q10, q11, [x9], #32
    ldp q12, q13, [x9], #32
    ldp q14, q15, [x9], #32
    ldp q16, q17, [x9], #32
    ldp q18, q19, [x9], #32
    ldp q20, q21, [x9], #32
    ldp q22, q23, [x9], #32
    ldp q24, q25, [x9], #32
    ldp q26, q27, [x9], #32
    ldp q28, q29, [x9], #32
    ldp q30, q31, [x9], #32
    ldp x9, x10, [sp, #0x50]
    msr fpcr, x9
    msr fpsr, x10
    ldp x9, x10, [sp, #0x00]
    ldp x11, x12, [sp, #0x10]
    ldp x13, x14, [sp, #0x20]
    ldp x15, x16, [sp, #0x30]
    ldp x17, x18, [sp, #0x40]
    svc 0x28
    brk #0

    .section .text.svcReturnFromException, "ax", %progbits
    .global svcReturnFromException
    .type svcReturnFromException, %function
    .balign 4
svcReturnFromException:
    svc 0x28
    brk #0

    .section .bss.__nx_exception_stack, "aw", %nobits
    .balign 16
__nx_exception_stack:
    .space EXCEPTION_STACK_SIZE
