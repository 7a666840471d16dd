// Every head of every block: each heat map's weights (the softmax of that head's scores, computed by the
// network's layers: given "forward"; the lm_head demo works one head out step by step), the place each
// place reads most in each head (the largest weight of its row: a place, given "index"), and the count of
// heat maps. A heat map's cell is {"kind": "figure", "figure": "heads", "map": l·H + h, "row": i, "col": j}.
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

double weight(const Heads& s, long map, long i, long j) {
    const long l = map / s.heads, h = map % s.heads;
    return s.net->model.attention(static_cast<int>(l))(h * s.n + i, j);
}

std::string head_words(const Heads& s, long map) { return "block " + std::to_string(map / s.heads) + ", head " + std::to_string(map % s.heads); }

}  // namespace

json explain_lm_heads(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents") return {{"tables", {"most"}}, {"numbers", {"heads_total"}}, {"printed", false}, {"figures", {"heads"}}};
    const Heads s = heads_of(p);
    const long maps = s.layers * s.heads;
    if (kind == "figure") {
        if (ref_text(ref, "figure") != "heads") throw ParamError("ref", "this demo's picture is \"heads\"");
        const long map = ref_index(ref, "map", maps), i = ref_index(ref, "row", s.n), j = ref_index(ref, "col", s.n);
        const double v = weight(s, map, i, j);
        return Explanation(ref, "the weight place " + std::to_string(i) + " gives place " + std::to_string(j) + " in " + head_words(s, map), kHeadsStep,
                           j > i ? "0: the mask hides a later place" : "softmax of the row's scores q·k / √d_head",
                           "computed by the network's layers; the demo with one head works it out step by step")
            .given("forward", v)
            .to_json(v);
    }
    if (kind == "table") {
        if (ref_text(ref, "table") != "most") throw ParamError("ref", "this demo has one table, \"most\"");
        const long i = ref_index(ref, "row", s.n), map = ref_index(ref, "col", maps);
        long best = 0;
        for (long j = 1; j < s.n; ++j)
            if (weight(s, map, i, j) > weight(s, map, i, best)) best = j;
        return Explanation(ref, "the place place " + std::to_string(i) + " reads most in " + head_words(s, map), kHeadsStep,
                           "argmaxⱼ w" + sub(i) + "ⱼ", "the place whose weight in the row is largest: picked, not added up")
            .given("index", static_cast<double>(best))
            .to_json(static_cast<double>(best));
    }
    if (kind == "number" && ref_text(ref, "name") == "heads_total") {
        Explanation e(ref, "the heat maps: one per head of every block", kHeadsStep, "blocks × heads", "the number of blocks times the heads in each");
        e.expression(mul(constant(static_cast<double>(s.layers)), constant(static_cast<double>(s.heads))));
        return e.to_json(static_cast<double>(maps));
    }
    throw ParamError("ref", "this demo does not explain that value");
}

}  // namespace attn::lesson_lm
