#pragma once

// The demo's picture: one frame drawn by the CPU and presented through vi, as libnx's
// framebuffer does it (nvdrv's nvmap holds the buffer, vi's binder queues it).

#include <stdint.h>

// Presents a 1280x720 test card; 0 on success, else the failing step's result.
uint32_t ShowDemoFrame(void);
