// Two litmus threads as opcheck writes them for a compiler (compile/ClangCompiler.h).
extern "C" __attribute__((device)) __attribute__((noinline)) void P0(int* x, int* y, int* opcheck_out_r0) {
  int r0 = 0;
  *x = 1;
  r0 = __scoped_atomic_exchange_n(y, 2, __ATOMIC_SEQ_CST, __MEMORY_SCOPE_DEVICE);
  *opcheck_out_r0 = r0;
}

extern "C" __attribute__((device)) __attribute__((noinline)) void P1(int* x, int* y, int* opcheck_out_r0, int* opcheck_out_r1) {
  int r0 = 0;
  int r1 = 0;
  r0 = __scoped_atomic_load_n(y, __ATOMIC_RELAXED, __MEMORY_SCOPE_SYSTEM);
  if (r0 != 2) goto opcheck_LC00;
  r1 = *x;
opcheck_LC00:;
  *opcheck_out_r0 = r0;
  *opcheck_out_r1 = r1;
}
