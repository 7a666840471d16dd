#pragma once
// Builds the JSON a demo returns. Its parts, all optional:
//   printed: lines exactly as a program would print them
//   tables:  labelled matrices (drawn as tables; `heat` ones also coloured)
//   charts:  named series of (x, y) points with axis titles
//   figures: pictures specific to a lesson, described by their numbers; each kind and the fields it
//            has are declared once, in core/demo/figure_kinds.json, which the page reads too
//   numbers: named numbers (or lists of them) that the lesson's sentences quote
//   texts:   named words the core writes for those sentences ("2 steps back", "(4, 3)")
//   claims:  named words for what can change with the parameters ("tie", "better",
//            "under_mm"): the lesson's markup picks the phrase that matches
#include <string>
#include <vector>

#include "math/matrix.hpp"
#include "demo/params.hpp"

namespace attn {

struct Series {
    std::string name;
    std::vector<double> x, y;
};

class Result {
public:
    // `text` may hold several lines.
    Result& print(const std::string& text);
    Result& table(const std::string& name, const std::string& title, const Matrix& values,
                  std::vector<std::string> row_labels, std::vector<std::string> col_labels, bool heat);
    // A table of one quantity throughout (a layer's activations): the page prints every cell with the
    // same digits, as NumPy prints an array, rather than a whole-number column as whole numbers.
    Result& one_format();
    // The last table's numbers to `decimals` places rather than the page's 3: a measured quantity whose third
    // decimal is noise, and whose table must fit a phone beside its labels.
    Result& digits(int decimals);
    Result& chart(const std::string& name, const std::string& title, const std::string& x_label,
                  const std::string& y_label, const std::vector<Series>& series, bool log_x = false);
    Result& figure(json description);
    Result& number(const std::string& name, json value);
    // Words belong in text(): a number the page formats is never a string.
    Result& number(const std::string& name, const std::string& words) = delete;
    Result& number(const std::string& name, const char* words) = delete;
    Result& text(const std::string& name, std::string words);
    Result& claim(const std::string& name, const std::string& value);
    // A demo's last call on its result, `return std::move(r).to_json();`: hands the JSON over rather
    // than copying it, and only from a result that is being given up, so no later call finds it empty.
    json to_json() && { return std::move(j_); }

private:
    json j_ = {{"printed", json::array()}, {"tables", json::array()}, {"charts", json::array()},
               {"figures", json::array()}, {"numbers", json::object()},
               {"texts", json::object()}, {"claims", json::object()}};
};

// "token 0", "token 1", ... : labels for n rows or columns.
std::vector<std::string> numbered(const std::string& prefix, Eigen::Index n);

}  // namespace attn
