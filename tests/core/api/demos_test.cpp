// attn::list_demos_json and attn::run_demo_json: the JSON-text surface the page
// and the command line use. Every demo and every parameter is taken from the
// list itself, so a new demo is covered as soon as it is registered.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "api/demos.hpp"
#include "demo/demo.hpp"
#include "support/demo_json.hpp"
#include "support/test_helpers.hpp"

using attn_test::check_refused;
using attn_test::json;
using attn_test::listed;
using attn_test::message_of;
using attn_test::run;
using attn_test::run_with;
using Catch::Matchers::Contains;

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
