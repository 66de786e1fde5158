// What the toolchain lacks for wasm32: 128-bit
// multiplication, which the GeoJSON reader's and writer's correctly rounded numbers use
// (Eisel–Lemire, Ryū). `make wasm` compiles it with the toolchain's clang.
typedef unsigned long long u64;
typedef __int128 i128;
typedef unsigned __int128 u128;

i128 __multi3(i128 a, i128 b) {
  u128 x = (u128)a, y = (u128)b;
  u64 x0 = (u64)x, x1 = (u64)(x >> 64), y0 = (u64)y, y1 = (u64)(y >> 64);
  // The low 64 × 64 → 128 product from 32-bit halves; the cross terms only reach the high half.
  u64 a0 = x0 & 0xffffffffu, a1 = x0 >> 32, b0 = y0 & 0xffffffffu, b1 = y0 >> 32;
  u64 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  u64 middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  u64 low = (middle << 32) | (p00 & 0xffffffffu);
  u64 high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + x1 * y0 + x0 * y1;
  return (i128)(((u128)high << 64) | low);
}

// The standard library's fallback for `Double(String)` when its fast path declines: parse with the C
// library's strtod (wasi-libc's is locale-free, as the name asks), returning where parsing stopped.
double strtod(const char *text, char **end);

const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
  char *end = 0;
  *result = strtod(text, &end);
  return end;
}

// wasi-libc's assert reports through fprintf, which would link printf's machinery (about 12 KB) for
// messages nobody reads in a page: a failed assertion (none is expected) traps instead.
_Noreturn void __assert_fail(const char *expression, const char *file, int line, const char *function) {
  (void)expression, (void)file, (void)line, (void)function;
  __builtin_trap();
}
