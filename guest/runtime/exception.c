// The C side of exception delivery: the program's handler, if it set one.

#include "exception.h"

static ExceptionHandler g_handler;

void nx_set_exception_handler(ExceptionHandler handler) {
    g_handler = handler;
}

// Called by __nx_exception_entry (exception.S) on the exception stack.
Result __nx_handle_exception(uint32_t type, ExceptionInfo* info);
Result __nx_handle_exception(uint32_t type, ExceptionInfo* info) {
    // 0xf801: what libnx answers when it does not handle an exception.
    return g_handler ? g_handler(type, info) : 0xf801;
}
