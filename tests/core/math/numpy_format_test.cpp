// attn::format_array / format_row / format_matrix / format_shape / format_number / format_count:
// text the way NumPy prints `array.round(3)`, so demo lines equal the lesson's lines.
// Expected strings are NumPy's own output (default print options) for the same arrays;
// the fixture holds NumPy 1.24's output for thousands of arrays (scripts/numpy_reference.py).
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "math/numpy_format.hpp"
#include "support/test_helpers.hpp"

using attn::format_count;
using attn::format_matrix;
using attn::format_number;
using attn::format_row;
using attn::format_shape;
using attn::RowVector;
using attn_test::matrix_of;

namespace {

constexpr std::size_t kMinFixtureCases = 2000;  // the script writes more than this
constexpr std::size_t kFailuresShown = 10;

// A fixture value: a JSON number, or "inf", "-inf", "nan".
double value_of(const nlohmann::json& v) {
    if (v.is_number()) return v.get<double>();
    const std::string s = v.get<std::string>();
    if (s == "nan") return std::numeric_limits<double>::quiet_NaN();
    return s == "inf" ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity();
}

RowVector row(std::initializer_list<double> values) {
    RowVector v(static_cast<Eigen::Index>(values.size()));
    Eigen::Index j = 0;
    for (double x : values) v(j++) = x;
    return v;
}

}  // namespace

TEST_CASE("format_row: shortest digits, padded to the longest fraction") {
    // np.array([0.09003057, 0.24472847, 0.66524096]).round(3) -> [0.09  0.245 0.665]
    CHECK(format_row(row({0.09003057, 0.24472847, 0.66524096})) == "[0.09  0.245 0.665]");
    CHECK(format_row(row({0.5, 0.25, 0.125})) == "[0.5   0.25  0.125]");
    CHECK(format_row(row({0.1})) == "[0.1]");
}

TEST_CASE("format_row: whole numbers keep their decimal point") {
    // np.array([0., 0., 1.]) -> [0. 0. 1.]
    CHECK(format_row(row({4.5e-9, 2.06e-9, 0.99999999})) == "[0. 0. 1.]");
    CHECK(format_row(row({3, 10, 200})) == "[  3.  10. 200.]");
}

TEST_CASE("format_row: whole parts are right-aligned, including the sign") {
    // np.array([-0.5, 1.]) -> [-0.5  1. ];  np.array([10.25, 1.]) -> [10.25  1.  ]
    CHECK(format_row(row({-0.5, 1.0})) == "[-0.5  1. ]");
    CHECK(format_row(row({10.25, 1.0})) == "[10.25  1.  ]");
    CHECK(format_row(row({-12.5, 0.125})) == "[-12.5     0.125]");
}

TEST_CASE("format_row: -0 keeps its sign, as NumPy prints it") {
    // np.array([-0.0]) -> [-0.];  np.array([-0.0001, 1.0]).round(3) -> [-0.  1.]
    CHECK(format_row(row({-0.0})) == "[-0.]");
    CHECK(format_row(row({-0.0001, 1.0})) == "[-0.  1.]");
    CHECK(format_row(row({-0.0004, 0.5})) == "[-0.   0.5]");
}

TEST_CASE("format_matrix: a wide range of magnitudes switches to scientific notation") {
    // The X = [[10, 10], [0.1, -0.1], [0.1, 0]]: its scores X X^T / sqrt(2) span 0.007 to 141.
    const attn::Matrix X = matrix_of({{10, 10}, {0.1, -0.1}, {0.1, 0}});
    CHECK(format_matrix(X * X.transpose() / std::sqrt(2.0)) ==
          "[[1.41421e+02 0.00000e+00 7.07000e-01]\n"
          " [0.00000e+00 1.40000e-02 7.00000e-03]\n"
          " [7.07000e-01 7.00000e-03 7.00000e-03]]");
    CHECK(format_row(row({1.0, 1e5})) == "[1.e+00 1.e+05]");
    CHECK(format_row(row({0.001, 1.0})) == "[0.001 1.   ]");  // a ratio of exactly 1000 stays positional
}

