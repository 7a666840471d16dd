// The WebAssembly SIMD peak of this machine for the language model's arithmetic: float multiplies and
// adds kept apart (the builds pass -ffp-contract=off, and WebAssembly SIMD has no fused multiply-add),
// four lanes each, with enough independent chains that no add waits for the one before. Prints one JSON
// line: floating-point operations per second of processor time on one thread (processor time, as the
// language model's figures are, so that other work on the machine does not lower it). scripts/bench_lm.sh compiles it with em++ and
// divides the language model's training rate by it.
#include <cstdio>
#include <emscripten.h>
#include <wasm_simd128.h>

// Node's processor time of this process in seconds (the C library's clocks are wall clocks under Emscripten).
EM_JS(double, cpu_seconds, (), { const used = process.cpuUsage(); return (used.user + used.system) / 1e6; });

constexpr int kChains = 12;
constexpr long kRoundsPerCall = 1'000'000;

// One call: kRoundsPerCall rounds of a multiply and an add on every chain. It is a function of its own,
// called many times, because V8 compiles a WebAssembly function with its optimising tier only from a
// later call: a loop run once inside main() stays in the baseline code, at a third of the speed.
__attribute__((noinline)) void rounds(v128_t* acc) {
    const v128_t scale = wasm_f32x4_splat(0.999999f), step = wasm_f32x4_splat(1e-7f);
    v128_t a[kChains];
    for (int c = 0; c < kChains; ++c) a[c] = acc[c];
    for (long r = 0; r < kRoundsPerCall; ++r)
        for (int c = 0; c < kChains; ++c) a[c] = wasm_f32x4_add(wasm_f32x4_mul(a[c], scale), step);
    for (int c = 0; c < kChains; ++c) acc[c] = a[c];
}

int main() {
    constexpr int kWarmUp = 20, kCalls = 100;
    v128_t acc[kChains];
    for (int c = 0; c < kChains; ++c) acc[c] = wasm_f32x4_splat(0.001f * static_cast<float>(c));
    for (int i = 0; i < kWarmUp; ++i) rounds(acc);
    const double start = cpu_seconds();
    for (int i = 0; i < kCalls; ++i) rounds(acc);
    const double seconds = cpu_seconds() - start;
    float sink = 0;
    for (int c = 0; c < kChains; ++c) sink += wasm_f32x4_extract_lane(acc[c], 0);
    const double flops = 2.0 * 4 * kChains * static_cast<double>(kRoundsPerCall) * kCalls;  // a multiply and an add, 4 lanes
    std::printf("{\"implementation\":\"wasm-simd-peak\",\"flops_per_second\":%.4g,\"seconds\":%.3f,\"sink\":%g}\n",
                flops / seconds, seconds, static_cast<double>(sink));
}
