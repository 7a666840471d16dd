// The lab: each object's place (the learner's drag or the scene's draw), score and weight, the
// network's answer in cm and its miss, down to the Lookup's weights.
#include <cmath>

#include "base/error.hpp"
#include "lessons/table/explain.hpp"

namespace attn::lesson_table {
namespace {

using namespace explain;

const std::string kLabStep = "The lab: watch where it looks";

json where(const std::string& name, long row, long col) {
    if (name == "score") return table_ref("objects", row, 2);
    if (name == "weight") return table_ref("objects", row, 3);
    return inner_ref(name, row, col);
}

struct Lab {
    LookupSteps l;
    Mat<float> module;  // the answer [m], by the module
    bool dragged = false;
};

Lab lab_of(const Params& p) {
    Lab lab{lookup_steps(p, "find/lookup"), {}, false};
    lab.l.where = where;
    lab.module = answer_of(stored_lookup(models::model_store(), "find/lookup"), lab.l.scene);
    const auto& values = p.values();
    lab.dragged = values.contains("positions") && p.matrix("positions").rows() > 0;
    const TableScene scene = lab.l.scene;
    // A token's x and y are the table's cm over 100; the table's cm are the learner's or the scene's.
    lab.l.token = [scene](const json& ref, long row, long col) {
        const long c = col - table::kKinds;
        Explanation e(ref, std::string(c == 0 ? "x" : "y") + " [m] of " + object_words(scene, row), kLabStep, "cm / 100",
                      "its place in centimetres over a hundred");
        e.expression(div(operand(e.add(table_ref("objects", row, c), "its place [cm]", scene.positions_cm(row, c))), constant(kCmPerMetre)));
        return e.to_json(scene.tokens(row, col));
    };
    return lab;
}

json place(const Lab& lab, const json& ref, long row, long col) {
    const double v = lab.l.scene.positions_cm(row, col);
    const std::string what = std::string(col == 0 ? "x" : "y") + " [cm] of " + object_words(lab.l.scene, row);
    if (lab.dragged)
        return Explanation(ref, what, kLabStep, "where you put it", "")
            .same_as(param_ref("positions", row, col), what + ", which you set", v)
            .to_json(v);
    return Explanation(ref, what, "A table written as tokens: drawn from the scene's seed", "where the scene put it", "")
        .given("random", v)
        .to_json(v);
}

// The module's answer [cm]: 100 × the last layer's output.
json answer_cm(const Lab& lab, const json& ref, long c) {
    const json inner = explain_lookup_step(lab.l, inner_ref("answer", 0, c), "answer", 0, c, lab.module(0, c));
    Explanation e(ref, std::string("the answer's ") + (c == 0 ? "x" : "y") + " [cm]", kLabStep, "100 × answer [m]",
                  "the network's answer in metres, times a hundred");
    e.expression(mul(constant(kCmPerMetre), operand(e.add(inner_ref("answer", 0, c), "the answer [m]", inner["value"].get<double>()))));
    return e.to_json(kCmPerMetre * lab.module(0, c));
}

}  // namespace

json explain_table_lab(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"objects"}},
                {"numbers", {"miss_cm", "top_weight", "answer_x", "answer_y", "truth_x", "truth_y", "scores", "weights"}},
                {"printed", false},
                // The picture's own table of numbers (x, y, weight per object; then the answer and the true
                // place) repeats these (web/runtime/explain-panel.js, PICTURE_TABLES); column −1: the name, no number.
                // Written as arrays: nlohmann's braces would read two pairs of texts as an object's members.
                {"pictures", {{"table_lab", {{"table", "objects"}, {"cols", {-1, 0, 1, 3}},
                                             {"after", json::array({json::array({"answer_x", "answer_y"}), json::array({"truth_x", "truth_y"})})}}}}}};
    const Lab lab = lab_of(p);
    const long n = lab.l.scene.objects();
    if (kind == "weight") return explain_lookup_weight(lab.l, ref);
    if (kind == "inner") {
        if (ref_text(ref, "name") == "answer") {
            const long c = ref_index(ref, "col", 2);
            ref_index(ref, "row", 1);
            return explain_lookup_step(lab.l, ref, "answer", 0, c, lab.module(0, c));
        }
        return explain_lookup_inner(lab.l, ref);
    }
    if (kind == "table") {
        if (ref_text(ref, "table") != "objects") throw ParamError("ref", "the lab has one table, \"objects\"");
        const long row = ref_index(ref, "row", n), col = ref_index(ref, "col", 4);
        if (col < 2) return place(lab, ref, row, col);
        return explain_lookup_step(lab.l, ref, col == 2 ? "score" : "weight", row, 0);
    }
    if (kind == "param") {
        const long row = ref_index(ref, "row", n), col = ref_index(ref, "col", 2);
        if (ref_text(ref, "name") != "positions" || !lab.dragged) throw ParamError("ref", "the lab has no such value you set");
        return Explanation(ref, "a place you set [cm]", kLabStep, "", "").given("param", 0).to_json(lab.l.scene.positions_cm(row, col));
    }
    if (kind != "number") throw ParamError("ref", "the lab has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "scores" || name == "weights") {
        std::vector<json> items;
        std::vector<double> values;
        for (long i = 0; i < n; ++i) {
            items.push_back(table_ref("objects", i, name == "scores" ? 2 : 3));
            values.push_back(name == "scores" ? lab.l.hand.scores(0, i) : lab.l.hand.weights(0, i));
        }
        return Explanation(ref, "the " + name, kLabStep, "", "").list(items, values).to_json(values[0]);
    }
    if (name == "answer_x" || name == "answer_y") return answer_cm(lab, ref, name == "answer_x" ? 0 : 1);
    if (name == "truth_x" || name == "truth_y") {
        const long c = name == "truth_x" ? 0 : 1;
        const double v = lab.l.scene.positions_cm(lab.l.scene.asked, c);
        return Explanation(ref, "the requested object's place [cm]", kLabStep, "its place in the table", "the same number as the table")
            .same_as(table_ref("objects", lab.l.scene.asked, c), "its place in the table", v)
            .to_json(v);
    }
    if (name == "top_weight") {
        Explanation e(ref, "the largest weight", kLabStep, "max over i of wᵢ", "the largest of the weights");
        std::vector<Expr> w;
        for (long i = 0; i < n; ++i) w.push_back(operand(e.add(table_ref("objects", i, 3), "w" + sub(i), lab.l.hand.weights(0, i))));
        e.expression(max_of(std::move(w)));
        return e.to_json(lab.l.hand.weights.maxCoeff());
    }
    if (name == "miss_cm") {
        Explanation e(ref, "how far the answer is from the requested object [cm]", kLabStep, "√((x − x_true)² + (y − y_true)²)",
                      "the straight-line distance between the answer and the object");
        std::vector<Expr> d;
        double answer[2], truth[2];
        for (long c = 0; c < 2; ++c) {
            answer[c] = kCmPerMetre * lab.module(0, c);
            truth[c] = lab.l.scene.positions_cm(lab.l.scene.asked, c);
            d.push_back(square(sub(operand(e.add(number_ref(c == 0 ? "answer_x" : "answer_y"), axis_words(c, "the answer's ", " [cm]"), answer[c])),
                                   operand(e.add(table_ref("objects", lab.l.scene.asked, c), axis_words(c, "the object's ", " [cm]"), truth[c])))));
        }
        e.expression(sqrt(sum(std::move(d))));
        return e.to_json(std::hypot(answer[0] - truth[0], answer[1] - truth[1]));
    }
    throw ParamError("ref", "the lab has no number called \"" + name + "\"");
}

}  // namespace attn::lesson_table
