// Every answer finite (issue 13): no ok:true result holds NaN, an infinity or a
// null number, at every declared bound and at many random valid parameter sets.
// The values come from each declaration, so a new demo is covered when registered.
#include <catch2/catch.hpp>

#include <limits>
#include <random>
#include <string>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"
#include "support/random_params.hpp"
#include "base/error.hpp"
#include "demo/finite_result.hpp"

using json = nlohmann::json;
using namespace attn::test;

namespace {

constexpr int kRandomSetsPerDemo = 150;        // ~2,700 runs: a few seconds natively
constexpr std::uint64_t kSeed = 20261201;      // fixed, so a failure repeats

// ok:true must be finite (checked again here, independently of the core's own check);
// ok:false must name its reason.
// Returns whether the demo answered ok:true.
bool check_answer(const std::string& id, const json& params) {
    const json out = json::parse(attn::run_demo_json(id, params.dump()));
    INFO("demo " << id << " " << params.dump() << " -> " << out.dump().substr(0, 400));
    if (out["ok"] == true) {
        CHECK_NOTHROW(attn::require_finite_result(out["result"]));
        CHECK(out.dump().find("NaN") == std::string::npos);
        return true;
    }
    CHECK_FALSE(out["error"]["message"].get<std::string>().empty());
    return false;
}

json all_at(const json& decls, const char* bound) {
    json params = json::object();
    for (const json& d : decls)
        if (d.contains(bound)) params[d["name"].get<std::string>()] = d[bound];
    return params;
}

}  // namespace

TEST_CASE("every demo: each ok:true answer is finite at every bound and at random valid settings") {
    std::mt19937_64 rng(kSeed);
    for (const json& demo : json::parse(attn::list_demos_json())) {
        const std::string id = demo["id"];
        const json& decls = demo["params"];
        check_answer(id, all_at(decls, "min"));
        check_answer(id, all_at(decls, "max"));
        for (const json& d : decls)
            for (const char* bound : {"min", "max"})
                if (d.contains(bound) && (d["type"] == "number" || d["type"] == "integer"))
                    check_answer(id, json{{d["name"].get<std::string>(), d[bound]}});
        int answered = 0;
        for (int k = 0; k < kRandomSetsPerDemo; ++k) {
            json params = json::object();
            for (const json& d : decls) params[d["name"].get<std::string>()] = random_value(d, rng);
            answered += check_answer(id, params) ? 1 : 0;
        }
        INFO("demo " << id);
        CHECK(answered >= kRandomSetsPerDemo / 10);  // cross-parameter rules refuse some, never nearly all
        UNSCOPED_INFO(id << ": " << answered << " of " << kRandomSetsPerDemo << " random settings answered");
    }
}

TEST_CASE("require_finite_result: a null number or a NaN anywhere is a ComputeError naming it") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    json r = {{"numbers", {{"median", nullptr}}}, {"tables", json::array()}};
    CHECK_THROWS_WITH(attn::require_finite_result(r), Catch::Matchers::Contains("numbers.median"));
    r = {{"charts", {{{"series", {{{"y", {1.0, nan}}}}}}}}};
    CHECK_THROWS_AS(attn::require_finite_result(r), attn::ComputeError);
    r = {{"figures", {{{"frames", {{{"x", std::numeric_limits<double>::infinity()}}}}}}}};
    CHECK_THROWS_AS(attn::require_finite_result(r), attn::ComputeError);
}

TEST_CASE("require_finite_result: a masked table cell (null, shown as −∞) and a figure's empty field are allowed") {
    const json r = {{"tables", {{{"values", {{1.0, nullptr}}}}}}, {"figures", {{{"guess", nullptr}}}},
                    {"numbers", {{"x", 1}}}};
    CHECK_NOTHROW(attn::require_finite_result(r));
}
