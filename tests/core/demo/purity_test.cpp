// A demo is a pure function of its parameters and the networks it is handed
// (core/demo/demo.hpp): the same inputs give the same result, and no demo changes
// a network's weights, whatever it is asked.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "demo/demo.hpp"
#include "models/model_store.hpp"
#include "demo/params.hpp"

using json = nlohmann::json;

namespace {

// Every parameter of a demo at its default, and at each finite bound of a number.
std::vector<json> settings_of(const attn::Demo& demo) {
    std::vector<json> out = {json::object()};
    for (const attn::ParamSpec& s : demo.params) {
        if (s.type != attn::ParamType::Number && s.type != attn::ParamType::Integer) continue;
        for (double bound : {s.min, s.max})
            if (std::isfinite(bound)) out.push_back({{s.name, bound}});
    }
    return out;
}

// Every weight of every loaded network, in order.
std::vector<float> all_weights(const attn::models::ModelStore& store) {
    std::vector<float> out;
    for (const std::string& slot : store.slots())
        for (const auto* p : store.find(slot)->net->params())
            out.insert(out.end(), p->value.data(), p->value.data() + p->value.size());
    return out;
}

// The result, or the refusal's message: both must repeat.
json answer_of(const attn::Demo& demo, const json& input) {
    try {
        return demo.compute(attn::validate_params(demo.params, input), attn::models::model_store());
    } catch (const std::exception& e) {
        return json{{"refused", e.what()}};
    }
}

}  // namespace

TEST_CASE("demos: the same parameters and networks give the same result, twice over") {
    for (const attn::Demo& demo : attn::all_demos()) {
        for (const json& input : settings_of(demo)) {
            INFO(demo.id << " " << input.dump());
            CHECK(answer_of(demo, input) == answer_of(demo, input));
        }
    }
}

TEST_CASE("demos: no demo changes a loaded network's weights") {
    const std::vector<float> before = all_weights(attn::models::model_store());
    REQUIRE_FALSE(before.empty());  // the pretrained networks are loaded for the suite (tests/core/support/pretrained.cpp)
    for (const attn::Demo& demo : attn::all_demos())
        for (const json& input : settings_of(demo)) answer_of(demo, input);
    CHECK(all_weights(attn::models::model_store()) == before);
}

TEST_CASE("demos: a parameter follows only parameters its demo declares, and a picture's parameter allows its default") {
    for (const attn::Demo& demo : attn::all_demos()) {
        for (const attn::ParamSpec& s : demo.params) {
            for (const std::string& leader : s.follows) {
                INFO(demo.id << "." << s.name << " follows " << leader);
                bool declared = false;
                for (const attn::ParamSpec& other : demo.params) declared = declared || (other.name == leader && leader != s.name);
                CHECK(declared);
            }
            if (s.set_by_picture) CHECK_NOTHROW(attn::validate_params(demo.params, {{s.name, s.default_value}}));
        }
    }
}
