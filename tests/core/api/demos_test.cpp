// attn::list_demos_json and attn::run_demo_json: the JSON-text surface the page
// and the command line use. Every demo and every parameter is taken from the
// list itself, so a new demo is covered as soon as it is registered.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "api/demos.hpp"
#include "demo/demo.hpp"
#include "support/test_helpers.hpp"

using attn_test::json;
using Catch::Matchers::Contains;

namespace {

json listed() { return json::parse(attn::list_demos_json()); }

json run(const std::string& id, const std::string& params_text) {
    const std::string out = attn::run_demo_json(id, params_text);
    INFO("output " << out);
    REQUIRE(json::accept(out));
    return json::parse(out);
}
json run_with(const std::string& id, const json& params) { return run(id, params.dump()); }

// Checks the shape of a refusal and returns it for further checks.
void check_refused(const json& out, const std::string& param) {
    INFO("output " << out.dump());
    REQUIRE(out.is_object());
    CHECK(out["ok"] == false);
    REQUIRE(out.contains("error"));
    CHECK(out["error"]["param"] == param);
    REQUIRE(out["error"]["message"].is_string());
    CHECK_FALSE(out["error"]["message"].get<std::string>().empty());
}

std::string message_of(const json& out) { return out["error"]["message"].get<std::string>(); }

std::vector<std::string> printed(const json& out) {
    REQUIRE(out["ok"] == true);
    return out["result"]["printed"].get<std::vector<std::string>>();
}

json declaration(const std::string& demo_id, const std::string& param) {
    for (const json& d : listed())
        if (d["id"] == demo_id)
            for (const json& p : d["params"])
                if (p["name"] == param) return p;
    FAIL("no parameter " << param << " in demo " << demo_id);
    return {};
}

}  // namespace

// ---------------------------------------------------------------------------
// The list.

TEST_CASE("list_demos_json: every demo has an id, a title and its declarations") {
    const json list = listed();
    REQUIRE(list.is_array());
    REQUIRE(list.size() == attn::all_demos().size());
    std::set<std::string> ids;
    for (std::size_t k = 0; k < list.size(); ++k) {
        const json& d = list[k];
        const attn::Demo& demo = attn::all_demos()[k];
        INFO("demo " << d.dump().substr(0, 80));
        CHECK(d["id"] == demo.id);
        CHECK_FALSE(d["title"].get<std::string>().empty());
        CHECK(d["sources"].is_array());
        CHECK(ids.insert(d["id"].get<std::string>()).second);  // ids are unique
        REQUIRE(d["params"].size() == demo.params.size());
        for (std::size_t i = 0; i < demo.params.size(); ++i) CHECK(d["params"][i] == demo.params[i].to_json());
    }
}

TEST_CASE("list_demos_json: every parameter has a label, a help sentence, a type and a default") {
    for (const json& d : listed()) {
        std::set<std::string> names;
        for (const json& p : d["params"]) {
            INFO("demo " << d["id"] << ", parameter " << p.dump());
            REQUIRE(p["name"].is_string());
            CHECK(names.insert(p["name"].get<std::string>()).second);  // names are unique within a demo
            REQUIRE(p["label"].is_string());
            CHECK_FALSE(p["label"].get<std::string>().empty());
            REQUIRE(p["help"].is_string());
            CHECK_FALSE(p["help"].get<std::string>().empty());
            CHECK(p.contains("default"));
            const std::string type = p["type"].get<std::string>();
            CHECK((type == "number" || type == "integer" || type == "boolean" || type == "choice" ||
                   type == "vector" || type == "matrix" || type == "text"));
        }
    }
}

// ---------------------------------------------------------------------------
// Defaults and the lesson's printed output.

TEST_CASE("run_demo_json: every demo runs with its defaults") {
    for (const json& d : listed()) {
        const std::string id = d["id"].get<std::string>();
        INFO("demo " << id);
        json defaults = json::object();
        for (const json& p : d["params"]) defaults[p["name"].get<std::string>()] = p["default"];
        for (const std::string& text : {std::string("{}"), std::string(), defaults.dump()}) {
            INFO("params " << text);
            const json out = run(id, text);
            CHECK(out["ok"] == true);
            CHECK(out["result"].is_object());
        }
    }
}

