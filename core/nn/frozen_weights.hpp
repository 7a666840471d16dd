#pragma once
// A promise that no parameter value changes for a while: the parts of one
// training step's gradient (Trainer::gradient_of_parts), where the weights change
// only at the optimiser's step after it. While a FrozenWeights lives, a layer may
// keep what it derives from its weights (Linear's transposed weight) from one
// forward to the next instead of deriving it again at every forward.
//
// Each scope has a number of its own (never 0, never reused), so what a layer kept
// in an earlier scope is never taken for this one's; outside every scope the
// number is 0 and layers derive afresh each time (the demos, the gradient checks,
// loading weights). One scope at a time per thread; each worker is one thread.
#include <cstdint>

namespace attn::nn {

class FrozenWeights {
public:
    FrozenWeights() { scope() = ++last(); }
    ~FrozenWeights() { scope() = 0; }
    FrozenWeights(const FrozenWeights&) = delete;
    FrozenWeights& operator=(const FrozenWeights&) = delete;

    // The number of the scope alive on this thread, or 0.
    static std::uint64_t current() { return scope(); }

private:
    static std::uint64_t& scope() {
        thread_local std::uint64_t number = 0;
        return number;
    }
    static std::uint64_t& last() {
        thread_local std::uint64_t number = 0;
        return number;
    }
};

// What a layer derives from its weights, with the scope it was derived in.
// fresh(): derived in the scope alive now, so still right.
struct DerivedWeights {
    std::uint64_t scope = 0;
    bool fresh() const { return scope != 0 && scope == FrozenWeights::current(); }
    void made() { scope = FrozenWeights::current(); }
};

}  // namespace attn::nn
