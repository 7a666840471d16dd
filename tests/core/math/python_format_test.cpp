// attn::python_repr / python_round / python_number / python_list: numbers the way
// CPython prints them. The fixture is CPython's own output for thousands of values
// (scripts/python_reference.py); the hand-written cases are the lessons' own.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "math/python_format.hpp"

using attn::PyType;
using attn::python_list;
using attn::python_number;
using attn::python_repr;
using attn::python_round;
using attn::python_rounded;

namespace {

constexpr std::size_t kMinFixtureCases = 5000;  // the script writes more than this of each kind
constexpr std::size_t kFailuresShown = 20;

nlohmann::json fixture() {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/tests/fixtures/python_format.json");
    REQUIRE(in.good());
    return nlohmann::json::parse(in);
}

// float.hex() text read back exactly (strtod reads C99 hex floats).
double from_hex(const std::string& s) { return std::strtod(s.c_str(), nullptr); }

std::string failures_text(const std::vector<std::string>& failures) {
    std::string s;
    for (std::size_t i = 0; i < failures.size() && i < kFailuresShown; ++i) s += failures[i] + "\n";
    return s;
}

}  // namespace

TEST_CASE("python_repr: equals CPython's repr on every fixture value") {
    const auto cases = fixture().at("repr");
    REQUIRE(cases.size() > kMinFixtureCases);
    std::vector<std::string> failures;
    for (const auto& c : cases) {
        const std::string got = python_repr(from_hex(c[0]));
        if (got != c[1].get<std::string>()) failures.push_back(c[0].get<std::string>() + ": " + got + " != " + c[1].get<std::string>());
    }
    INFO(failures_text(failures));
    CHECK(failures.empty());
}

TEST_CASE("python_round: equals CPython's round(x, n) on every fixture case") {
    const auto cases = fixture().at("round");
    REQUIRE(cases.size() > kMinFixtureCases);
    std::vector<std::string> failures;
    for (const auto& c : cases) {
        const std::string got = python_repr(python_round(from_hex(c[0]), c[1].get<int>()));
        if (got != c[2].get<std::string>())
            failures.push_back("round(" + c[0].get<std::string>() + ", " + std::to_string(c[1].get<int>()) + "): " + got +
                               " != " + c[2].get<std::string>());
    }
    INFO(failures_text(failures));
    CHECK(failures.empty());
}

TEST_CASE("python_repr: a float keeps its .0, switches to exponents outside 1e-4 .. 1e16") {
    CHECK(python_repr(1.0) == "1.0");
    CHECK(python_repr(0.1) == "0.1");
    CHECK(python_repr(0.1 + 0.2) == "0.30000000000000004");
    CHECK(python_repr(1e-5) == "1e-05");
    CHECK(python_repr(0.0001) == "0.0001");
    CHECK(python_repr(1e16) == "1e+16");
    CHECK(python_repr(123456789012345.0) == "123456789012345.0");
    CHECK(python_repr(-0.0) == "-0.0");
    CHECK(python_repr(INFINITY) == "inf");
    CHECK(python_repr(-INFINITY) == "-inf");
    CHECK(python_repr(NAN) == "nan");
    CHECK(python_repr(5e-324) == "5e-324");
    CHECK(python_repr(1.7976931348623157e308) == "1.7976931348623157e+308");
}

TEST_CASE("python_round: half to even on the exact binary value, as the issue's examples") {
    CHECK(python_rounded(52.25, 1) == "52.2");  // 52.25 is exact: a true tie, to even
    CHECK(python_rounded(51.65, 1) == "51.6");  // 51.65 is stored as 51.649999...
    CHECK(python_rounded(2.675, 2) == "2.67");  // 2.675 is stored as 2.67499999...
    CHECK(python_rounded(0.125, 2) == "0.12");
    CHECK(python_rounded(2.5, 0) == "2.0");
    CHECK(python_rounded(13, 1) == "13.0");
    CHECK(python_rounded(-0.0001, 3) == "-0.0");  // keeps the sign of x
    CHECK(python_rounded(25, -1) == "20.0");
    CHECK(python_rounded(35, -1) == "40.0");
    CHECK(python_rounded(0.99999, 3) == "1.0");
}

TEST_CASE("python_number: an int prints without a point, a float with one") {
    CHECK(python_number(10, PyType::Int) == "10");
    CHECK(python_number(10, PyType::Float) == "10.0");
    CHECK(python_number(-0.0, PyType::Int) == "0");
    CHECK(python_number(2.24, PyType::Float) == "2.24");
}

TEST_CASE("python_list: like print(list)") {
    CHECK(python_list(std::vector<int>{49, 53, 84}) == "[49, 53, 84]");
    CHECK(python_list(std::vector<double>{5.5, -0.3, 1.0}) == "[5.5, -0.3, 1.0]");
    CHECK(python_list(std::vector<int>{}) == "[]");
    CHECK(attn::python_rounded_list({0.36204, -0.00001}, 4) == "[0.362, -0.0]");
}
