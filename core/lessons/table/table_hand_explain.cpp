// The hand-worked attention of a trained Lookup: its query, keys and values tables, the scores and
// weights (steps 1 and 2), the answers (step 3), and the sentences' copies of them.
#include <cmath>

#include "base/error.hpp"
#include "lessons/table/explain.hpp"
#include "nn/trainer.hpp"

namespace attn::lesson_table {
namespace {

using namespace explain;

json where(const std::string& name, long row, long col) {
    if (name == "query") return table_ref("query", 0, col);
    if (name == "key") return table_ref("keys", row, col);
    if (name == "value") return table_ref("values", row, col);
    if (name == "score") return table_ref("steps", row, 0);
    if (name == "weight") return table_ref("steps", row, 1);
    if (name == "answer") return table_ref("answers", 0, col);
    return inner_ref(name, row, col);
}

struct Hand {
    LookupSteps l;
    Mat<float> module;
};

Hand hand_of(const Params& p) {
    Hand h{lookup_steps(p, "find/lookup"), {}};
    h.l.where = where;
    h.module = answer_of(stored_lookup(models::model_store(), "find/lookup"), h.l.scene);
    return h;
}

double truth(const LookupSteps& l, long c) { return l.scene.tokens(l.scene.asked, table::kKinds + c); }

json answers(const Hand& h, const json& ref, long row, long col) {
    if (row == 0) return explain_lookup_step(h.l, ref, "answer", 0, col);
    if (row == 1) return explain_lookup_step(h.l, ref, "answer", 0, col, h.module(0, col));  // the same layers, in the module's order
    const double v = truth(h.l, col);
    return Explanation(ref, std::string("the true ") + (col == 0 ? "x" : "y") + " [m] of the requested object",
                       "Attention by hand: the requested object's place, the answer it should give", "its token's place", "")
        .same_as(inner_ref("token", h.l.scene.asked, table::kKinds + col), "its token's place", v)
        .to_json(v);
}

}  // namespace

json explain_table_hand(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"query", "keys", "values", "steps", "answers"}},
                {"numbers", {"hand_x", "hand_y", "module_x", "module_y", "truth_x", "truth_y", "max_difference", "scores",
                             "weights", "top_weight", "miss_cm"}},
                {"printed", false}};
    const Hand h = hand_of(p);
    const long n = h.l.scene.objects();
    if (kind == "inner") return explain_lookup_inner(h.l, ref);
    if (kind == "weight") return explain_lookup_weight(h.l, ref);
    if (kind == "table") {
        const std::string table = ref_text(ref, "table");
        if (table == "query") return explain_lookup_step(h.l, ref, "query", ref_index(ref, "row", 1), ref_index(ref, "col", 16));
        if (table == "keys" || table == "values")
            return explain_lookup_step(h.l, ref, table == "keys" ? "key" : "value", ref_index(ref, "row", n), ref_index(ref, "col", 16));
        if (table == "steps") {
            const long row = ref_index(ref, "row", n);
            return explain_lookup_step(h.l, ref, ref_index(ref, "col", 2) == 0 ? "score" : "weight", row, 0);
        }
        if (table == "answers") return answers(h, ref, ref_index(ref, "row", 3), ref_index(ref, "col", 2));
        throw ParamError("ref", "this demo has no table called \"" + table + "\"");
    }
    if (kind != "number") throw ParamError("ref", "this demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "scores" || name == "weights") {
        std::vector<json> items;
        std::vector<double> values;
        for (long i = 0; i < n; ++i) {
            items.push_back(table_ref("steps", i, name == "scores" ? 0 : 1));
            values.push_back(name == "scores" ? h.l.hand.scores(0, i) : h.l.hand.weights(0, i));
        }
        return Explanation(ref, "the " + name, "Attention by hand", "", "").list(items, values).to_json(values[0]);
    }
    const char* const copies[] = {"hand_x", "hand_y", "module_x", "module_y", "truth_x", "truth_y"};
    for (long k = 0; k < 6; ++k)
        if (name == copies[k]) {
            const long row = k / 2, col = k % 2;
            const double v = row == 0 ? h.l.hand.answer(0, col) : row == 1 ? h.module(0, col) : truth(h.l, col);
            return Explanation(ref, "the answer's " + std::string(col == 0 ? "x" : "y"), "Attention by hand, step 3", "the answers table's cell",
                               "the same number as the answers table")
                .same_as(table_ref("answers", row, col), "the cell of the answers table", v)
                .to_json(v);
        }
    if (name == "top_weight") {
        Eigen::Index top = 0;
        h.l.hand.weights.row(0).maxCoeff(&top);
        Explanation e(ref, "the largest weight", kWeightStepName, "max over i of wᵢ", "the largest of the weights");
        std::vector<Expr> w;
        for (long i = 0; i < n; ++i) w.push_back(operand(e.add(table_ref("steps", i, 1), "w" + sub(i), h.l.hand.weights(0, i))));
        e.expression(max_of(std::move(w)));
        return e.to_json(h.l.hand.weights(0, top));
    }
    if (name == "max_difference") {
        Explanation e(ref, "the largest difference between the answers by hand and by the module [m]", "Attention by hand, step 3",
                      "max(|x_hand − x_module|, |y_hand − y_module|)", "the larger of the two distances between the answers");
        std::vector<Expr> d;
        for (long c = 0; c < 2; ++c)
            d.push_back(abs_of(sub(operand(e.add(table_ref("answers", 0, c), axis_words(c, "", " by hand [m]"), h.l.hand.answer(0, c))),
                                   operand(e.add(table_ref("answers", 1, c), axis_words(c, "", " by the module [m]"), h.module(0, c))))));
        e.expression(max_of(std::move(d)));
        return e.to_json((h.l.hand.answer - h.module).cwiseAbs().maxCoeff());
    }
    if (name == "miss_cm") {
        Explanation e(ref, "how far the module's answer is from the requested object [cm]", "Attention by hand, step 3",
                      "100 × √((x − x_true)² + (y − y_true)²)", "a hundred times the straight-line distance in metres");
        std::vector<Expr> d;
        for (long c = 0; c < 2; ++c)
            d.push_back(square(sub(operand(e.add(table_ref("answers", 1, c), axis_words(c, "", " by the module [m]"), h.module(0, c))),
                                   operand(e.add(table_ref("answers", 2, c), axis_words(c, "", " true [m]"), truth(h.l, c))))));
        e.expression(mul(constant(kCmPerMetre), sqrt(sum(std::move(d)))));
        return e.to_json(kCmPerMetre * std::hypot(h.module(0, 0) - truth(h.l, 0), h.module(0, 1) - truth(h.l, 1)));
    }
    throw ParamError("ref", "this demo has no number called \"" + name + "\"");
}

}  // namespace attn::lesson_table
