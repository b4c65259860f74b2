/*
 * alloc_hook.c — the allocator of the engine as check_oom builds it
 * (lib/base/alloc.h): the libc's, except that call number fail_at
 * fails, counting the calls and what is still held.
 */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "alloc_hook.h"

atomic_long alloc_calls, alloc_fail_at, alloc_held;

/* Whether this call fails. */
static int fails(void)
{
    return atomic_fetch_add(&alloc_calls, 1) + 1 == atomic_load(&alloc_fail_at);
}

static void *held(void *q)
{
    if (q)
        atomic_fetch_add(&alloc_held, 1);
    return q;
}

void *xcc_test_malloc(size_t n)
{
    return fails() ? NULL : held(malloc(n));
}

void *xcc_test_calloc(size_t n, size_t size)
{
    return fails() ? NULL : held(calloc(n, size));
}

void *xcc_test_realloc(void *q, size_t n)
{
    if (fails())
        return NULL;
    void *r = realloc(q, n);
    return q ? r : held(r);
}

int xcc_test_posix_memalign(void **q, size_t align, size_t n)
{
    if (fails())
        return ENOMEM;
    int err = posix_memalign(q, align, n);
    if (!err)
        held(*q);
    return err;
}

void *xcc_test_mmap(void *addr, size_t n, int prot, int flags, int fd, off_t off)
{
    if (fails())
        return MAP_FAILED;
    void *q = mmap(addr, n, prot, flags, fd, off);
    return q == MAP_FAILED ? q : held(q);
}

void xcc_test_free(void *q)
{
    if (q)
        atomic_fetch_sub(&alloc_held, 1);
    free(q);
}

int xcc_test_munmap(void *q, size_t n)
{
    atomic_fetch_sub(&alloc_held, 1);
    return munmap(q, n);
}
