// One test per bug found in the core, named after what is now true.
// NumPy's own output for the formatting cases: scripts/numpy_reference.py.
#include <catch2/catch.hpp>

#include <climits>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"
#include "demo/params.hpp"
#include "math/numpy_format.hpp"

using json = nlohmann::json;

namespace {
json run(const std::string& demo, const std::string& params) {
    return json::parse(attn::run_demo_json(demo, params));
}
}  // namespace

TEST_CASE("run_demo_json: a long echoed value is cut between UTF-8 characters, never inside one") {
    std::string accents;
    for (int i = 0; i < 20; ++i) accents += "\xC3\xA9";  // "é" twenty times
    const json answer = run("multi_head", "{\"seed\": \"a" + accents + "\"}");
    CHECK(answer["ok"] == false);
    CHECK(answer["error"]["param"] == "seed");
    CHECK_NOTHROW(json::parse(answer.dump()));
}

TEST_CASE("run_demo_json: a demo id that is not valid UTF-8 is answered, not thrown") {
    std::string answer;
    REQUIRE_NOTHROW(answer = attn::run_demo_json("\xFF", "{}"));
    CHECK(json::parse(answer)["ok"] == false);
}

TEST_CASE("run_demo_json: 1e999 is called invalid JSON with the reason, not a library message") {
    const json answer = run("multi_head", "{\"seed\": 1e999}");
    CHECK(answer["ok"] == false);
    const std::string message = answer["error"]["message"];
    CHECK(message.find("numbers must be finite") != std::string::npos);
    CHECK(message.find("json.exception") == std::string::npos);
}

TEST_CASE("run_demo_json: the fully-masked-row message names hide_key, the control that caused it") {
    const json answer = run("causal_mask", "{\"hide_key\": 0}");
    const std::string message = answer["error"]["message"];
    CHECK(message.rfind("Hiding key 0 with the causal mask on", 0) == 0);
}

TEST_CASE("run_demo_json: bounds with seven digits are quoted in full") {
    const json answer = run("multi_head", "{\"seed\": 1000001}");
    CHECK(answer["error"]["message"] == "\u201cRandom seed\u201d is too large: it must be between 0 and 1000000 (got 1000001)");
}

TEST_CASE("format_matrix: halves round to even, as NumPy's round does") {
    CHECK(attn::format_matrix(attn::Matrix::Constant(1, 1, 0.0625)) == "[[0.062]]");
    CHECK(attn::format_matrix(attn::Matrix::Constant(1, 1, 0.0635)) == "[[0.064]]");
}

TEST_CASE("format_row: -inf is right-aligned to the width of the finite numbers, as NumPy prints it") {
    attn::RowVector v(2);
    v << 1.5, -std::numeric_limits<double>::infinity();
    CHECK(attn::format_row(v) == "[ 1.5 -inf]");
    attn::RowVector w(3);
    w << 0.707, -std::numeric_limits<double>::infinity(), 1.414;
    CHECK(attn::format_row(w) == "[0.707  -inf 1.414]");
}

TEST_CASE("format_count: the most negative count is written without overflow") {
    CHECK(attn::format_count(-38416) == "-38,416");
    CHECK(attn::format_count(LLONG_MIN) == "-9,223,372,036,854,775,808");
}

TEST_CASE("validate_params: a matrix declared with 0 rows allowed accepts [] and reads as an empty matrix") {
    attn::ParamSpec spec = attn::matrix_param("positions", {}).length(0, 8).columns(2, 2).in(0, 100);
    const attn::Params p = attn::validate_params({spec}, attn::json::object());
    CHECK(p.matrix("positions").size() == 0);
    const attn::Params moved = attn::validate_params({spec}, {{"positions", {{10, 20}}}});
    CHECK(moved.matrix("positions").rows() == 1);
}
