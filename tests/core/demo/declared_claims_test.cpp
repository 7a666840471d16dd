// Each demo declares its claims and every value each can take (demo.hpp, ClaimSpec), and the site
// build requires a lesson phrase for each of those values. So a claim value the declaration misses
// would leave a sentence without its ending at that setting: every claim a demo returns, over a
// sample of settings (defaults, bounds, each choice, equal rows and entries, random ones), must be
// declared with that value. Read through the API, as the site build reads them (`attn list`, `attn run`).
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"
#include "support/random_params.hpp"
#include "demo/demo.hpp"

using json = nlohmann::json;
using namespace attn::test;

namespace {

constexpr int kRandomSetsPerDemo = 60;     // with the settings below, ~1,600 runs: a few seconds natively
constexpr std::uint64_t kSeed = 20261201;  // fixed, so a failure repeats

// The values a claim's edge cases come from, for one parameter: its bounds, each choice, the other
// boolean, and for a list or table one entry, the first entry repeated (ties, equal rows) and the
// default at the element bounds (overflowing scores, constant rows).
std::vector<json> edge_values(const json& d) {
    const std::string type = d["type"];
    std::vector<json> out;
    if (type == "number" || type == "integer") {
        for (const char* bound : {"min", "max"})
            if (d.contains(bound)) out.push_back(d[bound]);
    } else if (type == "boolean") {
        out.push_back(!d["default"].get<bool>());
    } else if (type == "choice") {
        for (const json& c : d["choices"]) out.push_back(c);
    } else if (type == "text") {  // one character, and the default many times over (the window cut)
        const std::string one = d["default"].get<std::string>().substr(0, 1);
        std::string longest;
        while (longest.size() + d["default"].get<std::string>().size() <= d["max_len"].get<std::size_t>())
            longest += d["default"].get<std::string>();
        out.push_back(one);
        if (!longest.empty()) out.push_back(longest);
    } else if (d["default"].is_array() && !d["default"].empty()) {
        const json& first = d["default"][0];
        out.push_back(json::array({first}));
        out.push_back(json(std::vector<json>(d["default"].size(), first)));
        for (const char* bound : {"min", "max"}) {
            if (!d.contains(bound)) continue;
            json at_bound = d["default"];
            for (json& entry : at_bound) {
                if (entry.is_array())
                    for (json& x : entry) x = d[bound];
                else
                    entry = d[bound];
            }
            out.push_back(at_bound);
        }
    }
    return out;
}

// The sample: the defaults, each parameter at each of its edge values, and random settings.
std::vector<json> sample_settings(const json& decls) {
    std::mt19937_64 rng(kSeed);
    std::vector<json> out = {json::object()};
    for (const json& d : decls)
        for (const json& value : edge_values(d)) out.push_back({{d["name"].get<std::string>(), value}});
    for (int k = 0; k < kRandomSetsPerDemo; ++k) {
        json params = json::object();
        for (const json& d : decls) params[d["name"].get<std::string>()] = random_value(d, rng);
        out.push_back(params);
    }
    return out;
}

}  // namespace

TEST_CASE("demos: every claim a demo returns, at every sampled setting, is declared with that value") {
    for (const json& demo : json::parse(attn::list_demos_json())) {
        const std::string id = demo["id"];
        const json& declared = demo["claims"];
        std::set<std::string> seen;  // "claim=value", for the message below
        for (const json& params : sample_settings(demo["params"])) {
            const json out = json::parse(attn::run_demo_json(id, params.dump()));
            if (out["ok"] != true) continue;  // a setting the demo refuses says nothing
            for (const auto& [claim, value] : out["result"]["claims"].items()) {
                INFO("demo " << id << " at " << params.dump() << " returns claim " << claim << " = " << value.dump());
                REQUIRE(declared.contains(claim));
                const json& values = declared[claim];
                CHECK(std::find(values.begin(), values.end(), value) != values.end());
                seen.insert(claim + "=" + value.get<std::string>());
            }
        }
        UNSCOPED_INFO(id << ": " << seen.size() << " claim values met in the sample");
    }
}

TEST_CASE("demos: a claim's declaration names each value once, and each claim once") {
    for (const attn::Demo& demo : attn::all_demos()) {
        std::set<std::string> names;
        for (const attn::ClaimSpec& claim : demo.claims) {
            INFO("demo " << demo.id << " claim " << claim.name);
            CHECK(names.insert(claim.name).second);
            CHECK(claim.values.size() >= 2);  // a claim with one value would be a fixed phrase, not a claim
            CHECK(std::set<std::string>(claim.values.begin(), claim.values.end()).size() == claim.values.size());
        }
    }
}