TEST_CASE("format_array: rows wrap at 75 characters; 3-D blocks are separated by a blank line") {
    std::vector<double> v;
    for (int i = 0; i < 20; ++i) v.push_back(i / 7.0);
    CHECK(attn::format_array(v, {20}) ==
          "[0.    0.143 0.286 0.429 0.571 0.714 0.857 1.    1.143 1.286 1.429 1.571\n"
          " 1.714 1.857 2.    2.143 2.286 2.429 2.571 2.714]");
    CHECK(attn::format_array({1, 2, 3, 4, 5, 6, 7, 8}, {2, 2, 2}) == "[[[1. 2.]\n  [3. 4.]]\n\n [[5. 6.]\n  [7. 8.]]]");
}

TEST_CASE("format_array: equals NumPy's print(a.round(d)) on every fixture array") {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/tests/fixtures/numpy_format.json");
    REQUIRE(in.good());
    const auto cases = nlohmann::json::parse(in).at("cases");
    REQUIRE(cases.size() > kMinFixtureCases);
    std::vector<std::string> failures;
    for (const auto& c : cases) {
        std::vector<double> values;
        for (const auto& v : c.at("values")) values.push_back(value_of(v));
        const std::string got = attn::format_array(values, c.at("shape").get<std::vector<long>>(), c.at("decimals"));
        if (got != c.at("text").get<std::string>()) failures.push_back(c.dump() + "\n got:\n" + got);
    }
    std::string shown;
    for (std::size_t i = 0; i < failures.size() && i < kFailuresShown; ++i) shown += failures[i] + "\n";
    INFO(failures.size() << " of " << cases.size() << " differ:\n" << shown);
    CHECK(failures.empty());
}

TEST_CASE("format_row: rounds to the requested decimals") {
    CHECK(format_row(row({1.0 / 3, 2.0 / 3})) == "[0.333 0.667]");
    CHECK(format_row(row({1.0 / 3, 2.0 / 3}), 2) == "[0.33 0.67]");
    CHECK(format_row(row({1.0 / 3}), 5) == "[0.33333]");
    CHECK(format_row(row({0.7071067811865476}), 0) == "[1.]");
}

TEST_CASE("format_matrix: one line per row, columns aligned across the whole matrix") {
    // The lesson's causal weights: the widest fraction (0.248) sets every column's width.
    CHECK(format_matrix(matrix_of({{1, 0, 0}, {0.3302, 0.6698, 0}, {0.2483, 0.2483, 0.5034}})) ==
          "[[1.    0.    0.   ]\n [0.33  0.67  0.   ]\n [0.248 0.248 0.503]]");
    CHECK(format_matrix(matrix_of({{0.80222, 0.59889}, {0.59889, 0.80222}, {0.75173, 0.75173}})) ==
          "[[0.802 0.599]\n [0.599 0.802]\n [0.752 0.752]]");
    CHECK(format_matrix(matrix_of({{-1, 2.5}, {30, 0}})) == "[[-1.   2.5]\n [30.   0. ]]");
    CHECK(format_matrix(matrix_of({{7}})) == "[[7.]]");
}

TEST_CASE("format_shape: like a NumPy shape tuple") {
    CHECK(format_shape({2, 3, 3}) == "(2, 3, 3)");
    CHECK(format_shape({3, 8}) == "(3, 8)");
    CHECK(format_shape({3}) == "(3,)");
    CHECK(format_shape({}) == "()");
}

TEST_CASE("format_number: up to 10 significant digits, no trailing zeros") {
    CHECK(format_number(0.25) == "0.25");
    CHECK(format_number(10) == "10");
    CHECK(format_number(1.0 / 3) == "0.3333333333");
    CHECK(format_number(1000001) == "1000001");
    CHECK(format_number(-50) == "-50");
    CHECK(format_number(0.01) == "0.01");
}

TEST_CASE("format_count: thousands separated by commas") {
    // The lesson: "196 image patches needs 38,416 weights per head".
    CHECK(format_count(38416) == "38,416");
    CHECK(format_count(196LL * 196) == "38,416");
    CHECK(format_count(1000000) == "1,000,000");
    CHECK(format_count(0) == "0");
    CHECK(format_count(7) == "7");
    CHECK(format_count(999) == "999");
    CHECK(format_count(1000) == "1,000");
    CHECK(format_count(123456789) == "123,456,789");
    CHECK(format_count(-1234) == "-1,234");
    CHECK(format_count(40000000000LL) == "40,000,000,000");
}
