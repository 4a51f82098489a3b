// Acquire, release and seq_cst accesses and fences, which clang-22 compiles and clang-19 does not.
extern "C" __attribute__((device)) __attribute__((noinline)) void P0(int* x, int* y, int* opcheck_out_r0) {
  int r0 = 0;
  __scoped_atomic_store_n(x, 1, __ATOMIC_RELEASE, __MEMORY_SCOPE_WRKGRP);
  __scoped_atomic_thread_fence(__ATOMIC_SEQ_CST, __MEMORY_SCOPE_DEVICE);
  r0 = __scoped_atomic_load_n(y, __ATOMIC_SEQ_CST, __MEMORY_SCOPE_DEVICE);
  { int opcheck_expected = 0; __scoped_atomic_compare_exchange_n(x, &opcheck_expected, 2, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE, __MEMORY_SCOPE_SYSTEM); r0 = opcheck_expected; }
  *opcheck_out_r0 = r0;
}
