// Attention has no idea of order: the Lookup's answer for the scene as drawn and for the same objects in
// a shuffled order, each worked by hand down to the network's weights (lookup_explain.cpp), the largest
// difference between them, and the printout. The shuffled scene's steps are `inner` references with
// "scene": "shuffled"; its objects' places are the drawn scene's, moved.
#include <cmath>

#include "base/error.hpp"
#include "lessons/table/explain.hpp"

namespace attn::lesson_table {
namespace {

using namespace explain;

const std::string kOrderStep = "Attention has no idea of order: the same objects, listed in another order";

json shuffled_ref(const std::string& name, long row, long col) {
    json r = inner_ref(name, row, col);
    r["scene"] = "shuffled";
    return r;
}

struct Order {
    LookupSteps plain, mixed;
    std::vector<int> order;
    Mat<float> first, second;  // the module's answers [m]
};

Order order_of(const Params& p) {
    LookupSteps plain = lookup_steps(p, "find/lookup");
    const std::vector<int> order = shuffled(plain.scene.objects(), static_cast<std::uint64_t>(p.integer("shuffle_seed")));
    const TableScene t = reordered(plain.scene, order);
    LookupSteps mixed{t, plain.net, lookup_by_hand(plain.net, t), plain.slot, nullptr, nullptr};
    plain.where = [](const std::string& name, long row, long col) { return name == "answer" ? table_ref("answers", 0, col) : inner_ref(name, row, col); };
    mixed.where = [](const std::string& name, long row, long col) { return name == "answer" ? table_ref("answers", 1, col) : shuffled_ref(name, row, col); };
    const TableScene scene = plain.scene;
    // A shuffled object's place is the drawn scene's object order[row], moved to place `row`.
    mixed.token = [scene, order](const json& ref, long row, long col) {
        const long from = order[static_cast<std::size_t>(row)];
        const double v = scene.tokens(from, col);
        return Explanation(ref, std::string(col == table::kKinds ? "x" : "y") + " [m] of the shuffled object " + std::to_string(row), kOrderStep,
                           "the same object's place", "object " + std::to_string(from) + " of the scene as drawn, moved to place " + std::to_string(row))
            .same_as(inner_ref("token", from, col), "object " + std::to_string(from) + "'s place in the scene as drawn", v)
            .to_json(v);
    };
    nn::Lookup<float>& net = stored_lookup(models::model_store(), "find/lookup");
    const Mat<float> first = answer_of(net, plain.scene), second = answer_of(net, t);
    return Order{std::move(plain), std::move(mixed), order, first, second};
}

double difference(const Order& o) { return (o.first - o.second).cwiseAbs().maxCoeff(); }

json largest_difference(const Order& o, const json& ref) {
    Explanation e(ref, "the largest difference between the two answers [m]", kOrderStep, "max(|x − x′|, |y − y′|)",
                  "the larger of the two distances between the answers, x with x and y with y");
    std::vector<Expr> d;
    for (long c = 0; c < 2; ++c)
        d.push_back(abs_of(sub(operand(e.add(table_ref("answers", 0, c), axis_words(c, "the answer's ", " in order [m]"), o.first(0, c))),
                               operand(e.add(table_ref("answers", 1, c), axis_words(c, "the answer's ", " shuffled [m]"), o.second(0, c))))));
    e.expression(max_of(std::move(d)));
    return e.to_json(difference(o));
}

// The sentence's number: the difference, or the micrometre below which it is reported as rounding.
json difference_text(const Order& o, const json& ref) {
    if (!(difference(o) < kRoundingOnly_m)) return Explanation(ref, "the largest difference [m]", kOrderStep, "max |in order − shuffled|", "the largest difference, as the demo computed it").same_as(number_ref("max_difference"), "the largest difference", difference(o)).to_json(difference(o));
    Explanation e(ref, "a micrometre: the difference is smaller, so it is float rounding", kOrderStep, "1 µm = 0.000001 m",
                  "below a micrometre the demo reports the difference as rounding: float arithmetic adds the same terms in another sequence");
    e.expression(constant(kRoundingOnly_m, "0.000001"));
    return e.to_json(kRoundingOnly_m);
}

std::vector<Printed> printout(const Order& o) {
    std::vector<Printed> out;
    for (long r = 0; r < 2; ++r)
        for (long c = 0; c < 2; ++c)
            out.push_back({table_ref("answers", r, c), std::string("the answer's ") + (c ? "y" : "x") + (r ? ", shuffled" : ", in order"), (r ? o.second : o.first)(0, c)});
    const double d = difference(o) < kRoundingOnly_m ? kRoundingOnly_m : difference(o);
    out.push_back({number_ref("max_difference_text"), "the largest difference", d});
    return out;
}

}  // namespace

json explain_table_order(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents")
        return {{"tables", {"answers"}}, {"numbers", {"answer_x", "answer_y", "shuffled_x", "shuffled_y", "max_difference", "max_difference_text"}},
                {"printed", true}};
    const Order o = order_of(p);
    if (kind == "weight") return explain_lookup_weight(o.plain, ref);
    if (kind == "inner") return explain_lookup_inner(ref.value("scene", "") == "shuffled" ? o.mixed : o.plain, ref);
    if (kind == "printed") return printed_as(ref, printout(o), kOrderStep);
    if (kind == "table") {
        if (ref_text(ref, "table") != "answers") throw ParamError("ref", "the order demo has one table, \"answers\"");
        const long r = ref_index(ref, "row", 2), c = ref_index(ref, "col", 2);
        return explain_lookup_step(r ? o.mixed : o.plain, ref, "answer", 0, c, (r ? o.second : o.first)(0, c));
    }
    if (kind != "number") throw ParamError("ref", "the order demo has no value of kind \"" + kind + "\"");
    const std::string name = ref_text(ref, "name");
    if (name == "max_difference") return largest_difference(o, ref);
    if (name == "max_difference_text") return difference_text(o, ref);
    const bool x = name == "answer_x" || name == "shuffled_x", shuffled_one = name.rfind("shuffled", 0) == 0;
    if (!x && name != "answer_y" && name != "shuffled_y") throw ParamError("ref", "the order demo does not explain a number called \"" + name + "\"");
    const double v = (shuffled_one ? o.second : o.first)(0, x ? 0 : 1);
    return Explanation(ref, std::string("the answer's ") + (x ? "x" : "y") + (shuffled_one ? ", shuffled" : ", in order") + " [m]", kOrderStep, x ? "x" : "y", "the answer in the table")
        .same_as(table_ref("answers", shuffled_one, x ? 0 : 1), "the answer in the table", v)
        .to_json(v);
}

}  // namespace attn::lesson_table
