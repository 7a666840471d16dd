// Networks as text: saving and loading weights, and every kind of bad file.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "error.hpp"
#include "nn/network.hpp"
#include "nn/weights_json.hpp"

using namespace attn;
using namespace attn::nn;
using json = nlohmann::json;

namespace {

std::string message_of(const std::string& text) {
    try {
        load_weights_json(text);
    } catch (const ParamError& e) {
        CHECK(e.param() == "weights");
        return e.what();
    }
    return "loaded";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("weights json: saving then loading gives back every weight exactly") {
    for (const std::string& name : network_names()) {
        Rng rng(3);
        auto net = make_network<float>(name, rng);
        auto back = load_weights_json(save_weights_json(*net));
        REQUIRE(back->name() == name);
        for (std::size_t i = 0; i < net->params().size(); ++i)
            CHECK(back->params()[i]->value == net->params()[i]->value);
    }
}

TEST_CASE("weights json: a bad file is rejected with a message that says what is wrong") {
    Rng rng(4);
    auto net = make_network<float>("lookup", rng);
    const json good = json::parse(save_weights_json(*net));

    CHECK(contains(message_of("{not json"), "not valid JSON"));
    CHECK(contains(message_of("[1, 2]"), "one JSON object"));

    json j = good;
    j["format"] = "pickle";
    CHECK(contains(message_of(j.dump()), "format"));

    j = good;
    j["model"] = "gpt";
    CHECK(contains(message_of(j.dump()), "unknown model"));

    j = good;
    j["parameters"].erase(j["parameters"].begin() + 2);
    CHECK(contains(message_of(j.dump()), "is missing"));

    j = good;
    j["parameters"].push_back({{"name", "extra.weight"}, {"shape", {1}}, {"values", {0.0}}});
    CHECK(contains(message_of(j.dump()), "not a tensor of lookup"));

    j = good;
    j["parameters"].push_back(good["parameters"][0]);
    CHECK(contains(message_of(j.dump()), "appears twice"));

    j = good;
    j["parameters"][0]["shape"] = {10, 16};
    CHECK(contains(message_of(j.dump()), "has shape [10, 16] but lookup needs [16, 10]"));

    j = good;
    j["parameters"][1]["values"].erase(j["parameters"][1]["values"].begin());
    CHECK(contains(message_of(j.dump()), "has 15 values"));

    j = good;
    j["parameters"][1]["values"][3] = "0.5";
    CHECK(contains(message_of(j.dump()), "is not a number"));

    j = good;
    j["parameters"][1]["values"][3] = 1e300;
    CHECK(contains(message_of(j.dump()), "not a finite float"));

    j = good;
    j["comment"] = "hello";
    CHECK(contains(message_of(j.dump()), "unexpected field"));

    CHECK(message_of(good.dump()) == "loaded");
}
