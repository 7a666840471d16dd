#pragma once
// Running a demo through attn::run_demo_json as the page does, and reading its answer or its
// refusal: shared by the tests of the JSON surface (api/demos_test.cpp) and of each lesson's demos.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "api/demos.hpp"
#include "support/test_helpers.hpp"

namespace attn_test {

inline json listed() { return json::parse(attn::list_demos_json()); }

inline json run(const std::string& id, const std::string& params_text) {
    const std::string out = attn::run_demo_json(id, params_text);
    INFO("output " << out);
    REQUIRE(json::accept(out));
    return json::parse(out);
}
inline json run_with(const std::string& id, const json& params) { return run(id, params.dump()); }

// Checks the shape of a refusal: no result, and a message beside the parameter ("" for the whole input).
inline void check_refused(const json& out, const std::string& param) {
    INFO("output " << out.dump());
    REQUIRE(out.is_object());
    CHECK(out["ok"] == false);
    REQUIRE(out.contains("error"));
    CHECK(out["error"]["param"] == param);
    REQUIRE(out["error"]["message"].is_string());
    CHECK_FALSE(out["error"]["message"].get<std::string>().empty());
}

inline std::string message_of(const json& out) { return out["error"]["message"].get<std::string>(); }

inline std::vector<std::string> printed(const json& out) {
    REQUIRE(out["ok"] == true);
    return out["result"]["printed"].get<std::vector<std::string>>();
}

inline json declaration(const std::string& demo_id, const std::string& param) {
    for (const json& d : listed())
        if (d["id"] == demo_id)
            for (const json& p : d["params"])
                if (p["name"] == param) return p;
    FAIL("no parameter " << param << " in demo " << demo_id);
    return {};
}

}  // namespace attn_test
