// What the CPU this process runs on can execute, for choosing a kernel build at run time.
#ifndef CARDMAP_CPU_FEATURES_H
#define CARDMAP_CPU_FEATURES_H

/// 2 when the CPU and OS run AVX-512 F, CD, BW, DQ and VL (Skylake-AVX512 and later, Zen 4), 1 when
/// they run AVX2 and FMA (Haswell and later, Zen), else 0 (and always 0 off x86-64).
int cardmap_cpu_level(void);

#endif
