#pragma once

// Between the runtime's own files.

#include "svc.h"

void __nx_set_up_thread_local_storage(char* block);
void __nx_set_thread_handle(Handle handle);
