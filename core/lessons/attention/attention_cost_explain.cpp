// The cost demo's values: the T × T table's size from the tokens the learner chose, its size at
// twice as many tokens, how many times as large that is, the megabytes for every head, and each
// point of the chart (t × t for the table, t × 2T for the straight line), and every number of the printout
// (its counts with thousands separators, 38,416, are one number each).
#include <cmath>
#include <string>

#include "base/error.hpp"
#include "explain/explanation.hpp"
#include "lessons/attention/explain.hpp"

namespace attn::lesson_attention {
namespace {

using namespace explain;

constexpr int kChartPoints = 50;       // as attention_cost.cpp's chart
constexpr double kBytesPerWeight = 4;  // float32
const std::string kStep = "The cost: every query is compared with every key, so each head holds a T × T table";

struct Cost {
    double T;
    double heads;
};

int tokens(Explanation& e, const Cost& c) { return e.add(param_ref("tokens"), "the tokens T, which you set", c.T, "param"); }

json entries(const Cost& c, const json& ref) {
    Explanation e(ref, "the weights one head holds", kStep, "T × T", "T times T: one weight for each query and each key");
    const int t = tokens(e, c);
    e.expression(mul(operand(t), operand(t)));
    return e.to_json(c.T * c.T);
}

json doubled(const Cost& c, const json& ref) {
    Explanation e(ref, "twice as many tokens", kStep, "2T", "two times T");
    e.expression(mul(constant(2), operand(tokens(e, c))));
    return e.to_json(2 * c.T);
}

json doubled_entries(const Cost& c, const json& ref) {
    Explanation e(ref, "the weights one head holds at twice as many tokens", kStep, "2T × 2T", "2T times 2T");
    const int d = e.add(number_ref("doubled_tokens"), "twice as many tokens, 2T", 2 * c.T);
    e.expression(mul(operand(d), operand(d)));
    return e.to_json(4 * c.T * c.T);
}

json growth(const Cost& c, const json& ref) {
    Explanation e(ref, "how many times as many weights twice the tokens need", kStep, "(2T × 2T) / (T × T)",
                  "the weights at twice the tokens, divided by the weights at T: always 4");
    const int big = e.add(number_ref("doubled_entries_text"), "the weights at 2T", 4 * c.T * c.T);
    const int small = e.add(number_ref("entries_counted"), "the weights at T", c.T * c.T);
    e.expression(div(operand(big), operand(small)));
    return e.to_json(4 * c.T * c.T / (c.T * c.T));
}

json megabytes(const Cost& c, const json& ref) {
    Explanation e(ref, "the megabytes the tables of every head take", kStep, "T × T × heads × 4 bytes / 10⁶",
                  "the weights of one head, times the heads, times 4 bytes for each 32-bit float, in millions of bytes");
    const int n = e.add(number_ref("entries_counted"), "the weights of one head, T × T", c.T * c.T);
    const int h = e.add(param_ref("heads"), "the heads, which you set", c.heads, "param");
    e.expression(div(mul(mul(operand(n), operand(h)), constant(kBytesPerWeight, "4")), constant(1e6, "10⁶")));
    return e.to_json(c.T * c.T * c.heads * kBytesPerWeight / 1e6);
}

// "1 token", "392 tokens": a chart's first point is one token. The count as the arithmetic beside it prints t
// (`printed`, no thousands commas), not `prose::counted`'s "1,000".
std::string tokens(double t) { return printed(t) + (t == 1 ? " token" : " tokens"); }

// A printed count of the weights of every head: the weights of one head (a result's number, or a length the
// lesson quotes squared) times the heads you set.
Printed all_heads(const Cost& c, double t, const json& one_head) {
    Explanation e({{"kind", "printed"}}, "the weights of all " + printed(c.heads) + " heads at " + tokens(t), kStep,
                  "T × T × heads", "the weights of one head times the heads");
    const Expr one = one_head.is_null() ? mul(constant(t), constant(t)) : operand(e.add(one_head, "the weights of one head", t * t));
    e.expression(mul(one, operand(e.add(param_ref("heads"), "the heads, which you set", c.heads, "param"))));
    return {nullptr, "", t * t * c.heads, e.to_json(t * t * c.heads)};
}

// One line of the printout (attention_cost.cpp, size_line): "T = t: t x t = t² weights per head", and
// ", t²·heads for heads heads" when there are several.
void size_line(std::vector<Printed>& out, const Cost& c, const Printed& t, const Printed& entries, const json& one_head) {
    out.insert(out.end(), {t, t, t, entries});
    if (c.heads > 1) {
        out.push_back(all_heads(c, t.value, one_head));
        out.push_back({param_ref("heads"), "the heads", c.heads});
    }
}

// A length the lesson quotes (196 image patches, 1,000 tokens) and its table, t × t: numbers of the lesson's.
Printed lesson_length(double t) {
    const bool patches = t == 196;
    Explanation e({{"kind", "printed"}}, "a length the lesson quotes: " + printed(t) + (patches ? " image patches" : " tokens"), kStep,
                  patches ? "14 × 14" : "1,000", patches ? "a 14 by 14 grid of image patches" : "a sequence of a thousand tokens");
    e.expression(patches ? mul(constant(14), constant(14)) : constant(t, "1,000"));
    return {nullptr, "", t, e.to_json(t)};
}
Printed lesson_entries(double t) {
    Explanation e({{"kind", "printed"}}, "the weights one head holds at " + tokens(t), kStep, "t × t",
                  "a length the lesson quotes, times itself");
    e.expression(mul(constant(t), constant(t)));
    return {nullptr, "", t * t, e.to_json(t * t)};
}

// The printout's numbers in reading order: your T's line, twice the tokens' line (its "(x4)" is part of
// a word), then each length the lesson quotes that is neither.
std::vector<Printed> printout(const Cost& c) {
    std::vector<Printed> out;
    size_line(out, c, {param_ref("tokens"), "the tokens T", c.T}, {number_ref("entries"), "the weights one head holds", c.T * c.T},
              number_ref("entries"));
    size_line(out, c, {number_ref("doubled_tokens"), "twice as many tokens, 2T", 2 * c.T},
              {number_ref("doubled_entries"), "the weights one head holds at 2T", 4 * c.T * c.T}, number_ref("doubled_entries"));
    for (const double t : {196.0, 1000.0})
        if (t != c.T && t != 2 * c.T) size_line(out, c, lesson_length(t), lesson_entries(t), nullptr);
    return out;
}

json point(const Cost& c, const json& ref) {
    if (ref_text(ref, "chart") != "growth") throw ParamError("ref", "the cost demo has one chart, \"growth\"");
    const long series = ref_index(ref, "series", 2), k = ref_index(ref, "point", kChartPoints + 1);
    const double top = 2 * c.T;
    const double t = std::max(1.0, std::round(top * k / kChartPoints));
    const std::string at = "t = " + tokens(t) + ", the point's place on the chart";
    if (series == 0) {
        Explanation e(ref, "the weights per head at " + tokens(t), kStep, "t × t", "t times t, " + at);
        e.expression(mul(constant(t), constant(t)));
        return e.to_json(t * t);
    }
    Explanation e(ref, "the straight line at " + tokens(t), kStep, "t × 2T",
                  "t times 2T: the line that grows like T and meets the curve at twice your T; " + at);
    e.expression(mul(constant(t), operand(e.add(number_ref("doubled_tokens"), "twice as many tokens, 2T", top))));
    return e.to_json(t * top);
}

}  // namespace

json explain_attention_cost(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", json::array()},
                {"numbers", {"tokens_counted", "entries_counted", "doubled_tokens", "doubled_entries_text", "growth_factor",
                             "megabytes_all_heads"}},
                {"printed", true},
                {"charts", {"growth"}}};
    const Cost c{static_cast<double>(p.integer("tokens")), static_cast<double>(p.integer("heads"))};
    if (kind == "param") {
        const std::string name = ref_text(ref, "name");
        if (name != "tokens" && name != "heads") throw ParamError("ref", "the cost demo has no setting called \"" + name + "\"");
        const double v = name == "tokens" ? c.T : c.heads;
        return Explanation(ref, name == "tokens" ? "the tokens T" : "the heads", "Your setting", name == "tokens" ? "T" : "heads",
                           "a value you set")
            .given("param", v)
            .to_json(v);
    }
    if (kind == "chart") return point(c, ref);
    if (kind == "printed") return printed_as(ref, printout(c), kStep);
    if (kind != "number") throw ParamError("ref", "the cost demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "tokens_counted" || name == "tokens")
        return Explanation(ref, "the tokens T", kStep, "T", "")
            .same_as(param_ref("tokens"), "the tokens T, which you set", c.T)
            .to_json(c.T);
    if (name == "entries_counted" || name == "entries") return entries(c, ref);
    if (name == "doubled_tokens") return doubled(c, ref);
    if (name == "doubled_entries_text" || name == "doubled_entries") return doubled_entries(c, ref);
    if (name == "growth_factor") return growth(c, ref);
    if (name == "megabytes_all_heads") return megabytes(c, ref);
    throw ParamError("ref", "the cost demo does not explain a number called \"" + name + "\"");
}

}  // namespace attn::lesson_attention
