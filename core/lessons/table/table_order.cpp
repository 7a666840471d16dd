#include <algorithm>
#include <numeric>

#include "lessons/table/demos.hpp"
#include "math/numpy_format.hpp"
#include "math/rng.hpp"

namespace attn::lesson_table {

// [snippet:table-order]
// The same scene with its objects listed in `order` (object order[i] goes to place i).
TableScene reordered(const TableScene& s, const std::vector<int>& order) {
    TableScene out = s;
    for (int i = 0; i < s.objects(); ++i) {
        out.kinds[i] = s.kinds[order[i]];
        out.positions_cm.row(i) = s.positions_cm.row(order[i]);
        out.tokens.row(i) = s.tokens.row(order[i]);
        if (order[i] == s.asked) out.asked = i;
        if (order[i] == s.nearest) out.nearest = i;
    }
    return out;  // the request is a kind, not a place: it stays as it is
}
// [/snippet]

std::vector<int> shuffled(int n, std::uint64_t seed) {
    std::vector<int> order(n);
    std::iota(order.begin(), order.end(), 0);
    Rng rng(seed);
    // Drawn again while it is the order it began in, so that "another order" is another: two objects came
    // back as they were for 6 shuffles in 10.
    do {
        for (int i = n - 1; i > 0; --i) std::swap(order[i], order[rng.below(static_cast<std::uint64_t>(i) + 1)]);
    } while (n > 1 && std::is_sorted(order.begin(), order.end()));
    return order;
}

namespace {

json compute(const Params& p, const Models& models) {
    const TableScene s = scene_of(p);
    const std::vector<int> order = shuffled(s.objects(), static_cast<std::uint64_t>(p.integer("shuffle_seed")));
    const TableScene t = reordered(s, order);
    nn::Lookup<float>& net = stored_lookup(models, "find/lookup");
    const Mat<float> first = answer_of(net, s);
    const Mat<float> second = answer_of(net, t);
    const double difference = (first - second).cwiseAbs().maxCoeff();  // [m]

    Result r;
    r.print("objects: " + kind_list(s) + "  answer: " + py_list(values_of(first), 4));
    r.print((s.objects() > 1 ? "same scene, objects in another order: " : "same scene, its one object in its only order: ") +
            kind_list(t) + "  answer: " + py_list(values_of(second), 4));
    // Below a micrometre the difference is float rounding, whose last digits differ
    // between the native and the WebAssembly build: say so rather than print them.
    const std::string difference_text = difference < kRoundingOnly_m ? "less than 0.000001" : format_number(difference);
    r.print("largest difference: " + difference_text + " m");
    Matrix answers(2, 2);
    answers << first(0, 0), first(0, 1), second(0, 0), second(0, 1);
    r.table("answers", "The answer for the scene in both orders [m]", answers, {"in order", "shuffled"},
            {"x [m]", "y [m]"}, false);

    r.number("order", order).number("answer_x", first(0, 0)).number("answer_y", first(0, 1));
    r.number("shuffled_x", second(0, 0)).number("shuffled_y", second(0, 1));
    r.number("max_difference", difference).text("max_difference_text", difference_text);
    return std::move(r).to_json();
}

}  // namespace

Demo table_order() {
    std::vector<ParamSpec> params = scene_params(false, false);
    params.push_back(integer_param("shuffle_seed", 7)
                         .labelled("Shuffle")
                         .helped("Picks another order for the same objects.")
                         .in(0, 1000000)
                         .stepped(1));
    return {"table_order", "Attention has no idea of order", params, compute, {"table-order", "table-scene"}, "float32", {"find/lookup"}};
}

}  // namespace attn::lesson_table
