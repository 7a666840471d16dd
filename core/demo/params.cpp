#include "demo/params.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "base/error.hpp"
#include "base/utf8.hpp"
#include "math/numpy_format.hpp"

namespace attn {
namespace {

const char* type_name(ParamType t) {
    switch (t) {
        case ParamType::Number: return "number";
        case ParamType::Integer: return "integer";
        case ParamType::Boolean: return "boolean";
        case ParamType::Choice: return "choice";
        case ParamType::Vector: return "vector";
        case ParamType::Matrix: return "matrix";
        case ParamType::Text: return "text";
    }
    return "?";
}

// Short, readable numbers for messages: 0.01, 100, 1e+06, and JavaScript's names for the non-finite ones.
std::string show(double x) {
    if (std::isnan(x)) return "NaN";
    if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
    return format_number(x);
}

std::string show(const json& v) {
    if (v.is_number_float()) return show(v.get<double>());
    std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
    if (s.size() <= 40) return s;
    std::size_t cut = 37;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    return s.substr(0, cut) + "...";
}

std::string with_unit(const ParamSpec& s, double x) { return show(x) + (s.unit.empty() ? "" : " " + s.unit); }

// What the learner gave, in their words: a number as written, text in quotes,
// and a plain word for what JSON cannot hold (the page sends null for a typed 1e999).
std::string given(const json& v) {
    if (v.is_null()) return "nothing, or a number too large to hold";
    return show(v);
}

// Text the page passes on as typed ("1e999", "abc"): a number too large for a
// double gets its own message, anything else is not a number at all.
bool is_huge_number_text(const json& v) {
    if (!v.is_string()) return false;
    const std::string& t = v.get_ref<const std::string&>();
    char* end = nullptr;
    const double x = std::strtod(t.c_str(), &end);
    return !t.empty() && end == t.c_str() + t.size() && std::isinf(x);
}

// Checks one number against the spec's bounds; `where` names it in messages
// (the control's label, or a cell of it).
double checked_number(const ParamSpec& s, const json& v, const std::string& where, bool whole) {
    const std::string wanted = std::string(whole ? "a whole number " : "a number ") + range_text(s);
    if (is_huge_number_text(v))
        throw ParamError(s.name, where + " is too large: it must be " + wanted + " (got " + given(v) + ")");
    if (!v.is_number()) throw ParamError(s.name, where + " must be " + wanted + " (got " + given(v) + ")");
    const double x = v.get<double>();
    if (!std::isfinite(x)) throw ParamError(s.name, where + " must be " + wanted + " (got " + show(x) + ")");
    if (whole && x != std::floor(x)) throw ParamError(s.name, where + " must be " + wanted + " (got " + show(x) + ")");
    if (x < s.min) throw ParamError(s.name, where + " is too small: it must be " + range_text(s) + " (got " + with_unit(s, x) + ")");
    if (x > s.max) throw ParamError(s.name, where + " is too large: it must be " + range_text(s) + " (got " + with_unit(s, x) + ")");
    return x;
}

json checked_vector(const ParamSpec& s, const json& v) {
    const std::string count = s.min_len == s.max_len ? std::to_string(s.min_len)
                                                     : std::to_string(s.min_len) + " to " + std::to_string(s.max_len);
    const std::string wanted = "a list of " + count + " numbers, each " + range_text(s);
    if (!v.is_array()) throw ParamError(s.name, control_name(s) + " must be " + wanted + " (got " + given(v) + ")");
    if (static_cast<int>(v.size()) < s.min_len || static_cast<int>(v.size()) > s.max_len)
        throw ParamError(s.name, control_name(s) + " must be " + wanted + " (got " + std::to_string(v.size()) + " numbers)");
    json out = json::array();
    for (std::size_t i = 0; i < v.size(); ++i) out.push_back(checked_number(s, v[i], cell_name(s, 0, i, true), false));
    return out;
}

json checked_matrix(const ParamSpec& s, const json& v) {
    const std::string rows_word = s.row_name.empty() ? "rows" : s.row_name + "s";
    const std::string wanted = "a table of " + std::to_string(s.min_len) + " to " + std::to_string(s.max_len) + " " +
                               rows_word + ", each with the same number (" + std::to_string(s.min_cols) + " to " +
                               std::to_string(s.max_cols) + ") of numbers " + range_text(s);
    if (v.is_array() && v.empty() && s.min_len == 0) return v;  // "none", where the declaration allows it
    if (!v.is_array() || v.empty() || !v[0].is_array())
        throw ParamError(s.name, control_name(s) + " must be " + wanted + " (got " + given(v) + ")");
    const int rows = static_cast<int>(v.size());
    const int cols = static_cast<int>(v[0].size());
    if (rows < s.min_len || rows > s.max_len || cols < s.min_cols || cols > s.max_cols)
        throw ParamError(s.name, control_name(s) + " must be " + wanted + " (got " + std::to_string(rows) + " x " +
                                     std::to_string(cols) + ")");
    json out = json::array();
    for (int i = 0; i < rows; ++i) {
        if (!v[i].is_array() || static_cast<int>(v[i].size()) != cols)
            throw ParamError(s.name, control_name(s) + ": " + (s.row_name.empty() ? "row" : s.row_name) + " " + std::to_string(i) +
                                         " must have " + std::to_string(cols) + " numbers, like the first");
        json row = json::array();
        for (int j = 0; j < cols; ++j)
            row.push_back(checked_number(s, v[i][j], cell_name(s, i, j, false), false));
        out.push_back(row);
    }
    return out;
}

// The code points of UTF-8 `t`, or an empty optional-like flag `ok` false at a broken character.
std::vector<char32_t> code_points(const std::string& t, bool& ok) {
    std::vector<char32_t> out;
    ok = true;
    for (std::size_t i = 0; i < t.size();) {
        const unsigned char b = static_cast<unsigned char>(t[i]);
        const int extra = b < 0x80 ? 0 : (b >> 5) == 6 ? 1 : (b >> 4) == 14 ? 2 : (b >> 3) == 30 ? 3 : -1;
        if (extra < 0 || i + static_cast<std::size_t>(extra) >= t.size() + (extra == 0 ? 1 : 0)) { ok = false; return out; }
        char32_t c = extra == 0 ? b : b & (0x3F >> extra);
        for (int k = 1; k <= extra; ++k) {
            const unsigned char n = static_cast<unsigned char>(t[i + static_cast<std::size_t>(k)]);
            if ((n & 0xC0) != 0x80) { ok = false; return out; }
            c = (c << 6) | (n & 0x3F);
        }
        out.push_back(c);
        i += static_cast<std::size_t>(extra) + 1;
    }
    return out;
}

// A character as a message names it: "a newline", "“é”", "the character U+0007".
std::string named_char(char32_t c) {
    if (c == '\n') return "a newline";
    if (c == '\t') return "a tab";
    if (c < 0x20 || c == 0x7F) return "the control character U+" + std::to_string(static_cast<unsigned long>(c));
    return "\u201c" + utf8(c) + "\u201d";
}

json checked_text(const ParamSpec& s, const json& v) {
    const std::string count = std::to_string(s.min_len) + " to " + std::to_string(s.max_len);
    if (!v.is_string()) throw ParamError(s.name, control_name(s) + " must be text of " + count + " characters (got " + given(v) + ")");
    bool ok = false;
    const std::vector<char32_t> text = code_points(v.get_ref<const std::string&>(), ok);
    if (!ok) throw ParamError(s.name, control_name(s) + " has a broken character (it is not UTF-8 text)");
    if (static_cast<int>(text.size()) < s.min_len || static_cast<int>(text.size()) > s.max_len)
        throw ParamError(s.name, control_name(s) + " must have " + count + " characters (got " + std::to_string(text.size()) + ")");
    bool allowed_ok = true;
    const std::vector<char32_t> allowed = code_points(s.characters, allowed_ok);
    for (char32_t c : text) {
        const bool control = (c < 0x20 && c != '\n') || c == 0x7F;
        const bool listed = allowed.empty() || std::find(allowed.begin(), allowed.end(), c) != allowed.end();
        if (control || !listed)
            throw ParamError(s.name, control_name(s) + " cannot hold " + named_char(c) +
                                         (allowed.empty() ? "" : ": the network has no vector for it. Leave it out"));
    }
    return v;
}

json checked_value(const ParamSpec& s, const json& v) {
    switch (s.type) {
        case ParamType::Number: return checked_number(s, v, control_name(s), false);
        case ParamType::Integer: return static_cast<long long>(checked_number(s, v, control_name(s), true));
        case ParamType::Boolean:
            if (!v.is_boolean()) throw ParamError(s.name, control_name(s) + " must be on or off (true or false; got " + given(v) + ")");
            return v;
        case ParamType::Choice: {
            std::string options;
            // The value a link holds, and beside it the menu's words where they differ: "lookup" (Lookup).
            for (std::size_t i = 0; i < s.choices.size(); ++i) {
                const bool labelled = i < s.choice_labels.size() && s.choice_labels[i] != s.choices[i];
                options += (i ? ", \"" : "\"") + s.choices[i] + "\"" + (labelled ? " (" + s.choice_labels[i] + ")" : "");
            }
            if (v.is_string())
                for (const auto& c : s.choices)
                    if (v.get<std::string>() == c) return v;
            throw ParamError(s.name, control_name(s) + " must be one of " + options + " (got " + given(v) + ")");
        }
        case ParamType::Vector: return checked_vector(s, v);
        case ParamType::Matrix: return checked_matrix(s, v);
        case ParamType::Text: return checked_text(s, v);
    }
    throw std::logic_error("unknown parameter type");
}

ParamSpec make(std::string name, ParamType type, json default_value) {
    ParamSpec s;
    s.name = std::move(name);
    s.type = type;
    s.default_value = std::move(default_value);
    s.label = s.name;
    return s;
}

}  // namespace

std::string range_text(const ParamSpec& s) {
    return "between " + show(s.min) + " and " + with_unit(s, s.max);
}

// The control as the learner sees it named, quoted so that any label reads as a name.
std::string control_name(const ParamSpec& s) { return "\u201c" + s.label + "\u201d"; }

// How a cell of a table is named: "“Tokens X”, token 1, feature 0".
std::string cell_name(const ParamSpec& s, std::size_t row, std::size_t col, bool is_vector) {
    const std::string column = col < s.column_names.size()
                                   ? s.column_names[col]
                                   : (s.column_name.empty() ? "feature" : s.column_name) + " " + std::to_string(col);
    if (is_vector) return control_name(s) + ", entry " + std::to_string(col);
    return control_name(s) + ", " + (s.row_name.empty() ? "token" : s.row_name) + " " + std::to_string(row) + ", " + column;
}

json ParamSpec::to_json() const {
    json j = {{"name", name}, {"type", type_name(type)}, {"default", default_value},
              {"label", label}, {"help", help}};
    if (!unit.empty()) j["unit"] = unit;
    const bool numeric = type == ParamType::Number || type == ParamType::Integer ||
                         type == ParamType::Vector || type == ParamType::Matrix;
    if (numeric) {
        if (std::isfinite(min)) j["min"] = min;
        if (std::isfinite(max)) j["max"] = max;
        if (step > 0) j["step"] = step;
    }
    if (type == ParamType::Vector || type == ParamType::Matrix) {
        j["min_len"] = min_len;
        j["max_len"] = max_len;
    }
    if (type == ParamType::Text) {
        j["min_len"] = min_len;
        j["max_len"] = max_len;
        if (!characters.empty()) j["characters"] = characters;
    }
    if (type == ParamType::Matrix) {
        j["min_cols"] = min_cols;
        j["max_cols"] = max_cols;
        if (!row_name.empty()) j["row_name"] = row_name;
        if (!column_names.empty()) j["column_names"] = column_names;
    }
    if ((type == ParamType::Matrix || type == ParamType::Vector) && !column_name.empty()) j["column_name"] = column_name;
    if (logarithmic_slider && min > 0 && (type == ParamType::Number || type == ParamType::Integer)) j["scale"] = "log";
    if (type == ParamType::Choice) {
        j["choices"] = choices;
        if (!choice_labels.empty()) j["choice_labels"] = choice_labels;
    }
    if (!follows.empty()) j["follows"] = follows;
    if (set_by_picture) j["input"] = "picture";
    if (more_setting) j["more"] = true;
    if (!divides.empty()) j["divides"] = divides;
    return j;
}

ParamSpec number_param(std::string name, double d) { return make(std::move(name), ParamType::Number, d); }
ParamSpec integer_param(std::string name, long long d) { return make(std::move(name), ParamType::Integer, d); }
ParamSpec boolean_param(std::string name, bool d) { return make(std::move(name), ParamType::Boolean, d); }
ParamSpec choice_param(std::string name, std::string d, std::vector<std::string> choices) {
    ParamSpec s = make(std::move(name), ParamType::Choice, d);
    s.choices = std::move(choices);
    return s;
}
ParamSpec vector_param(std::string name, std::vector<double> d) {
    ParamSpec s = make(std::move(name), ParamType::Vector, d);
    s.min_len = s.max_len = static_cast<int>(d.size());
    return s;
}
ParamSpec matrix_param(std::string name, std::vector<std::vector<double>> d) {
    ParamSpec s = make(std::move(name), ParamType::Matrix, d);
    s.min_len = s.max_len = static_cast<int>(d.size());
    s.min_cols = s.max_cols = d.empty() ? 0 : static_cast<int>(d[0].size());
    return s;
}

ParamSpec text_param(std::string name, std::string d) {
    ParamSpec s = make(std::move(name), ParamType::Text, d);
    s.min_len = 0;
    s.max_len = 200;
    return s;
}

Params validate_params(const std::vector<ParamSpec>& specs, const json& input) {
    if (!input.is_object()) throw ParamError("", "parameters must be a JSON object such as {\"name\": value}");
    for (const auto& item : input.items()) {
        bool known = false;
        std::string names;
        for (const auto& s : specs) {
            known = known || s.name == item.key();
            names += (names.empty() ? "" : ", ") + s.name;
        }
        if (!known)
            throw ParamError(item.key(), "unknown parameter \"" + item.key() + "\"; this demo takes: " + names);
    }
    json values = json::object();
    for (const auto& s : specs) {
        const auto it = input.find(s.name);
        values[s.name] = checked_value(s, it == input.end() ? s.default_value : *it);
    }
    return Params(std::move(values));
}

const json& Params::at(const std::string& name) const {
    const auto it = values_.find(name);
    if (it == values_.end()) throw std::logic_error("demo reads undeclared parameter " + name);
    return *it;
}

double Params::number(const std::string& name) const { return at(name).get<double>(); }
int Params::integer(const std::string& name) const { return at(name).get<int>(); }
bool Params::boolean(const std::string& name) const { return at(name).get<bool>(); }
std::string Params::choice(const std::string& name) const { return at(name).get<std::string>(); }
std::string Params::text(const std::string& name) const { return at(name).get<std::string>(); }
std::vector<double> Params::vector(const std::string& name) const { return at(name).get<std::vector<double>>(); }

Matrix Params::matrix(const std::string& name) const {
    const json& v = at(name);
    if (v.empty()) return Matrix(0, 0);
    Matrix m(v.size(), v[0].size());
    for (Eigen::Index i = 0; i < m.rows(); ++i)
        for (Eigen::Index j = 0; j < m.cols(); ++j) m(i, j) = v[i][j].get<double>();
    return m;
}

}  // namespace attn