namespace {

// Values to try for a declaration while another parameter sits at its bound:
// the default, each bound, the other choices, and a vector or matrix at its largest shape.
std::vector<json> candidates(const json& p) {
    std::vector<json> values = {p["default"]};
    const std::string type = p["type"];
    for (const char* bound : {"min", "max"})
        if ((type == "number" || type == "integer") && p.contains(bound)) values.push_back(p[bound]);
    if (type == "boolean") values.push_back(!p["default"].get<bool>());
    if (type == "choice")
        for (const json& c : p["choices"]) values.push_back(c);
    const auto n = static_cast<std::size_t>(p.value("max_len", 0)), cols = static_cast<std::size_t>(p.value("max_cols", 0));
    if (type == "vector") values.push_back(attn_test::filled_vector(n, attn_test::valid_number(p)));
    if (type == "matrix") values.push_back(attn_test::filled_matrix(n, cols, attn_test::valid_number(p)));
    return values;
}

// Settings of the other parameters to try: each one alone at each candidate, then each pair.
std::vector<json> others_settings(const json& params, const std::string& fixed) {
    std::vector<json> settings = {json::object()};
    for (std::size_t a = 0; a < params.size(); ++a) {
        const std::string name_a = params[a]["name"];
        if (name_a == fixed) continue;
        for (const json& va : candidates(params[a])) {
            settings.push_back({{name_a, va}});
            for (std::size_t b = a + 1; b < params.size(); ++b)
                if (params[b]["name"] != fixed)
                    for (const json& vb : candidates(params[b]))
                        settings.push_back({{name_a, va}, {params[b]["name"].get<std::string>(), vb}});
        }
    }
    return settings;
}

// Whether the demo accepts `name` = `value` with some setting of the others (the defaults first).
bool accepted_somewhere(const std::string& id, const json& params, const std::string& name, const json& value) {
    for (json setting : others_settings(params, name)) {
        setting[name] = value;
        if (run_with(id, setting)["ok"] == true) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("run_demo_json: every parameter's declared default and bounds are accepted") {
    // A bound the demo always refuses is a wrong declaration: the page offers it
    // on its slider. A rule across parameters (heads must divide d_model; hide_key
    // must be one of the tokens) may refuse a bound at the others' defaults, but
    // then it must be accepted once the others allow it, and the refusal must name a parameter.
    for (const json& d : listed()) {
        const std::string id = d["id"].get<std::string>();
        for (const json& p : d["params"])
            for (const auto& [what, value] : attn_test::good_values(p)) {
                const std::string name = p["name"];
                INFO("demo " << id << ", parameter " << name << ", " << what << " " << value.dump());
                const json out = run_with(id, json{{name, value}});
                if (what == "default") CHECK(out["ok"] == true);
                if (out["ok"] == true) continue;
                INFO("refused at the others' defaults: " << message_of(out));
                CHECK(out["error"]["param"] != "");
                CHECK(accepted_somewhere(id, d["params"], name, value));
            }
    }
}

TEST_CASE("run_demo_json: worked_example prints the lesson's scores, weights and output") {
    CHECK(printed(run("worked_example", "{}")) == attn_test::lesson_worked_example_lines());
    const json out = run("worked_example", "{}");
    CHECK(out["result"]["texts"]["output_shape"] == "(3, 2)");
    CHECK(out["result"]["texts"]["row0_output"] == "[0.802 0.599]");
}

TEST_CASE("run_demo_json: worked_example without scaling shows the raw dot products") {
    const auto lines = printed(run("worked_example", R"({"scale_by_sqrt_d": false})"));
    REQUIRE(lines.size() >= 3);
    CHECK(lines[0] == "[[1. 0. 1.]");
    CHECK(lines[1] == " [0. 1. 1.]");
    CHECK(lines[2] == " [1. 1. 2.]]");
}

TEST_CASE("run_demo_json: softmax_scaling prints the lesson's soft and hard weights") {
    const auto lines = printed(run("softmax_scaling", "{}"));
    CHECK(lines == std::vector<std::string>{attn_test::kLessonSoftSoftmax, attn_test::kLessonSharpSoftmax});
}

TEST_CASE("run_demo_json: causal_mask prints the lesson's lower-triangular weights") {
    const auto lines = printed(run("causal_mask", "{}"));
    CHECK(lines == std::vector<std::string>{"[[1.    0.    0.   ]", " [0.33  0.67  0.   ]", " [0.248 0.248 0.503]]"});
    CHECK(run("causal_mask", "{}")["result"]["numbers"]["weight_on_future"] == 0.0);
}

TEST_CASE("run_demo_json: multi_head prints the lesson's shapes") {
    CHECK(printed(run("multi_head", "{}")) == std::vector<std::string>{attn_test::kLessonMultiHeadShapes});
}

TEST_CASE("run_demo_json: attention_cost quotes 38,416 weights for 196 patches and a million for 1,000 tokens") {
    const auto lines = printed(run("attention_cost", "{}"));
    REQUIRE_FALSE(lines.empty());
    CHECK(lines[0] == "T = 196: 196 x 196 = 38,416 weights per head");
    CHECK(lines[1] == "T = 392: 392 x 392 = 153,664 weights per head  (x4)");
    CHECK(std::find(lines.begin(), lines.end(), "T = 1,000: 1,000 x 1,000 = 1,000,000 weights per head") !=
          lines.end());
}

TEST_CASE("run_demo_json: self_vs_cross prints both weight shapes") {
    CHECK(printed(run("self_vs_cross", "{}")) ==
          std::vector<std::string>{"self-attention:  weights (3, 3), output (3, 4)",
                                   "cross-attention: weights (3, 5), output (3, 4)"});
}

// ---------------------------------------------------------------------------
// Refusals: every invalid value of every parameter of every demo.

TEST_CASE("run_demo_json: every invalid value is refused beside its parameter") {
    // NaN and infinities cannot be written in JSON text: dump() turns them into
    // null, which must be refused just the same (the direct NaN/inf checks are in test_params.cpp).
    int refusals = 0;
    for (const json& d : listed()) {
        const std::string id = d["id"].get<std::string>();
        for (const json& p : d["params"]) {
            const std::string name = p["name"].get<std::string>();
            const attn::ParamSpec& spec = attn_test::declared(id, name);
            CHECK(spec.to_json() == p);  // the listing is the declaration
            for (const attn_test::BadValue& bad : attn_test::bad_values(spec)) {
                INFO("demo " << id << ", parameter " << name << ", " << bad.what);
                const json out = run_with(id, json{{name, bad.value}});
                check_refused(out, name);
                CHECK_THAT(message_of(out), Contains(attn_test::label_of(spec)));
                for (const std::string& words : bad.mentions) CHECK_THAT(message_of(out), Contains(words));
                ++refusals;
            }
        }
    }
    CHECK(refusals > 0);
}

TEST_CASE("run_demo_json: a number too large for a double is refused as a whole-input error") {
    // 1e999 is valid JSON syntax but no double can hold it.
    for (const json& d : listed()) {
        const std::string id = d["id"].get<std::string>();
        for (const json& p : d["params"]) {
            INFO("demo " << id << ", parameter " << p["name"]);
            check_refused(run(id, "{\"" + p["name"].get<std::string>() + "\": 1e999}"), "");
        }
    }
}

TEST_CASE("run_demo_json: an unknown parameter is named, with the ones the demo takes") {
    for (const json& d : listed()) {
        const std::string id = d["id"].get<std::string>();
        INFO("demo " << id);
        const json out = run(id, R"({"no_such_param": 1})");
        check_refused(out, "no_such_param");
        CHECK_THAT(message_of(out), Contains("unknown parameter \"no_such_param\""));
        for (const json& p : d["params"]) CHECK_THAT(message_of(out), Contains(p["name"].get<std::string>()));
    }
}

TEST_CASE("run_demo_json: malformed JSON text is a whole-input error") {
    for (const json& d : listed()) {
        const std::string id = d["id"].get<std::string>();
        for (const char* text : {"{", "{\"a\": }", "nonsense", "{'tokens': 3}", "{\"a\": 1,}", "{} {}", "{\"a\": NaN}",
                                 "{\"a\": Infinity}", "[1, 2"}) {
            INFO("demo " << id << ", params " << text);
            const json out = run(id, text);
            check_refused(out, "");
            CHECK_THAT(message_of(out), Contains("not valid JSON"));
        }
    }
}

TEST_CASE("run_demo_json: JSON that is not an object is a whole-input error") {
    for (const json& d : listed()) {
        const std::string id = d["id"].get<std::string>();
        for (const char* text : {"[]", "[1, 2]", "3", "\"tokens\"", "null", "true"}) {
            INFO("demo " << id << ", params " << text);
            const json out = run(id, text);
            check_refused(out, "");
            CHECK_THAT(message_of(out), Contains("JSON object"));
        }
    }
}

TEST_CASE("run_demo_json: an unknown demo is a whole-input error") {
    const json out = run("no_such_demo", "{}");
    check_refused(out, "");
    CHECK_THAT(message_of(out), Contains("no_such_demo"));
}

// ---------------------------------------------------------------------------
// Rules across parameters.

TEST_CASE("run_demo_json: multi_head refuses heads that do not divide d_model") {
    const json out = run("multi_head", R"({"d_model": 8, "heads": 3})");
    check_refused(out, "heads");
    CHECK_THAT(message_of(out), Contains("Heads") && Contains("d_model (8)") && Contains("1, 2, 4, 8"));
    // A divisor is fine, including one head and as many heads as features.
    for (const char* ok : {R"({"d_model": 8, "heads": 4})", R"({"d_model": 8, "heads": 1})",
                           R"({"d_model": 8, "heads": 8})", R"({"d_model": 7, "heads": 7})"}) {
        INFO("params " << ok);
        CHECK(run("multi_head", ok)["ok"] == true);
    }
    check_refused(run("multi_head", R"({"d_model": 1, "heads": 2})"), "heads");
}

TEST_CASE("run_demo_json: causal_mask refuses a hidden key that leaves a row nothing to read") {
    // Causal mask on: token 0 can only see key 0; hiding it leaves row 0 fully masked.
    const json out = run("causal_mask", R"({"causal": true, "hide_key": 0})");
    check_refused(out, "hide_key");
    CHECK_THAT(message_of(out), Contains("token 0") && Contains("leave at least one key visible"));
    // A single token that hides its only key, even without the causal mask.
    check_refused(run("causal_mask", R"({"causal": false, "hide_key": 0, "X": [[1, 2]]})"), "hide_key");
    // Without the causal mask every row still sees the other keys.
    const json fine = run("causal_mask", R"({"causal": false, "hide_key": 0})");
    REQUIRE(fine["ok"] == true);
    for (const json& r : fine["result"]["tables"])
        if (r["name"] == "weights")
            for (const json& row : r["values"]) CHECK(row[0] == 0.0);
}

TEST_CASE("run_demo_json: causal_mask refuses a hidden key past the last token") {
    // hide_key is declared up to 7 (X may have 8 rows); with the default 3 tokens only 0 to 2 exist.
    const json decl = declaration("causal_mask", "hide_key");
    const int max = decl["max"].get<int>();
    const json out = run_with("causal_mask", json{{"hide_key", max}});
    check_refused(out, "hide_key");
    CHECK_THAT(message_of(out), Contains("Also hide one key from everyone") && Contains("0 to 2"));
    CHECK(run("causal_mask", R"({"hide_key": 2, "causal": false})")["ok"] == true);
}
