// Entry of every nxhost guest module, for both conventions:
//  - NSO (ExeFS): x0 = 0, x1 = main thread handle; the program ends with svcExitProcess.
//  - NRO (homebrew ABI): x0 = loader configuration entries, x1 = -1, x30 = where to return
//    with the result in x0.
//  - and for a fault the kernel delivers to the program (exception.S).
// The first 0x80 bytes of .text are the NRO's: a branch, the MOD0 offset, and room for the
// NRO header that nxhost's writer puts there.

    .section .text.crt0, "ax", %progbits
    .global _start
    .type _start, %function
_start:
    b 1f
    .word __nx_mod0 - _start
    .fill 0x78, 1, 0
1:
    // A fault the kernel delivers enters here too, with x0 = its type and x1 = its saved
    // state: neither a first start of an NSO (x0 = 0) nor of an NRO (x1 = -1).
    cbz x0, 2f
    cmn x1, #1
    b.eq 2f
    b __nx_exception_entry
2:
    mov x19, x0
    mov x20, x1
    mov x21, x30
    mov x22, sp
    // Apply our own relative relocations before any pointer in data is used.
    adrp x0, _start
    add x0, x0, #:lo12:_start
    adrp x1, _DYNAMIC
    add x1, x1, #:lo12:_DYNAMIC
    bl __nx_relocate
    mov x0, x19
    mov x1, x20
    mov x2, x21
    mov x3, x22
    bl __nx_start
    brk #0

// __nx_return_to_loader(result, entry sp, return address)
    .section .text.__nx_return_to_loader, "ax", %progbits
    .global __nx_return_to_loader
    .type __nx_return_to_loader, %function
__nx_return_to_loader:
    mov sp, x1
    br x2

    .section .rodata.mod0, "a", %progbits
    .balign 4
    .global __nx_mod0
__nx_mod0:
    .ascii "MOD0"
    .word _DYNAMIC - __nx_mod0
    .word __bss_start - __nx_mod0
    .word __bss_end - __nx_mod0
    .word __eh_frame_hdr_start - __nx_mod0
    .word __eh_frame_hdr_end - __nx_mod0
    .word __nx_module_object - __nx_mod0

    .section .bss.__nx_module_object, "aw", %nobits
    .balign 8
__nx_module_object:
    .space 0x40
