#pragma once
// A demo's parameters, declared once. The declaration is the single source of
// truth: the core validates against it, the page builds its controls and its
// URL from it (it is sent to the page by `list`), and defaults come from it.
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "math/matrix.hpp"

namespace attn {

using json = nlohmann::json;

enum class ParamType { Number, Integer, Boolean, Choice, Vector, Matrix, Text };

struct ParamSpec {
    std::string name;
    ParamType type = ParamType::Number;
    json default_value;
    std::string label;  // what the control is called on the page
    std::string help;   // one sentence under the control
    std::string unit;   // shown after the value, e.g. "cm"; empty when unitless
    // Numbers and integers, and every element of a vector or matrix.
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    double step = 0;  // 0: any value
    // Vectors: allowed lengths. Matrices: allowed rows (0 allows the empty table []). Text: allowed characters.
    int min_len = 1, max_len = 1;
    // Matrices: allowed columns.
    int min_cols = 1, max_cols = 1;
    std::vector<std::string> choices;
    // Text: the characters it may hold (UTF-8, each once); empty: any but control characters.
    std::string characters;
    // Matrices: what a row and each column stand for, for the page's labels
    // ("token", {"feature 0", ...} when not given).
    std::string row_name;
    std::vector<std::string> column_names;
    // Matrices and vectors: what one column (or entry) stands for, when every column is one of a kind
    // ("hidden unit" -> "hidden unit 0", "+ hidden unit"); "feature" when not given.
    std::string column_name;
    // Choices: what the page calls each one, when not the value itself.
    std::vector<std::string> choice_labels;
    // The parameters this one depends on: when the learner changes any of them,
    // this one returns to its declared default (the dragged positions of a
    // scene's objects belong to that scene, so they follow the scene's seed).
    std::vector<std::string> follows;
    // Set by dragging in the demo's picture (which has a keyboard equivalent and
    // a table of the numbers), not typed into a control of its own.
    bool set_by_picture = false;
    // Numbers spanning decades (0.01 to 10): the slider moves along the logarithm, so each
    // decade gets as much of the track as the others.
    bool logarithmic_slider = false;
    // Not among the demo's main controls: the page folds it under "More settings".
    bool more_setting = false;
    // Integers: the whole number this one must divide (a head count divides the width it shares out). The page's
    // sliders then stop only where the two agree: this one at the divisors of the other, the other at multiples.
    std::string divides;

    // Fluent setters so a declaration reads as one sentence.
    ParamSpec& labelled(std::string text) { label = std::move(text); return *this; }
    ParamSpec& helped(std::string text) { help = std::move(text); return *this; }
    ParamSpec& in(double lo, double hi) { min = lo; max = hi; return *this; }
    ParamSpec& stepped(double s) { step = s; return *this; }
    ParamSpec& measured_in(std::string u) { unit = std::move(u); return *this; }
    ParamSpec& length(int lo, int hi) { min_len = lo; max_len = hi; return *this; }
    ParamSpec& columns(int lo, int hi) { min_cols = lo; max_cols = hi; return *this; }
    ParamSpec& rows_named(std::string name) { row_name = std::move(name); return *this; }
    ParamSpec& columns_named(std::vector<std::string> names) { column_names = std::move(names); return *this; }
    ParamSpec& columns_called(std::string name) { column_name = std::move(name); return *this; }
    ParamSpec& on_log_slider() { logarithmic_slider = true; return *this; }
    ParamSpec& in_more_settings() { more_setting = true; return *this; }
    ParamSpec& choices_labelled(std::vector<std::string> labels) { choice_labels = std::move(labels); return *this; }
    ParamSpec& following(std::vector<std::string> names) { follows = std::move(names); return *this; }
    ParamSpec& using_characters(std::string chars) { characters = std::move(chars); return *this; }
    ParamSpec& from_picture() { set_by_picture = true; return *this; }
    ParamSpec& dividing(std::string other) { divides = std::move(other); return *this; }

    json to_json() const;
};

ParamSpec number_param(std::string name, double default_value);
ParamSpec integer_param(std::string name, long long default_value);
ParamSpec boolean_param(std::string name, bool default_value);
ParamSpec choice_param(std::string name, std::string default_value, std::vector<std::string> choices);
ParamSpec vector_param(std::string name, std::vector<double> default_value);
ParamSpec matrix_param(std::string name, std::vector<std::vector<double>> default_value);
// A line of text the learner types (a prompt): length(lo, hi) bounds its characters (code points).
ParamSpec text_param(std::string name, std::string default_value);

// The words a refusal uses (validate_params), for the tests that check them:
// the allowed range, "between 0 and 100 cm"; the control's name, its label in
// quotes; one cell of a table control, "“Tokens X”, token 1, feature 0".
std::string range_text(const ParamSpec& s);
std::string control_name(const ParamSpec& s);
std::string cell_name(const ParamSpec& s, std::size_t row, std::size_t col, bool is_vector);

// Validated values, every declared parameter present (defaults filled in).
class Params {
public:
    explicit Params(json values) : values_(std::move(values)) {}
    double number(const std::string& name) const;
    int integer(const std::string& name) const;
    bool boolean(const std::string& name) const;
    std::string choice(const std::string& name) const;
    std::vector<double> vector(const std::string& name) const;
    Matrix matrix(const std::string& name) const;
    std::string text(const std::string& name) const;
    const json& values() const { return values_; }

private:
    const json& at(const std::string& name) const;
    json values_;
};

// Checks `input` (a JSON object; missing names take their defaults) against the
// declarations. Throws ParamError naming the parameter and what is allowed.
Params validate_params(const std::vector<ParamSpec>& specs, const json& input);

}  // namespace attn
