// Loads the pretrained networks before any test runs, so every demo the
// registry holds can run in this process (test_demo_api.cpp runs them all).
#include "support/pretrained.hpp"

#define CATCH_CONFIG_EXTERNAL_INTERFACES  // TestEventListenerBase
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "models/model_store.hpp"
#include "nn/network_table.hpp"

namespace table_test {

std::string weights_path(const std::string& slot) {
    const auto slash = slot.find('/');
    const attn::nn::NetworkEntry* entry = attn::nn::find_network(slot.substr(slash + 1));
    const attn::nn::LessonTraining* t = entry ? entry->training_for(slot.substr(0, slash)) : nullptr;
    if (!t || t->weights.empty()) throw std::runtime_error("the network table ships no weights for " + slot);
    return std::string(ATTN_SOURCE_DIR) + "/" + t->weights;
}

std::vector<std::string> shipped_slots() {
    std::vector<std::string> slots;
    for (const attn::nn::NetworkEntry& e : attn::nn::network_table())
        for (const attn::nn::LessonTraining& t : e.trained)
            if (!t.weights.empty()) slots.push_back(t.task + "/" + e.name);
    return slots;
}

std::string weights_text(const std::string& slot) {
    std::ifstream in(weights_path(slot), std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + weights_path(slot));
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

nlohmann::json weights_doc(const std::string& slot) { return nlohmann::json::parse(weights_text(slot)); }

nlohmann::json summary_doc(const std::string& slot) {
    const nlohmann::json weights = weights_doc(slot);
    std::size_t parameters = 0;
    for (const nlohmann::json& tensor : weights["parameters"]) parameters += tensor["values"].size();
    return {{"format", "attn-nn-summary"}, {"version", 1},           {"model", weights["model"]},
            {"parameters", parameters},    {"misses", weights["misses"]}, {"training", weights["training"]}};
}

void load_pretrained() {
    for (const std::string& slot : shipped_slots()) attn::models::model_store().store(slot, weights_text(slot));
}

namespace {

struct LoadPretrained : Catch::TestEventListenerBase {
    using TestEventListenerBase::TestEventListenerBase;
    void testRunStarting(Catch::TestRunInfo const&) override { load_pretrained(); }
};

}  // namespace

CATCH_REGISTER_LISTENER(LoadPretrained)

}  // namespace table_test
