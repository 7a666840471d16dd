// libFuzzer target: the training calls. Input: the settings JSON for trainStart;
// when it starts, a few steps and (for the small networks) a share of the misses and the result, then a
// refused trainAdvance.
#include <cstdint>

#include "fuzz_support.hpp"
#include "api/training.hpp"

namespace {

constexpr double kStepsPerInput = 2;  // bounded work per input: a step of Plain-256 is ~1 ms natively
// train_result_json measures misses on 4,000 scenes: for the transformers that took 14 s
// under the sanitizers on a busy machine, so only the small networks' results are fetched.
constexpr long kMaxParametersForResult = 5000;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string settings(reinterpret_cast<const char*>(data), size);
    const attn_fuzz::json started = attn_fuzz::check_answer(attn::train_start_json(settings), settings);
    const std::string advanced = attn::train_advance_json(kStepsPerInput);
    const attn_fuzz::json progress = attn_fuzz::check_answer(advanced);
    if (started["ok"] != progress["ok"]) attn_fuzz::broken("advance answers as its start did", advanced);
    if (started["ok"] == true && started["parameters"].get<long>() <= kMaxParametersForResult) {
        // A worker's share of the misses (some shares refused: 0 shares, or a share past them), then the result.
        attn_fuzz::check_answer(attn::train_misses_json(static_cast<double>(size % 3), size ? data[0] % 5 : 0));
        const std::string result = attn::train_result_json();
        const attn_fuzz::json r = attn_fuzz::check_answer(result);
        if (r["ok"] != true || !r["misses"]["4"].is_number()) attn_fuzz::broken("a started training has a result", result);
    }
    attn_fuzz::check_answer(attn::train_advance_json(-static_cast<double>(size)));  // refused, never UB
    return 0;
}
