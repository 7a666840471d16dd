// libFuzzer target: the weights and summary loaders. Input: "<slot>\n<file text>";
// a slot line starting with "summary " loads a summary for the slot that follows.
// After a weights file loads, a table demo runs on it: its answer must stay finite.
#include <cstdint>

#include "api/demos.hpp"
#include "fuzz_support.hpp"
#include "models/model_store.hpp"
#include "api/models.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto [slot, text] = attn_fuzz::head_and_body(data, size);
    const bool summary = slot.rfind("summary ", 0) == 0;
    if (summary) slot = slot.substr(8);
    const std::string answer = summary ? attn::load_model_summary_json(slot, text) : attn::load_model_json(slot, text);
    const attn_fuzz::json j = attn_fuzz::check_answer(answer, slot + "\n" + text);
    if (j["ok"] == true && !summary && slot == "find/lookup") {
        const std::string lab = attn::run_demo_json("table_lab", "{}");
        const attn_fuzz::json out = attn_fuzz::check_answer(lab);
        if (out["ok"] == true) attn_fuzz::check_finite_result(out, lab);
    }
    attn::models::model_store().clear();  // each input starts from an empty store
    return 0;
}
