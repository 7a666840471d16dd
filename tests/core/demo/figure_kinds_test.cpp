// A demo's result keeps its parts apart (core/demo/result.hpp): every figure is of a kind declared in
// core/demo/figure_kinds.json with the fields declared there (the page draws from the same file), numbers
// are numbers, and the words the lesson quotes are in `texts`. Checked on every demo, at its preset and at
// random valid settings, with the table lesson's networks loaded so its pictures are drawn too.
#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <set>
#include <string>
#include <type_traits>
#include <utility>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"
#include "demo/result.hpp"
#include "support/pretrained.hpp"
#include "support/random_params.hpp"

using json = nlohmann::json;

namespace {

constexpr int kRandomSetsPerDemo = 8;       // the preset and a few others: each kind appears at many
constexpr std::uint64_t kSeed = 20261202;   // fixed, so a failure repeats

json declared_kinds() {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/core/demo/figure_kinds.json");
    REQUIRE(in.good());
    return json::parse(in)["kinds"];
}

std::string type_of(const json& j) {
    if (j.is_array()) return "array";
    if (j.is_object()) return "object";
    if (j.is_string()) return "string";
    if (j.is_number()) return "number";
    if (j.is_boolean()) return "boolean";
    return "null";
}

bool holds_string(const json& j) {
    if (j.is_string()) return true;
    if (j.is_structured())
        for (const auto& inner : j) if (holds_string(inner)) return true;
    return false;
}

// Checks one answer's parts; returns the figure kinds it drew.
std::set<std::string> check_parts(const json& result, const json& kinds) {
    std::set<std::string> drawn;
    for (const json& figure : result["figures"]) {
        const std::string kind = figure.value("kind", "");
        INFO("figure " << figure.dump().substr(0, 200));
        REQUIRE(kinds.contains(kind));
        for (const auto& [field, type] : kinds[kind].items()) {
            INFO(kind << "." << field);
            CHECK(type_of(figure.value(field, json())) == type.get<std::string>());
        }
        drawn.insert(kind);
    }
    for (const auto& [name, value] : result["numbers"].items()) {
        INFO("numbers." << name << " = " << value.dump().substr(0, 80));
        CHECK_FALSE(holds_string(value));
    }
    for (const auto& [name, value] : result["texts"].items()) {
        INFO("texts." << name);
        CHECK(value.is_string());
    }
    return drawn;
}

// Whether `to_json` can be called on a result that is not being given up (it must not: it moves the JSON out).
template <typename R, typename = void>
struct lvalue_to_json : std::false_type {};
template <typename R>
struct lvalue_to_json<R, std::void_t<decltype(std::declval<R&>().to_json())>> : std::true_type {};

}  // namespace

TEST_CASE("every demo: each figure is of a declared kind with its declared fields, numbers hold no words, texts only words") {
    table_test::load_pretrained();
    const json kinds = declared_kinds();
    std::mt19937_64 rng(kSeed);
    std::set<std::string> drawn;
    for (const json& demo : json::parse(attn::list_demos_json())) {
        const std::string id = demo["id"];
        for (int k = 0; k <= kRandomSetsPerDemo; ++k) {
            json params = json::object();
            if (k > 0)
                for (const json& d : demo["params"]) params[d["name"].get<std::string>()] = attn::test::random_value(d, rng);
            const json out = json::parse(attn::run_demo_json(id, params.dump()));
            INFO("demo " << id << " " << params.dump());
            if (out["ok"] != true) continue;
            for (const std::string& kind : check_parts(out["result"], kinds)) drawn.insert(kind);
        }
    }
    // Every declared kind is one some demo draws: the declaration lists no picture that is gone.
    for (const auto& [kind, fields] : kinds.items()) {
        INFO("declared kind " << kind);
        CHECK(drawn.count(kind) == 1);
    }
}

TEST_CASE("Result: to_json hands the JSON over only from a result being given up, so none is read empty") {
    static_assert(!lvalue_to_json<attn::Result>::value, "to_json on a named result would leave it empty");
    attn::Result r;
    r.number("x", 1.5).text("x_text", "one and a half");
    const json j = std::move(r).to_json();
    CHECK(j["numbers"]["x"] == 1.5);
    CHECK(j["texts"]["x_text"] == "one and a half");
}
