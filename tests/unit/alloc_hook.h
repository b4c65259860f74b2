/*
 * alloc_hook.h — the counters of alloc_hook.c: the engine's allocation
 * calls so far, the one to fail (0: none), and the blocks still held.
 */
#ifndef ALLOC_HOOK_H
#define ALLOC_HOOK_H

#include <stdatomic.h>

extern atomic_long alloc_calls, alloc_fail_at, alloc_held;

#endif
