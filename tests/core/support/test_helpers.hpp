#pragma once
// Helpers shared by the core tests: named tolerances, a matrix comparison that
// says which entry differs, the lesson's reference values, and the list of
// invalid values every declared parameter must refuse.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "demo/demo.hpp"
#include "demo/params.hpp"
#include "math/matrix.hpp"
#include "math/numpy_format.hpp"

namespace attn_test {

using json = nlohmann::json;

// ---------------------------------------------------------------------------
// Tolerances, each with where it comes from.

// Results computed two ways in double arithmetic on O(1) numbers (e.g. a row
// sum of softmax, or multi-head with identity projections against plain
// attention): a few ulps of accumulated rounding, far below anything printed.
constexpr double kRoundoff = 1e-12;

// The lesson prints values rounded to 3 decimals, so the true value lies within
// half a unit in the last printed place of the printed one (plus roundoff).
constexpr double kPrinted3Decimals = 0.5e-3 + 1e-12;

// ---------------------------------------------------------------------------
// The lesson (M3.3 "Attention and self-attention") as printed by NumPy.

// X = [[1, 0], [0, 1], [1, 1]]; Q = K = V = X.
inline attn::Matrix lesson_tokens() {
    attn::Matrix X(3, 2);
    X << 1, 0,  //
        0, 1,   //
        1, 1;
    return X;
}

// print(scores.round(3)), print(weights.round(3)), print(out.round(3))
inline const std::vector<std::string>& lesson_worked_example_lines() {
    static const std::vector<std::string> lines = {
        "[[0.707 0.    0.707]", " [0.    0.707 0.707]", " [0.707 0.707 1.414]]",
        "[[0.401 0.198 0.401]", " [0.198 0.401 0.401]", " [0.248 0.248 0.503]]",
        "[[0.802 0.599]",       " [0.599 0.802]",       " [0.752 0.752]]",
    };
    return lines;
}
inline const char* const kLessonScores = "[[0.707 0.    0.707]\n [0.    0.707 0.707]\n [0.707 0.707 1.414]]";
inline const char* const kLessonWeights = "[[0.401 0.198 0.401]\n [0.198 0.401 0.401]\n [0.248 0.248 0.503]]";
inline const char* const kLessonOutput = "[[0.802 0.599]\n [0.599 0.802]\n [0.752 0.752]]";
// print(softmax(masked).round(3)) with the causal mask.
inline const char* const kLessonCausalWeights = "[[1.    0.    0.   ]\n [0.33  0.67  0.   ]\n [0.248 0.248 0.503]]";
// print(softmax(np.array([1.0, 2.0, 3.0])).round(3)) and the same scores x 10.
inline const char* const kLessonSoftSoftmax = "[0.09  0.245 0.665]";
inline const char* const kLessonSharpSoftmax = "[0. 0. 1.]";
// print(w.shape, out.shape) for T = 3, d_model = 8, heads = 2.
inline const char* const kLessonMultiHeadShapes = "(2, 3, 3) (3, 8)";

// The printed matrix as numbers, for comparisons within kPrinted3Decimals.
inline attn::Matrix matrix_of(std::initializer_list<std::initializer_list<double>> rows) {
    attn::Matrix m(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(rows.begin()->size()));
    Eigen::Index i = 0;
    for (const auto& row : rows) {
        Eigen::Index j = 0;
        for (double x : row) m(i, j++) = x;
        ++i;
    }
    return m;
}

// ---------------------------------------------------------------------------
// Matrix comparison.

// Empty when `actual` and `expected` have the same shape and every entry is
// within `eps` (equal infinities count as equal, NaN never does); otherwise a
// sentence naming the first row and column that differ.
inline std::string near_mismatch(const Eigen::MatrixXd& actual, const Eigen::MatrixXd& expected, double eps) {
    std::ostringstream out;
    out.precision(17);
    if (actual.rows() != expected.rows() || actual.cols() != expected.cols()) {
        out << "shape differs: actual (" << actual.rows() << ", " << actual.cols() << "), expected ("
            << expected.rows() << ", " << expected.cols() << ")";
        return out.str();
    }
    for (Eigen::Index i = 0; i < actual.rows(); ++i)
        for (Eigen::Index j = 0; j < actual.cols(); ++j) {
            const double a = actual(i, j), e = expected(i, j);
            if (a == e) continue;  // also equal infinities
            const double diff = std::abs(a - e);
            if (!(diff <= eps)) {
                out << "row " << i << ", column " << j << ": actual " << a << ", expected " << e << ", |diff| "
                    << diff << " > " << eps;
                return out.str();
            }
        }
    return "";
}

// Checks that two matrices agree within eps and, when they do not, reports the
// row and column of the first entry that differs.
inline void assert_near(const Eigen::MatrixXd& actual, const Eigen::MatrixXd& expected, double eps) {
    const std::string mismatch = near_mismatch(actual, expected, eps);
    INFO(mismatch);
    CHECK(mismatch.empty());
}

// ---------------------------------------------------------------------------
// Invalid values for one declared parameter.

// One value the declaration must refuse, and the words the refusal must use.
struct BadValue {
    std::string what;                   // e.g. "NaN", "below min"
    json value;                         // what the learner sent for this parameter
    std::vector<std::string> mentions;  // substrings the message must contain (the label is always required)
};

inline double declared_min(const json& decl) {
    return decl.contains("min") ? decl["min"].get<double>() : -std::numeric_limits<double>::infinity();
}
inline double declared_max(const json& decl) {
    return decl.contains("max") ? decl["max"].get<double>() : std::numeric_limits<double>::infinity();
}

// How a message states the allowed range, and names the control and a cell of
// it: the validator's own words (demo/params.hpp).
inline std::string range_words(const attn::ParamSpec& spec) { return attn::range_text(spec); }
inline std::string label_of(const attn::ParamSpec& spec) { return attn::control_name(spec); }
inline std::string cell_words(const attn::ParamSpec& spec, bool is_vector) {
    return attn::cell_name(spec, 0, 0, is_vector);
}

// The declaration of parameter `param` of demo `demo`.
inline const attn::ParamSpec& declared(const std::string& demo, const std::string& param) {
    const attn::Demo* d = attn::find_demo(demo);
    REQUIRE(d != nullptr);
    for (const attn::ParamSpec& s : d->params)
        if (s.name == param) return s;
    FAIL("demo " << demo << " declares no parameter " << param);
    throw std::logic_error("unreachable");
}

// A value inside the declared range, for building otherwise valid vectors and matrices.
inline double valid_number(const json& decl) {
    const double lo = declared_min(decl), hi = declared_max(decl);
    if (0.0 < lo) return lo;
    if (0.0 > hi) return hi;
    return 0.0;
}

inline json filled_vector(std::size_t n, double x) { return json(std::vector<double>(n, x)); }
inline json filled_matrix(std::size_t rows, std::size_t cols, double x) {
    return json(std::vector<std::vector<double>>(rows, std::vector<double>(cols, x)));
}

// Every kind of wrong value for one declaration.
inline std::vector<BadValue> bad_values(const attn::ParamSpec& spec) {
    const json decl = spec.to_json();  // as `list` reports it: {"name", "type", "default", "min", "max", ...}
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    const std::string type = decl["type"].get<std::string>();
    const std::string name = decl["name"].get<std::string>();
    const double lo = declared_min(decl), hi = declared_max(decl);
    const std::string range = range_words(spec);
    std::vector<BadValue> bad;

    if (type == "number" || type == "integer") {
        const std::string kind = type == "integer" ? "a whole number" : "a number";
        for (const auto& [what, v] : std::vector<std::pair<std::string, json>>{
                 {"NaN", nan}, {"+Infinity", inf}, {"-Infinity", -inf}, {"a string", "3"}, {"a boolean", true},
                 {"an array", json::array({1})}, {"an object", json{{"value", 1}}}, {"null", nullptr}})
            bad.push_back({what, v, {kind, range}});
        if (std::isfinite(lo)) {
            bad.push_back({"below min by 1", lo - 1, {range}});
            bad.push_back({"just below min", std::nextafter(lo, -inf), {range}});
        }
        if (std::isfinite(hi)) {
            bad.push_back({"above max by 1", hi + 1, {range}});
            bad.push_back({"just above max", std::nextafter(hi, inf), {range}});
        }
        if (type == "integer") {
            const double base = std::isfinite(lo) ? lo : 0.0;
            if (base + 0.5 <= hi) bad.push_back({"not whole", base + 0.5, {"whole number", range}});
        }
    } else if (type == "boolean") {
        for (const auto& [what, v] : std::vector<std::pair<std::string, json>>{
                 {"NaN", nan}, {"+Infinity", inf}, {"-Infinity", -inf}, {"a number", 1}, {"a string", "true"},
                 {"an array", json::array({true})}, {"an object", json{{"value", true}}}, {"null", nullptr}})
            bad.push_back({what, v, {"true or false"}});
    } else if (type == "choice") {
        std::vector<std::string> quoted;
        // Each value a link may hold, and the menu's words beside it where they differ.
        for (std::size_t i = 0; i < decl["choices"].size(); ++i) {
            const std::string value = decl["choices"][i], label = decl.value("choice_labels", decl["choices"])[i];
            quoted.push_back("\"" + value + "\"" + (label == value ? "" : " (" + label + ")"));
        }
        for (const auto& [what, v] : std::vector<std::pair<std::string, json>>{
                 {"NaN", nan}, {"+Infinity", inf}, {"an undeclared choice", "no such choice"}, {"a number", 1},
                 {"a boolean", true}, {"an array", json::array()}, {"an object", json::object()}, {"null", nullptr}})
            bad.push_back({what, v, quoted});
    } else if (type == "vector") {
        const int min_len = decl["min_len"].get<int>(), max_len = decl["max_len"].get<int>();
        const std::string count = min_len == max_len ? std::to_string(min_len)
                                                     : std::to_string(min_len) + " to " + std::to_string(max_len);
        const std::string shape = "a list of " + count + " numbers";
        const double ok = valid_number(decl);
        const auto with_first = [&](json first) {
            json v = filled_vector(static_cast<std::size_t>(min_len), ok);
            v[0] = std::move(first);
            return v;
        };
        const std::string first = cell_words(spec, true);
        for (const auto& [what, v] : std::vector<std::pair<std::string, json>>{
                 {"NaN", nan}, {"+Infinity", inf}, {"-Infinity", -inf}, {"a number", 1}, {"a string", "1, 2"},
                 {"a boolean", true}, {"an object", json{{"0", 1}}}, {"null", nullptr}})
            bad.push_back({what, v, {shape}});
        bad.push_back({"empty", json::array(), {shape}});
        if (min_len > 1) bad.push_back({"too short", filled_vector(min_len - 1, ok), {shape}});
        bad.push_back({"too long", filled_vector(max_len + 1, ok), {shape}});
        bad.push_back({"a NaN element", with_first(nan), {first, range}});
        bad.push_back({"an infinite element", with_first(inf), {first, range}});
        bad.push_back({"a -infinite element", with_first(-inf), {first, range}});
        bad.push_back({"a string element", with_first("1"), {first, range}});
        bad.push_back({"a boolean element", with_first(false), {first, range}});
        bad.push_back({"a nested array element", with_first(json::array({ok})), {first, range}});
        if (std::isfinite(lo)) bad.push_back({"an element below min", with_first(lo - 1), {first, range}});
        if (std::isfinite(hi)) bad.push_back({"an element above max", with_first(hi + 1), {first, range}});
    } else if (type == "matrix") {
        const int min_rows = decl["min_len"].get<int>(), max_rows = decl["max_len"].get<int>();
        const int min_cols = decl["min_cols"].get<int>(), max_cols = decl["max_cols"].get<int>();
        const std::string rows_word = decl.contains("row_name") ? decl["row_name"].get<std::string>() + "s" : "rows";
        const std::string shape = "a table of " + std::to_string(min_rows) + " to " + std::to_string(max_rows) + " " + rows_word;
        const std::string widths = "(" + std::to_string(min_cols) + " to " + std::to_string(max_cols) + ")";
        const double ok = valid_number(decl);
        // A declaration that allows the empty table [] still refuses every malformed row: build those from 1 row.
        const auto rows = static_cast<std::size_t>(std::max(min_rows, 1)), cols = static_cast<std::size_t>(min_cols);
        const auto with_first = [&](json first) {
            json m = filled_matrix(rows, cols, ok);
            m[0][0] = std::move(first);
            return m;
        };
        const std::string first = cell_words(spec, false);
        for (const auto& [what, v] : std::vector<std::pair<std::string, json>>{
                 {"NaN", nan}, {"+Infinity", inf}, {"-Infinity", -inf}, {"a number", 1}, {"a string", "[[1]]"},
                 {"a boolean", true}, {"an object", json{{"rows", 1}}}, {"null", nullptr}})
            bad.push_back({what, v, {shape, widths}});
        if (min_rows > 0) bad.push_back({"empty", json::array(), {shape, widths}});
        bad.push_back({"a flat list", filled_vector(cols, ok), {shape, widths}});
        bad.push_back({"a row with no numbers", json::array({json::array()}), {shape, widths}});
        if (min_rows > 1) bad.push_back({"too few rows", filled_matrix(min_rows - 1, cols, ok), {shape, widths}});
        bad.push_back({"too many rows", filled_matrix(max_rows + 1, cols, ok), {shape, widths}});
        if (min_cols > 1) bad.push_back({"too few columns", filled_matrix(rows, min_cols - 1, ok), {shape, widths}});
        bad.push_back({"too many columns", filled_matrix(rows, max_cols + 1, ok), {shape, widths}});
        if (max_rows >= 2) {
            json ragged = filled_matrix(std::max<std::size_t>(rows, 2), cols, ok);
            ragged[1].push_back(ok);
            const std::string row_one = label_of(spec) + ": " +
                                        (decl.contains("row_name") ? decl["row_name"].get<std::string>() : "row") + " 1";
            bad.push_back({"ragged rows", ragged, {row_one}});
            json not_a_row = filled_matrix(std::max<std::size_t>(rows, 2), cols, ok);
            not_a_row[1] = ok;
            bad.push_back({"a row that is a number", not_a_row, {row_one}});
        }
        bad.push_back({"a NaN element", with_first(nan), {first, range}});
        bad.push_back({"an infinite element", with_first(inf), {first, range}});
        bad.push_back({"a -infinite element", with_first(-inf), {first, range}});
        bad.push_back({"a string element", with_first("1"), {first, range}});
        bad.push_back({"a boolean element", with_first(true), {first, range}});
        bad.push_back({"an object element", with_first(json::object()), {first, range}});
        if (std::isfinite(lo)) bad.push_back({"an element below min", with_first(lo - 1), {first, range}});
        if (std::isfinite(hi)) bad.push_back({"an element above max", with_first(hi + 1), {first, range}});
    } else if (type == "text") {
        const int min_len = decl["min_len"].get<int>(), max_len = decl["max_len"].get<int>();
        const std::string count = std::to_string(min_len) + " to " + std::to_string(max_len);
        for (const auto& [what, v] : std::vector<std::pair<std::string, json>>{
                 {"NaN", nan}, {"+Infinity", inf}, {"a number", 1}, {"a boolean", true},
                 {"an array", json::array({"a"})}, {"an object", json{{"text", "a"}}}, {"null", nullptr}})
            bad.push_back({what, v, {"text of " + count + " characters"}});
        bad.push_back({"too long", std::string(static_cast<std::size_t>(max_len) + 1, 'a'), {count + " characters"}});
        if (min_len > 0) bad.push_back({"empty", "", {count + " characters"}});
        bad.push_back({"a control character", std::string("a\x07"), {"control character"}});
        if (decl.contains("characters")) bad.push_back({"an unlisted character", "\u4e2d", {"\u201c\u4e2d\u201d"}});
    } else {
        FAIL("declaration " << name << " has a type the tests do not know: " << type);
    }
    return bad;
}

// Values inside the declaration that validation must accept (the default, and
// each finite bound for numbers and integers).
inline std::vector<std::pair<std::string, json>> good_values(const json& decl) {
    std::vector<std::pair<std::string, json>> good = {{"default", decl["default"]}};
    const std::string type = decl["type"].get<std::string>();
    if (type == "number" || type == "integer") {
        if (decl.contains("min")) good.push_back({"min", decl["min"]});
        if (decl.contains("max")) good.push_back({"max", decl["max"]});
    }
    return good;
}

}  // namespace attn_test
