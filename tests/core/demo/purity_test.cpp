// A demo is a pure function of its parameters and the networks it is handed
// (core/demo/demo.hpp): the same inputs give the same result, and no demo changes
// a network's weights, whatever it is asked.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "demo/demo.hpp"
#include "models/model_store.hpp"
#include "demo/params.hpp"
#include "support/pretrained.hpp"

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
json answer_of(const attn::Demo& demo, const json& input, const attn::models::ModelStore& models = attn::models::model_store()) {
    try {
        return demo.compute(attn::validate_params(demo.params, input), models);
    } catch (const std::exception& e) {
        return json{{"refused", e.what()}};
    }
}

}  // namespace

TEST_CASE("demos: a result depends only on the parameters and the networks handed in, not on what ran before") {
    // First every demo at every setting in the registry's order with the module's
    // store; then in the reverse order, each after all the others, with the same
    // networks in a store of their own and the module's store empty. A demo that
    // kept state between calls, or read a network it was not handed, answers
    // differently the second time.
    attn::models::model_store().clear();
    table_test::load_pretrained();  // the shipped networks alone, whatever an earlier test left
    std::vector<std::pair<const attn::Demo*, json>> runs;
    for (const attn::Demo& demo : attn::all_demos())
        for (const json& input : settings_of(demo)) runs.emplace_back(&demo, input);
    std::vector<json> first;
    for (const auto& [demo, input] : runs) first.push_back(answer_of(*demo, input));

    attn::models::ModelStore own;
    for (const std::string& slot : table_test::shipped_slots()) own.store(slot, table_test::weights_text(slot));
    attn::models::model_store().clear();
    for (std::size_t i = runs.size(); i-- > 0;) {
        INFO(runs[i].first->id << " " << runs[i].second.dump());
        CHECK(answer_of(*runs[i].first, runs[i].second, own) == first[i]);
    }
    table_test::load_pretrained();
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
