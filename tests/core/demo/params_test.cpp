// attn::validate_params against parameter declarations: small hand-made ones,
// then every declaration of every registered demo (so new demos are covered
// without touching this file).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "demo/demo.hpp"
#include "base/error.hpp"
#include "demo/params.hpp"
#include "support/test_helpers.hpp"

using attn::json;
using attn::ParamError;
using attn::validate_params;
using Catch::Matchers::Contains;

namespace {

// The ParamError that validating `input` gives, or a failed check if it gives none.
struct Refusal {
    bool thrown = false;
    std::string param, message;
};

Refusal refusal_of(const std::vector<attn::ParamSpec>& specs, const json& input) {
    Refusal r;
    try {
        validate_params(specs, input);
    } catch (const ParamError& e) {
        r.thrown = true;
        r.param = e.param();
        r.message = e.what();
    }
    return r;
}

std::vector<attn::ParamSpec> example_specs() {
    return {attn::number_param("scale", 10).in(0.01, 100),
            attn::integer_param("tokens", 3).in(1, 12),
            attn::boolean_param("causal", true),
            attn::choice_param("mode", "self", {"self", "cross"}),
            attn::vector_param("scores", {1, 2, 3}).in(-50, 50).length(1, 8),
            attn::matrix_param("X", {{1, 0}, {0, 1}, {1, 1}}).in(-10, 10).length(1, 8).columns(1, 8)};
}

}  // namespace

TEST_CASE("validate_params: missing parameters take their defaults") {
    const attn::Params p = validate_params(example_specs(), json::object());
    CHECK(p.number("scale") == 10);
    CHECK(p.integer("tokens") == 3);
    CHECK(p.boolean("causal") == true);
    CHECK(p.choice("mode") == "self");
    CHECK(p.vector("scores") == std::vector<double>{1, 2, 3});
    const attn::Matrix X = p.matrix("X");
    REQUIRE(X.rows() == 3);
    REQUIRE(X.cols() == 2);
    attn_test::assert_near(X, attn_test::lesson_tokens(), 0.0);
}

TEST_CASE("validate_params: given values are read back") {
    const json input = {{"scale", 0.5}, {"tokens", 7.0}, {"causal", false}, {"mode", "cross"},
                        {"scores", {-1.5, 50}}, {"X", {{1, 2, 3}}}};
    const attn::Params p = validate_params(example_specs(), input);
    CHECK(p.number("scale") == 0.5);
    CHECK(p.integer("tokens") == 7);  // a whole float is a valid integer
    CHECK(p.values()["tokens"].is_number_integer());
    CHECK(p.boolean("causal") == false);
    CHECK(p.choice("mode") == "cross");
    CHECK(p.vector("scores") == std::vector<double>{-1.5, 50});
    const attn::Matrix X = p.matrix("X");
    CHECK(X.rows() == 1);
    CHECK(X.cols() == 3);
    CHECK(X(0, 2) == 3);
}

TEST_CASE("validate_params: reading an undeclared parameter is a programming error") {
    const attn::Params p = validate_params(example_specs(), json::object());
    CHECK_THROWS_AS(p.number("no_such_param"), std::logic_error);
}

TEST_CASE("validate_params: an unknown parameter is named, with the ones the demo takes") {
    const Refusal r = refusal_of(example_specs(), {{"scale", 1}, {"sclae", 1}});
    REQUIRE(r.thrown);
    CHECK(r.param == "sclae");
    CHECK_THAT(r.message, Contains("unknown parameter \"sclae\"") && Contains("scale, tokens, causal, mode, scores, X"));
}

TEST_CASE("validate_params: input that is not an object is a whole-input error") {
    for (const json& input : {json::array(), json(3), json("X"), json(nullptr), json(true), json::array({1, 2})}) {
        INFO("input " << input.dump());
        const Refusal r = refusal_of(example_specs(), input);
        REQUIRE(r.thrown);
        CHECK(r.param.empty());
        CHECK_THAT(r.message, Contains("JSON object"));
    }
}

TEST_CASE("validate_params: a choice outside its list names the choices") {
    const Refusal r = refusal_of(example_specs(), {{"mode", "both"}});
    REQUIRE(r.thrown);
    CHECK(r.param == "mode");
    CHECK_THAT(r.message, Contains("\u201cmode\u201d must be one of \"self\", \"cross\"") && Contains("both"));
}

TEST_CASE("validate_params: a labelled choice outside its list names each value a link may hold, with its menu words") {
    const std::vector<attn::ParamSpec> specs = {
        attn::choice_param("model", "lookup", {"lookup", "plain-16"}).choices_labelled({"Lookup", "plain-16"})};
    const Refusal r = refusal_of(specs, {{"model", "Lookup"}});
    REQUIRE(r.thrown);
    CHECK_THAT(r.message, Contains("must be one of \"lookup\" (Lookup), \"plain-16\" (got \"Lookup\")"));
}

