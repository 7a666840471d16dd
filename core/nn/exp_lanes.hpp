#pragma once
// exp of four floats at once, with the bits of WebAssembly's std::exp.
//
// Why: in WebAssembly std::exp(float) is musl's expf, a call per number; a
// softmax takes one per weight, 13 % of the language model's training step. Here
// the same algorithm (Arm's optimized-routines expf, which musl compiles: x N/ln2
// = k + r, 2^(k/N) from a table of 32, a cubic in r, all in double) runs on the
// four lanes, operation for operation and without fused multiply-adds, so each
// lane rounds as the call does. An input musl sends elsewhere (|x| >= 88, inf,
// NaN) takes the call itself. Natively std::exp is another library's (glibc's),
// so there every lane keeps calling it: each build keeps its own bits.
#include <cmath>
#include <cstdint>
#include <cstring>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace attn::nn::lanes {

using Float4 = float __attribute__((vector_size(16)));

#if defined(__wasm_simd128__)
namespace exp_detail {
using Double2 = double __attribute__((vector_size(16)));
using Bits2 = std::uint64_t __attribute__((vector_size(16)));

// musl's __exp2f_data (src/math/exp2f_data.c, EXP2F_TABLE_BITS 5, Copyright (c) 2017-2018 Arm Limited, MIT):
// tab[i] = bits of 2^(i/32) - (i << 47).
constexpr std::uint64_t kTable[32] = {
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f, 0x3fef9301d0125b51, 0x3fef72b83c7d517b,
    0x3fef54873168b9aa, 0x3fef387a6e756238, 0x3fef1e9df51fdee1, 0x3fef06fe0a31b715, 0x3feef1a7373aa9cb,
    0x3feedea64c123422, 0x3feece086061892d, 0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429,
    0x3feea47eb03a5585, 0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74, 0x3feea11473eb0187, 0x3feea589994cce13,
    0x3feeace5422aa0db, 0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d, 0x3feee89f995ad3ad,
    0x3feeff76f2fb5e47, 0x3fef199bdd85529c, 0x3fef3720dcef9069, 0x3fef5818dcfba487, 0x3fef7c97337b9b5f,
    0x3fefa4afa2a490da, 0x3fefd0765b6e4540,
};
constexpr double kShift = 0x1.8p+52;
constexpr double kInvLn2N = 0x1.71547652b82fep+0 * 32;
constexpr double kC0 = 0x1.c6af84b912394p-5 / 32 / 32 / 32, kC1 = 0x1.ebfce50fac4f3p-3 / 32 / 32,
                 kC2 = 0x1.62e42ff0c52d6p-1 / 32;

// expf's main path on two lanes (inputs below 88 in magnitude).
inline Double2 exp2_lanes(Double2 xd) {
    const Double2 z = kInvLn2N * xd;
    Double2 kd = z + kShift;
    Bits2 ki;
    std::memcpy(&ki, &kd, sizeof ki);
    kd -= kShift;
    const Double2 r = z - kd;
    Bits2 t = {kTable[ki[0] % 32], kTable[ki[1] % 32]};
    t += ki << 47;
    Double2 s;
    std::memcpy(&s, &t, sizeof s);
    const Double2 zc = kC0 * r + kC1;
    const Double2 r2 = r * r;
    Double2 y = kC2 * r + 1;
    y = zc * r2 + y;
    return y * s;
}
}  // namespace exp_detail
#endif

// {std::exp(x[0]), ..., std::exp(x[3])}, to the bit.
inline Float4 exp4(Float4 x) {
#if defined(__wasm_simd128__)
    using namespace exp_detail;
    // musl's test, on all four lanes at once: the top 12 bits of |x| below those of 88.0f
    const v128_t v = (v128_t)x;
    const v128_t top = wasm_v128_and(wasm_u32x4_shr(v, 20), wasm_i32x4_splat(0x7ff));
    if (wasm_i32x4_all_true(wasm_u32x4_lt(top, wasm_i32x4_splat(0x42b00000u >> 20)))) {
        // float -> double and back by the vector conversions, which round as the scalar casts do
        const Double2 lo = exp2_lanes((Double2)wasm_f64x2_promote_low_f32x4(v));
        const Double2 hi = exp2_lanes((Double2)wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(v, v, 2, 3, 2, 3)));
        return (Float4)wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero((v128_t)lo),
                                          wasm_f32x4_demote_f64x2_zero((v128_t)hi), 0, 1, 4, 5);
    }
#endif
    return Float4{std::exp(x[0]), std::exp(x[1]), std::exp(x[2]), std::exp(x[3])};
}

}  // namespace attn::nn::lanes
