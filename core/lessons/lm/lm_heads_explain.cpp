// Every head of every block: each heat map's weights (the softmax of that head's scores, computed by the
// network's layers: given "forward"; the lm_head demo works one head out step by step); the place each
// place reads most in each head (argmax over its row of the heat map); how many heads read the place
// before the last, itself, the first ([top place = that place] added up over the heads); how far each row's
// sum is from 1 (an `inner` value per map and row) and the largest of them; the count of heat maps; and
// every number of the printout. A heat map's cell is {"kind": "figure", "figure": "heads", "map": l·H + h,
// "row": i, "col": j}; a row's error {"kind": "inner", "name": "row_sum_error", "map": m, "row": i}.
#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "lessons/lm/explain.hpp"

namespace attn::lesson_lm {
namespace {

using namespace explain;

const std::string kHeadsStep = "Many heads, many layers: every head of every block over the prompt";

struct Heads {
    long n, layers, heads;
    ShippedNetwork* net;
};

Heads heads_of(const Params& p) {
    ShippedNetwork& net = shipped_network();
    const std::vector<int> ids = prompt_window(net, p.text("prompt"));
    read_prompt(net, ids);
    return {static_cast<long>(ids.size()), net.model.shape().layers, net.model.shape().heads, &net};
}

// Map `map`'s weights in double, as lm_heads.cpp reads them (block h·n of the layer's (H·n, n) weights).
Matrix map_weights(const Heads& s, long map) {
    const long l = map / s.heads, h = map % s.heads;
    return s.net->model.attention(static_cast<int>(l)).block(h * s.n, 0, s.n, s.n).cast<double>();
}

std::string head_words(const Heads& s, long map) { return "block " + std::to_string(map / s.heads) + ", head " + std::to_string(map % s.heads); }
json cell_ref(long map, long i, long j) { return {{"kind", "figure"}, {"figure", "heads"}, {"map", map}, {"row", i}, {"col", j}}; }
json row_error_ref(long map, long i) { return {{"kind", "inner"}, {"name", "row_sum_error"}, {"map", map}, {"row", i}}; }
std::string place_words(long i, long j) { return "w" + sub(i) + "," + sub(j); }

// The row's weights as operands, the heat map's cells.
std::vector<Expr> row_operands(Explanation& e, const Heads& s, const Matrix& w, long map, long i) {
    std::vector<Expr> out;
    for (long j = 0; j < s.n; ++j) out.push_back(operand(e.add(cell_ref(map, i, j), place_words(i, j) + " of " + head_words(s, map), w(i, j))));
    return out;
}

long top_place(const Matrix& w, long i) {
    Eigen::Index best = 0;
    w.row(i).maxCoeff(&best);  // the first largest, as lm_heads.cpp
    return static_cast<long>(best);
}

json most(const Heads& s, const json& ref, long i, long map) {
    const Matrix w = map_weights(s, map);
    Explanation e(ref, "the place that place " + std::to_string(i) + " reads most in " + head_words(s, map), kHeadsStep, "argmaxⱼ w" + sub(i) + "ⱼ",
                  "the place, counted from 0, whose weight in the row is largest: picked, not added up");
    e.expression(argmax(row_operands(e, s, w, map, i)));
    return e.to_json(static_cast<double>(top_place(w, i)));
}

// How many heads' last row reads `target` most: [top place = target] over every head of every block.
json count_reading(const Heads& s, const json& ref, const std::string& what, long target) {
    const long last = s.n - 1;
    Explanation e(ref, "the heads whose last place reads " + what + " most", kHeadsStep, "Σ over heads [argmaxⱼ w" + sub(last) + "ⱼ = " + std::to_string(target) + "]",
                  "one for each head whose last row's largest weight is at place " + std::to_string(target) + ", added up over every head of every block");
    std::vector<Expr> terms;
    double count = 0;
    // One place has no place before it and is its own first: lm_heads.cpp counts neither.
    if (target >= 0 && (s.n > 1 || target == last))
        for (long map = 0; map < s.layers * s.heads; ++map) {
            const long top = top_place(map_weights(s, map), last);
            terms.push_back(equal(operand(e.add(table_ref("most", last, map), "the place the last place reads most in " + head_words(s, map), top)),
                                  constant(static_cast<double>(target))));
            count += top == target;
        }
    e.expression(sum(std::move(terms)));
    return e.to_json(count);
}

json row_error(const Heads& s, const json& ref, long map, long i) {
    const Matrix w = map_weights(s, map);
    Explanation e(ref, "how far row " + std::to_string(i) + " of " + head_words(s, map) + " sums from 1", kHeadsStep, "|Σⱼ w" + sub(i) + "ⱼ − 1|",
                  "the distance between the row's weights added up and 1");
    e.expression(abs_of(sub(sum(row_operands(e, s, w, map, i)), constant(1))));
    return e.to_json(std::abs(w.row(i).sum() - 1));
}

json largest_error(const Heads& s, const json& ref) {
    Explanation e(ref, "the largest distance of a row's sum from 1", kHeadsStep, "max over heads and rows of |Σⱼ wᵢⱼ − 1|",
                  "the largest, over every row of every heat map, of how far the row's weights add up from 1");
    std::vector<Expr> rows;
    double largest = 0;
    for (long map = 0; map < s.layers * s.heads; ++map) {
        const Matrix w = map_weights(s, map);
        for (long i = 0; i < s.n; ++i) {
            const double error = std::abs(w.row(i).sum() - 1);
            rows.push_back(operand(e.add(row_error_ref(map, i), "row " + std::to_string(i) + " of " + head_words(s, map), error)));
            largest = std::max(largest, error);
        }
    }
    e.expression(max_of(std::move(rows)));
    return e.to_json(largest);
}

json heads_total(const Heads& s, const json& ref) {
    Explanation e(ref, "the heat maps: one per head of every block", kHeadsStep, "blocks × heads", "the number of blocks times the heads in each");
    e.expression(mul(operand(e.add({{"kind", "inner"}, {"name", "layers"}}, "the network's blocks", static_cast<double>(s.layers))),
                     operand(e.add({{"kind", "inner"}, {"name", "heads"}}, "the heads of each block", static_cast<double>(s.heads)))));
    return e.to_json(static_cast<double>(s.layers * s.heads));
}

// The printout's numbers (lm_heads.cpp): the maps' shape n x n, the blocks, the heads and the maps, then
// "largest |row sum - 1|"'s 1 and the largest error.
std::vector<Printed> printout(const Params& p, const Heads& s) {
    const Printed places{nullptr, "", static_cast<double>(s.n), places_read(*s.net, p, {{"kind", "printed"}}, kHeadsStep, false)};
    Explanation one({{"kind", "printed"}}, "the sum every row of weights has", kHeadsStep, "1", "softmax's weights add up to 1");
    one.expression(constant(1));
    return {places,
            places,
            {{{"kind", "inner"}, {"name", "layers"}}, "the network's blocks", static_cast<double>(s.layers)},
            {{{"kind", "inner"}, {"name", "heads"}}, "the heads of each block", static_cast<double>(s.heads)},
            {number_ref("heads_total"), "the heat maps", static_cast<double>(s.layers * s.heads)},
            {nullptr, "", 1, one.to_json(1)},
            {number_ref("row_sum_error"), "the largest distance of a row's sum from 1", largest_error(s, number_ref("row_sum_error"))["value"].get<double>()}};
}

json inner(const Heads& s, const json& ref) {
    const std::string name = ref_text(ref, "name");
    if (name == "layers") return network_size(ref, "the network's blocks", static_cast<double>(s.layers));
    if (name == "heads") return network_size(ref, "the heads of each block", static_cast<double>(s.heads));
    if (name != "row_sum_error") throw ParamError("ref", "this demo works out no value called \"" + name + "\"");
    return row_error(s, ref, ref_index(ref, "map", s.layers * s.heads), ref_index(ref, "row", s.n));
}

json number(const Heads& s, const json& ref) {
    std::string name = ref_text(ref, "name");
    const std::string text = "_text";
    if (name.size() > text.size() && name.compare(name.size() - text.size(), text.size(), text) == 0) name.resize(name.size() - text.size());
    if (name == "heads_total") return heads_total(s, ref);
    if (name == "row_sum_error") return largest_error(s, ref);
    if (name == "last_reads_previous") return count_reading(s, ref, "the place just before it", s.n - 2);
    if (name == "last_reads_itself") return count_reading(s, ref, "itself", s.n - 1);
    if (name == "last_reads_first") return count_reading(s, ref, "the first place", s.n > 1 ? 0 : -1);
    throw ParamError("ref", "this demo does not explain a number called \"" + ref_text(ref, "name") + "\"");
}

}  // namespace

json explain_lm_heads(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"most"}},
                {"numbers", {"heads_total", "last_reads_previous_text", "last_reads_itself_text", "last_reads_first_text", "row_sum_error"}},
                {"printed", true},
                {"figures", {"heads"}}};
    const Heads s = heads_of(p);
    const long maps = s.layers * s.heads;
    if (kind == "figure") {
        if (ref_text(ref, "figure") != "heads") throw ParamError("ref", "this demo's picture is \"heads\"");
        const long map = ref_index(ref, "map", maps), i = ref_index(ref, "row", s.n), j = ref_index(ref, "col", s.n);
        const double v = map_weights(s, map)(i, j);
        return Explanation(ref, "the weight place " + std::to_string(i) + " gives place " + std::to_string(j) + " in " + head_words(s, map), kHeadsStep,
                           j > i ? "0: the mask hides a later place" : "softmax of the row's scores q·k / √d_head",
                           "computed by the network's layers; the demo with one head works it out step by step")
            .given("forward", v)
            .to_json(v);
    }
    if (kind == "table") {
        if (ref_text(ref, "table") != "most") throw ParamError("ref", "this demo has one table, \"most\"");
        return most(s, ref, ref_index(ref, "row", s.n), ref_index(ref, "col", maps));
    }
    if (kind == "inner") return inner(s, ref);
    if (kind == "printed") return printed_as(ref, printout(p, s), "The program's printout");
    if (kind == "number") return number(s, ref);
    throw ParamError("ref", "this demo does not explain that value");
}

}  // namespace attn::lesson_lm