TEST_CASE("validate_params: every invalid value of the example declarations is refused") {
    for (const attn::ParamSpec& spec : example_specs()) {
        for (const attn_test::BadValue& bad : attn_test::bad_values(spec)) {
            INFO("parameter " << spec.name << ", " << bad.what);
            const Refusal r = refusal_of(example_specs(), {{spec.name, bad.value}});
            REQUIRE(r.thrown);
            CHECK(r.param == spec.name);
            CHECK_THAT(r.message, Contains("\u201c" + spec.label + "\u201d"));
            for (const std::string& words : bad.mentions) CHECK_THAT(r.message, Contains(words));
        }
    }
}

TEST_CASE("ParamSpec: to_json carries what the page needs to build the control") {
    const auto specs = example_specs();
    const json scale = specs[0].to_json();
    CHECK(scale["name"] == "scale");
    CHECK(scale["type"] == "number");
    CHECK(scale["default"] == 10);
    CHECK(scale["min"] == 0.01);
    CHECK(scale["max"] == 100);
    CHECK(scale["label"] == "scale");  // label defaults to the name
    CHECK_FALSE(scale.contains("unit"));
    const json causal = specs[2].to_json();
    CHECK(causal["type"] == "boolean");
    CHECK_FALSE(causal.contains("min"));  // no bounds on a boolean
    CHECK(specs[3].to_json()["choices"] == json::array({"self", "cross"}));
    const json scores = specs[4].to_json();
    CHECK(scores["min_len"] == 1);
    CHECK(scores["max_len"] == 8);
    const json X = specs[5].to_json();
    CHECK(X["type"] == "matrix");
    CHECK(X["min_cols"] == 1);
    CHECK(X["max_cols"] == 8);
    CHECK(attn::number_param("unbounded", 0).to_json().contains("min") == false);
    CHECK(attn::number_param("length", 1).measured_in("cm").to_json()["unit"] == "cm");
}

// ---------------------------------------------------------------------------
// Every parameter of every registered demo.

TEST_CASE("demo params: every declared default passes its own validation") {
    for (const attn::Demo& demo : attn::all_demos()) {
        INFO("demo " << demo.id);
        CHECK_NOTHROW(validate_params(demo.params, json::object()));
        for (const attn::ParamSpec& spec : demo.params) {
            INFO("parameter " << spec.name);
            CHECK_NOTHROW(validate_params(demo.params, {{spec.name, spec.default_value}}));
        }
    }
}

TEST_CASE("demo params: every finite bound of a number or integer is accepted") {
    for (const attn::Demo& demo : attn::all_demos())
        for (const attn::ParamSpec& spec : demo.params)
            for (const auto& [what, value] : attn_test::good_values(spec.to_json())) {
                INFO("demo " << demo.id << ", parameter " << spec.name << ", " << what << " " << value.dump());
                CHECK_NOTHROW(validate_params(demo.params, {{spec.name, value}}));
            }
}

TEST_CASE("demo params: every invalid value is refused, naming the parameter and what is allowed") {
    int refusals = 0;
    for (const attn::Demo& demo : attn::all_demos())
        for (const attn::ParamSpec& spec : demo.params)
            for (const attn_test::BadValue& bad : attn_test::bad_values(spec)) {
                INFO("demo " << demo.id << ", parameter " << spec.name << ", " << bad.what);
                const Refusal r = refusal_of(demo.params, {{spec.name, bad.value}});
                REQUIRE(r.thrown);
                CHECK(r.param == spec.name);
                CHECK_THAT(r.message, Contains("\u201c" + spec.label + "\u201d"));
                for (const std::string& words : bad.mentions) CHECK_THAT(r.message, Contains(words));
                ++refusals;
            }
    CHECK(refusals > 0);
}

TEST_CASE("demo params: an unknown parameter is refused by every demo") {
    for (const attn::Demo& demo : attn::all_demos()) {
        INFO("demo " << demo.id);
        const Refusal r = refusal_of(demo.params, {{"no_such_param", 1}});
        REQUIRE(r.thrown);
        CHECK(r.param == "no_such_param");
        CHECK_THAT(r.message, Contains("no_such_param"));
        for (const attn::ParamSpec& spec : demo.params) CHECK_THAT(r.message, Contains(spec.name));
    }
}

TEST_CASE("demo params: every declaration is consistent") {
    for (const attn::Demo& demo : attn::all_demos())
        for (const attn::ParamSpec& spec : demo.params) {
            INFO("demo " << demo.id << ", parameter " << spec.name);
            CHECK(spec.min <= spec.max);
            CHECK(spec.min_len <= spec.max_len);
            CHECK(spec.min_cols <= spec.max_cols);
            CHECK(spec.step >= 0);
            if (spec.type == attn::ParamType::Choice) CHECK_FALSE(spec.choices.empty());
        }
}
