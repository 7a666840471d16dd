#include <algorithm>
#include <cmath>

#include "lessons/table/demos.hpp"
#include "math/numpy_format.hpp"

namespace attn::lesson_table {
namespace {

constexpr double kPrintedDigits_m = 5e-5;  // half the last printed digit of an answer in metres

json compute(const Params& p, const Models& models) {
    const TableScene s = scene_of(p);
    nn::Lookup<float>& net = stored_lookup(models, "find/lookup");
    const HandAttention h = lookup_by_hand(net, s);
    const Mat<float> module = answer_of(net, s);
    const double truth_x = s.tokens(s.asked, table::kKinds), truth_y = s.tokens(s.asked, table::kKinds + 1);
    const double difference = (h.answer - module).cwiseAbs().maxCoeff();

    Result r;
    r.print("objects: " + kind_list(s) + " request: " + kind_name(s.kinds[s.asked]));
    r.print("scores: " + py_list(values_of(h.scores), 3) + "  weights: " + py_list(values_of(h.weights), 4));
    r.print("answer by hand: " + py_list(values_of(h.answer), 4) + "  by the module: " + py_list(values_of(module), 4) +
            "  true: " + py_list({truth_x, truth_y}, 4));

    std::vector<std::string> rows;
    for (int i = 0; i < s.objects(); ++i) rows.push_back(kind_name(s.kinds[i]));
    const int d = nn::Lookup<float>::kWidth;
    r.table("query", "The query, made from the request (16 numbers)", h.query.cast<double>(), {"query"},
            numbered("n", d), false);
    r.table("keys", "The keys, one per object", h.keys.cast<double>(), rows, numbered("n", d), false);
    r.table("values", "The values, one per object", h.values.cast<double>(), rows, numbered("n", d), false);
    Matrix steps(s.objects(), 2);
    steps.col(0) = h.scores.transpose().cast<double>();
    steps.col(1) = h.weights.transpose().cast<double>();
    r.table("steps", "Steps 1 and 2: score = query · key / √16, then weight = softmax of the scores", steps, rows,
            {"score", "weight"}, false);
    Matrix answers(3, 2);
    answers << h.answer(0, 0), h.answer(0, 1), module(0, 0), module(0, 1), truth_x, truth_y;
    r.table("answers", "Step 3: the average of the values, through the last layers, is the answer [m]", answers,
            {"by hand", "by the module", "true"}, {"x [m]", "y [m]"}, false);

    r.number("hand_x", h.answer(0, 0)).number("hand_y", h.answer(0, 1));
    r.number("module_x", module(0, 0)).number("module_y", module(0, 1));
    r.number("truth_x", truth_x).number("truth_y", truth_y);
    r.number("max_difference", difference);
    r.number("scores", values_of(h.scores)).number("weights", values_of(h.weights));
    r.text("request", kind_name(s.kinds[s.asked])).number("width", d);
    Eigen::Index top = 0;
    h.weights.row(0).maxCoeff(&top);
    const double miss = kCmPerMetre * std::hypot(module(0, 0) - truth_x, module(0, 1) - truth_y);
    r.number("top_weight", h.weights(0, top)).text("top_kind", kind_name(s.kinds[top]));
    r.number("miss_cm", miss);
    r.claim("top_is_request", top == s.asked ? "yes" : "no");
    r.claim("dominance", dominance_of(h.weights(0, top)));
    // The lesson prints both answers to 4 decimals [m]: they agree when those digits do.
    r.claim("hand_vs_module", difference < kPrintedDigits_m ? "same" : "differs");
    r.claim("miss", miss_words(miss));
    return std::move(r).to_json();
}

}  // namespace

Demo table_hand() {
    return Demo{"table_hand", "Attention by hand, with a trained network's own numbers", scene_params(false, false),
                compute, {"table-attention-by-hand", "table-scene"}, "float32", {"find/lookup"}}
        .claiming("top_is_request", {"yes", "no"})
        .claiming("dominance", dominance_words())
        .claiming("hand_vs_module", {"same", "differs"})
        .claiming("miss", miss_word_values());
}

}  // namespace attn::lesson_table
