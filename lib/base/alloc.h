/*
 * base/alloc.h — a test hook on every allocation of the engine.
 *
 * Built with -DXCC_ALLOC_TEST (tests/unit/check_oom.c is), the engine's
 * malloc, calloc, realloc, posix_memalign and mmap go through functions
 * the test defines (tests/unit/alloc_hook.c), which can fail the n-th
 * call, and so do free and munmap, so that the test can count what is
 * still held. The test then checks (also under AddressSanitizer) that
 * every path that runs out of memory says so and frees what it took. In
 * every other build this header only includes <stdlib.h>.
 */
#ifndef XCC_ALLOC_H
#define XCC_ALLOC_H

#include <stdlib.h>

#ifdef XCC_ALLOC_TEST
#include <sys/mman.h>
#include <sys/types.h>

void *xcc_test_malloc(size_t n);
void *xcc_test_calloc(size_t n, size_t size);
void *xcc_test_realloc(void *q, size_t n);
int xcc_test_posix_memalign(void **q, size_t align, size_t n);
void *xcc_test_mmap(void *addr, size_t n, int prot, int flags, int fd, off_t off);
void xcc_test_free(void *q);
int xcc_test_munmap(void *q, size_t n);

#define malloc(n) xcc_test_malloc(n)
#define calloc(n, size) xcc_test_calloc(n, size)
#define realloc(q, n) xcc_test_realloc(q, n)
#define posix_memalign(q, align, n) xcc_test_posix_memalign(q, align, n)
#define mmap(...) xcc_test_mmap(__VA_ARGS__)
#define free(q) xcc_test_free(q)
#define munmap(q, n) xcc_test_munmap(q, n)
#endif

#endif
