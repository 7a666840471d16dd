// The language model's JSON API (core/api/lm.hpp): answers and refusals in the
// shape of every API call, nothing thrown.
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "api/lm.hpp"

using json = nlohmann::json;

namespace {

std::string small_text() {
    std::string text;
    for (int i = 0; i < 30; ++i) text += i % 2 ? "the dog sat on the log.\n" : "the cat sat on the mat.\n";
    return text;
}

const char* kSettings = R"({"layers": 1, "heads": 2, "width": 16, "context": 8, "batch": 4, "steps": 5})";

}  // namespace

TEST_CASE("lm api: a training starts, advances, and answers probabilities that sum to one") {
    const json start = json::parse(attn::lm_start_json(small_text(), kSettings));
    REQUIRE(start["ok"] == true);
    CHECK(start["vocab"] == start["chars"].size());
    CHECK(start["parts"] == 4);
    const json progress = json::parse(attn::lm_advance_json(5));
    CHECK(progress["done"] == true);
    CHECK(progress["step"] == 5);
    const json next = json::parse(attn::lm_next_json(R"({"prompt": "the c"})"));
    double sum = 0;
    for (double p : next["probabilities"]) sum += p;
    CHECK(std::abs(sum - 1.0) < 1e-12);
    const json sample = json::parse(attn::lm_generate_json(R"({"prompt": "the", "count": 10, "seed": 2})"));
    CHECK(sample["ok"] == true);
    CHECK(sample["text"].get<std::string>().size() == 10);
}

TEST_CASE("lm api: each refusal names its setting and leaves no training running") {
    const json bad_width = json::parse(attn::lm_start_json(small_text(), R"({"width": 1000})"));
    CHECK(bad_width["ok"] == false);
    CHECK(bad_width["error"]["param"] == "width");
    const json after = json::parse(attn::lm_advance_json(1));
    CHECK(after["error"]["message"] == "no language model has been trained yet");
    CHECK(json::parse(attn::lm_start_json(small_text(), R"({"widht": 16})"))["error"]["param"] == "widht");
    CHECK(json::parse(attn::lm_start_json(small_text(), R"({"layers": 1.5})"))["error"]["param"] == "layers");
    CHECK(json::parse(attn::lm_start_json(small_text(), "[1, 2]"))["ok"] == false);
    CHECK(json::parse(attn::lm_start_json(std::string("\x89PNG\r\n\x1a\n", 8), kSettings))["error"]["param"] == "text");
    REQUIRE(json::parse(attn::lm_start_json(small_text(), kSettings))["ok"] == true);
    CHECK(json::parse(attn::lm_generate_json(R"({"prompt": "the", "temperature": 0})"))["error"]["param"] ==
          "temperature");
    CHECK(json::parse(attn::lm_next_json(R"({"prompt": "THE"})"))["error"]["param"] == "prompt");
    CHECK(json::parse(attn::lm_parts_gradient_json(0, 1, 2, 0))["ok"] == false);  // parts 1-2: not aligned
}
