// Networks as text: saving and loading weights, and every kind of bad file.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <tuple>
#include <vector>

#include "base/error.hpp"
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
    CHECK(contains(message_of(j.dump()), "at most 1000000 in size"));

    j = good;
    j["comment"] = "hello";
    CHECK(contains(message_of(j.dump()), "unexpected field"));

    CHECK(message_of(good.dump()) == "loaded");
}

namespace {

// The lookup network's file with one tensor's field replaced by `raw` text (which may not be writable by nlohmann).
std::string lookup_file_with(const std::string& field, const std::string& raw) {
    Rng rng(4);
    json j = json::parse(save_weights_json(*make_network<float>("lookup", rng)));
    j["parameters"][0][field] = "@@";
    std::string text = j.dump();
    text.replace(text.find("\"@@\""), 4, raw);
    return text;
}

// No message may show nlohmann's own exception text.
void check_plain(const std::string& message) {
    INFO(message);
    CHECK_FALSE(contains(message, "json.exception"));
    CHECK_FALSE(contains(message, "[json"));
}

}  // namespace

TEST_CASE("weights json: a shape that is not whole numbers within bounds is refused, never truncated") {
    for (const std::string shape : {"[1e30, 10]", "[16.5, 10]", "[4294967312, 10]", "[-16, 10]", "[0, 10]", "[\"16\", 10]"}) {
        const std::string message = message_of(lookup_file_with("shape", shape));
        INFO("shape " << shape << ": " << message);
        CHECK(contains(message, "needs a \"shape\" list of whole numbers from 1 to 65536"));
        check_plain(message);
    }
    CHECK(message_of(lookup_file_with("shape", "[16.0, 10]")) == "loaded");  // whole, written as a float
}

TEST_CASE("weights json: a number too large for a double is one plain sentence") {
    std::string values = "[1e400";
    for (int i = 1; i < 160; ++i) values += ", 0";
    const std::string message = message_of(lookup_file_with("values", values + "]"));
    CHECK(contains(message, "too large for a double"));
    check_plain(message);
}

TEST_CASE("weights json: a format, version or model of another type says what was expected and found") {
    Rng rng(4);
    const json good = json::parse(save_weights_json(*make_network<float>("lookup", rng)));
    for (const auto& [field, value, expected] : std::vector<std::tuple<std::string, json, std::string>>{
             {"format", 7, "\"format\" must be \"attn-nn-weights\", but the file has 7"},
             {"format", json::array(), "\"format\" must be \"attn-nn-weights\", but the file has []"},
             {"model", 3.5, "\"model\" must be the name of a network, but the file has 3.5"},
             {"version", "1", "\"version\" must be 1, but the file has \"1\""}}) {
        json j = good;
        j[field] = value;
        const std::string message = message_of(j.dump());
        INFO(message);
        CHECK(contains(message, expected));
        check_plain(message);
    }
}

TEST_CASE("weights json: finite but huge weights are refused at the declared magnitude") {
    Rng rng(4);
    const json good = json::parse(save_weights_json(*make_network<float>("lookup", rng)));
    json j = good;
    for (json& p : j["parameters"])
        for (json& v : p["values"]) v = 3e38;
    CHECK(contains(message_of(j.dump()), "at most 1000000 in size"));
    j = good;
    j["parameters"][0]["values"][0] = -kMaxWeightMagnitude;  // the bound itself loads
    CHECK(message_of(j.dump()) == "loaded");
    j["parameters"][0]["values"][0] = std::nextafter(kMaxWeightMagnitude, 2 * kMaxWeightMagnitude);
    CHECK(contains(message_of(j.dump()), "value 0 is"));
}

TEST_CASE("weights json: a file nested deeper than the limit is refused before it is parsed") {
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');  // overflowed the stack before
    const std::string message = message_of(lookup_file_with("values", deep));
    CHECK(contains(message, "more than 64 levels deep"));
    CHECK(contains(message_of(std::string(5 * 1024 * 1024, ' ')), "too large"));
}
