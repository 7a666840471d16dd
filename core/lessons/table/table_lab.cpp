#include <cmath>

#include "lessons/table/demos.hpp"
#include "math/python_format.hpp"

namespace attn::lesson_table {
namespace {

json compute(const Params& p, const Models& models) {
    const TableScene s = scene_of(p);
    nn::Lookup<float>& net = stored_lookup(models, "find/lookup");
    const HandAttention h = lookup_by_hand(net, s);
    const Mat<float> answer = answer_of(net, s);
    const double answer_x = kCmPerMetre * answer(0, 0), answer_y = kCmPerMetre * answer(0, 1);
    const double truth_x = s.positions_cm(s.asked, 0), truth_y = s.positions_cm(s.asked, 1);
    const std::vector<double> weights = values_of(h.weights);
    Eigen::Index top = 0;
    h.weights.row(0).maxCoeff(&top);
    const double miss = std::hypot(answer_x - truth_x, answer_y - truth_y);

    Result r;
    r.print("objects: " + kind_list(s) + "  request: " + kind_name(s.kinds[s.asked]));
    r.print("scores: " + py_list(values_of(h.scores), 3));
    r.print("weights: " + py_list(weights, 4));
    r.print("answer: " + py_list({answer_x, answer_y}, 1) + " cm  true: " + py_list({truth_x, truth_y}, 1) +
            " cm  miss: " + python_rounded(miss, 2) + " cm");

    Matrix table(s.objects(), 4);
    std::vector<std::string> rows;
    for (int i = 0; i < s.objects(); ++i) {
        table.row(i) << s.positions_cm(i, 0), s.positions_cm(i, 1), h.scores(0, i), h.weights(0, i);
        rows.push_back(kind_name(s.kinds[i]));
    }
    r.table("objects", "Each object, its score against the request and its weight", table, rows,
            {"x [cm]", "y [cm]", "score", "weight"}, false);
    r.figure({{"kind", "table_lab"}, {"name", "lab"}, {"size_cm", table::kTableSize * kCmPerMetre},
              {"objects", objects_json(s, weights)}, {"request", kind_name(s.kinds[s.asked])},
              {"answer", {answer_x, answer_y}}, {"truth", {truth_x, truth_y}}});

    r.number("miss_cm", miss).text("top_kind", kind_name(s.kinds[top])).number("top_weight", h.weights(0, top));
    r.number("answer_x", answer_x).number("answer_y", answer_y).number("truth_x", truth_x).number("truth_y", truth_y);
    r.number("scores", values_of(h.scores)).number("weights", weights);
    r.text("request", kind_name(s.kinds[s.asked])).number("objects", s.objects());
    r.claim("top_is_request", top == s.asked ? "yes" : "no").claim("dominance", dominance_of(h.weights(0, top)));
    r.claim("miss", miss_words(miss));
    return std::move(r).to_json();
}

}  // namespace

Demo table_lab() {
    return Demo{"table_lab", "The lab: a trained network looks for the requested object", scene_params(true, true), compute,
                {"table-attention-by-hand", "table-scene"}, "float32", {"find/lookup"}}
        .claiming("top_is_request", {"yes", "no"})
        .claiming("dominance", dominance_words())
        .claiming("miss", miss_word_values());
}

}  // namespace attn::lesson_table
