// libFuzzer target: run_demo_json on every demo. Input: "<demo id>\n<parameters JSON>";
// an id that is no demo picks one by its first byte, so every demo is reached.
#include <cstdint>

#include "api/demos.hpp"
#include "demo/demo.hpp"
#include "fuzz_support.hpp"
#include "api/models.hpp"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    attn_fuzz::load_pretrained(&attn::load_model_json);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto [id, params] = attn_fuzz::head_and_body(data, size);
    const auto& demos = attn::all_demos();
    if (!attn::find_demo(id)) id = demos[(id.empty() ? 0 : static_cast<unsigned char>(id[0])) % demos.size()].id;
    const std::string answer = attn::run_demo_json(id, params);
    const attn_fuzz::json j = attn_fuzz::check_answer(answer, params);
    if (j["ok"] == true) attn_fuzz::check_finite_result(j, answer);
    return 0;
}
