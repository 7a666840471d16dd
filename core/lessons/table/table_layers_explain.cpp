// Two questions in a row: where the request token looks in each layer of the two-layer transformer (the
// mean of its heads' weights, each computed by the network's layers: `inner`, given "forward"), the three
// networks' parameters and misses (network_explain.cpp), the miss on this scene (the distance between a
// network's answer, given "forward", and the nearest object's place), and the printout.
#include <algorithm>
#include <cmath>

#include "base/error.hpp"
#include "lessons/table/explain.hpp"
#include "lessons/table/layers.hpp"

namespace attn::lesson_table {
namespace {

using namespace explain;

const std::string kLayersStep = "Two questions in a row: where the request token looks in each layer";
const std::string kMissStep = "Two questions in a row: three networks trained for \"nearest\", side by side";
std::string slot_of(long m) { return layers_slots().at(static_cast<std::size_t>(m)); }

struct Layers {
    TableScene s;
    std::vector<LayerLook> looks;
    std::vector<Mat<float>> weights;   // each layer's (H·L, L) weights for this scene
    std::vector<int> heads;            // each layer's heads
    Mat<float> answers[3];             // each network's answer [m]
    bool dragged = false;
};

Layers layers_of(const Params& p) {
    Layers y;
    y.s = scene_of(p);
    y.dragged = p.values().contains("positions") && p.matrix("positions").rows() > 0;
    const models::ModelStore& store = models::model_store();
    for (int m = 0; m < 3; ++m) {
        const models::StoredModel& stored = models::require_model(store, slot_of(m));
        y.answers[m] = answer_of(*stored.net, y.s);
        if (m == 2) {  // the deep network's weights, left behind by its forward pass
            auto& net = dynamic_cast<nn::Transformer<float>&>(*stored.net);
            y.looks = request_looks(net, y.s.objects());
            for (const auto& layer : net.layers) y.weights.push_back(layer.self_attn.weights()), y.heads.push_back(layer.self_attn.heads());
        }
    }
    return y;
}

json head_ref(long layer, long head, long object) { return {{"kind", "inner"}, {"name", "head_weight"}, {"layer", layer}, {"head", head}, {"row", object}}; }
json answer_ref(long model, long col) { return {{"kind", "inner"}, {"name", "answer"}, {"row", model}, {"col", col}}; }
json place_ref(long object, long col) { return {{"kind", "inner"}, {"name", "place"}, {"row", object}, {"col", col}}; }
// An object's place is worked out from the scene, and the pictures' table of numbers shows it.
int add_place(Explanation& e, long object, long col, const std::string& label, double value) {
    return e.add(place_ref(object, col), label, value, "pictured");
}

// The request token's weight on place `at` (0 itself, 1 + i object i) in head h of layer l.
double head_weight(const Layers& y, long l, long h, long at) { return y.weights[l](h * (y.s.objects() + 1), at); }

// The mean over the heads of layer l of the request token's weight on place `at`.
json mean_weight(const Layers& y, const json& ref, long l, long at, double value) {
    const long H = y.heads[l];
    Explanation e(ref, at == 0 ? "the request token's weight on itself in layer " + std::to_string(l + 1)
                               : "the request token's weight on " + object_words(y.s, at - 1) + " in layer " + std::to_string(l + 1),
                  kLayersStep, "Σₕ wₕ / H", "each head's weight, added up and divided by the number of heads");
    std::vector<Expr> terms;
    for (long h = 0; h < H; ++h)
        // A head's weight on an object is in the pictures' table of weights; on itself, nowhere.
        terms.push_back(operand(e.add(at == 0 ? json{{"kind", "inner"}, {"name", "head_self"}, {"layer", l}, {"head", h}} : head_ref(l, h, at - 1),
                                      "head " + std::to_string(h + 1) + "'s weight", head_weight(y, l, h, at), at == 0 ? "result" : "pictured")));
    e.expression(div(sum(std::move(terms)), constant(static_cast<double>(H))));
    return e.to_json(value);
}

json place(const Layers& y, const json& ref, long i, long c) {
    const double v = y.s.positions_cm(i, c);
    const std::string what = std::string(c == 0 ? "x" : "y") + " [cm] of " + object_words(y.s, i);
    if (y.dragged)
        return Explanation(ref, what, kMissStep, "where you put it", "").same_as(param_ref("positions", i, c), what + ", which you set", v).to_json(v);
    return Explanation(ref, what, "A table written as tokens: drawn from the scene's seed", "where the scene put it", "").given("random", v).to_json(v);
}

double truth(const Layers& y, long c) { return y.s.positions_cm(y.s.nearest, c); }

// √((100 a_x − x)² + (100 a_y − y)²): network m's answer against the nearest object's place [cm].
json miss_here(const Layers& y, const json& ref, long m) {
    Explanation e(ref, "how far " + network_words(slot_of(m)) + "'s answer is from the nearest object [cm]", kMissStep,
                  "√((100 aₓ − x)² + (100 a_y − y)²)", "the straight-line distance between the answer in centimetres and the object's place");
    std::vector<Expr> d;
    for (long c = 0; c < 2; ++c)
        d.push_back(square(sub(mul(constant(kCmPerMetre), operand(e.add(answer_ref(m, c), axis_words(c, "the answer's ", " [m]"), y.answers[m](0, c)))),
                               operand(add_place(e, y.s.nearest, c, axis_words(c, "the nearest object's ", " [cm]"), truth(y, c))))));
    e.expression(sqrt(sum(std::move(d))));
    return e.to_json(std::hypot(kCmPerMetre * y.answers[m](0, 0) - truth(y, 0), kCmPerMetre * y.answers[m](0, 1) - truth(y, 1)));
}

json inner(const Layers& y, const json& ref) {
    const std::string name = ref_text(ref, "name");
    const long n = y.s.objects(), L = static_cast<long>(y.looks.size());
    if (name == "answer") {
        const long m = ref_index(ref, "row", 3), c = ref_index(ref, "col", 2);
        const double v = y.answers[m](0, c);
        return Explanation(ref, axis_words(c, "the answer's ", " [m] of ") + network_words(slot_of(m)), kMissStep, "the network's output",
                           "computed by the network's layers").given("forward", v).to_json(v);
    }
    if (name == "place") return place(y, ref, ref_index(ref, "row", n), ref_index(ref, "col", 2));
    const long l = ref_index(ref, "layer", L);
    const long h = ref_index(ref, "head", y.heads[l]);
    const long at = name == "head_self" ? 0 : name == "head_weight" ? 1 + ref_index(ref, "row", n) : -1;
    if (at < 0) throw ParamError("ref", "this demo works out no value called \"" + name + "\"");
    const double v = head_weight(y, l, h, at);
    return Explanation(ref, "head " + std::to_string(h + 1) + "'s weight of the request token on " + (at ? object_words(y.s, at - 1) : "itself") +
                                " in layer " + std::to_string(l + 1),
                       kLayersStep, "softmax of the head's scores", "computed by the network's layers: the softmax of the request token's scores in this head")
        .given("forward", v)
        .to_json(v);
}

json repeats(const json& ref, const std::string& what, const std::string& step, const json& target, double v) {
    return Explanation(ref, what, step, what, "the same number").same_as(target, what, v).to_json(v);
}

json answer_cm(const Layers& y, const json& ref, long c) {
    Explanation e(ref, axis_words(c, "the answer's ", " [cm]"), kMissStep, "100 × answer [m]", "the network's answer in metres, times a hundred");
    e.expression(mul(constant(kCmPerMetre), operand(e.add(answer_ref(2, c), axis_words(c, "the answer's ", " [m]"), y.answers[2](0, c)))));
    return e.to_json(kCmPerMetre * y.answers[2](0, c));
}

json number(const Layers& y, const json& ref) {
    const std::string name = ref_text(ref, "name");
    if (name == "answer_x" || name == "answer_y") return answer_cm(y, ref, name == "answer_y");
    if (name == "truth_x" || name == "truth_y") {
        const long c = name == "truth_y";
        const std::string what = axis_words(c, "the nearest object's ", " [cm]");
        Explanation e(ref, what, kMissStep, what, "the same number");
        return e.expression(operand(add_place(e, y.s.nearest, c, what, truth(y, c)))).to_json(truth(y, c));
    }
    if (name == "miss_cm") {
        Explanation e(ref, "how far the answer is from the nearest object [cm]", kMissStep, "√((x − x_true)² + (y − y_true)²)",
                      "the straight-line distance between the answer and the object");
        std::vector<Expr> d;
        for (long c = 0; c < 2; ++c)
            d.push_back(square(sub(operand(e.add(number_ref(c ? "answer_y" : "answer_x"), axis_words(c, "the answer's ", " [cm]"), kCmPerMetre * y.answers[2](0, c))),
                                   operand(add_place(e, y.s.nearest, c, axis_words(c, "the object's ", " [cm]"), truth(y, c))))));
        e.expression(sqrt(sum(std::move(d))));
        return e.to_json(std::hypot(kCmPerMetre * y.answers[2](0, 0) - truth(y, 0), kCmPerMetre * y.answers[2](0, 1) - truth(y, 1)));
    }
    for (long m = 0; m < 3; ++m) {
        const std::string k = layers_key(layers_networks().at(static_cast<std::size_t>(m)));
        for (long col = 1; col < 4; ++col) {
            const char* const tails[] = {"", "_miss_4", "_miss_6", "_miss_here"};
            if (name != k + tails[col]) continue;
            const json e = col == 3 ? miss_here(y, table_ref("misses", m, 3), m) : explain_measured_miss(table_ref("misses", m, col), slot_of(m), col == 1 ? 4 : 6, kMissStep);
            return repeats(ref, e["name"].get<std::string>(), kMissStep, table_ref("misses", m, col), e["value"].get<double>());
        }
    }
    throw ParamError("ref", "this demo does not explain a number called \"" + name + "\"");
}

// The layers' lines (the layer's number, the weights on the objects, on itself), then the answer and the truth.
std::vector<Printed> printout(const Layers& y) {
    std::vector<Printed> out;
    for (long l = 0; l < static_cast<long>(y.looks.size()); ++l) {
        out.push_back({nullptr, "", static_cast<double>(l + 1),
                       Explanation({{"kind", "printed"}}, "layer " + std::to_string(l + 1), kLayersStep, "the layer's number",
                                   "the layers are numbered from 1, in the order the tokens pass through them")
                           .given("index", l + 1)
                           .to_json(l + 1)});
        for (long i = 0; i < y.s.objects(); ++i) out.push_back({table_ref("layers", i, l), "the weight on " + object_words(y.s, i), y.looks[l].mean[i]});
        out.push_back({table_ref("layers", y.s.objects(), l), "the weight on itself", y.looks[l].self});
    }
    for (long c = 0; c < 2; ++c) out.push_back({number_ref(c ? "answer_y" : "answer_x"), axis_words(c, "the answer's ", " [cm]"), kCmPerMetre * y.answers[2](0, c)});
    for (long c = 0; c < 2; ++c) out.push_back({number_ref(c ? "truth_y" : "truth_x"), axis_words(c, "the true place's ", " [cm]"), truth(y, c)});
    return out;
}

}  // namespace

json explain_table_layers(const Params& p, const json& ref) {
    const std::string kind = ref_kind(ref);
    if (kind == "contents") {
        json numbers = {"answer_x", "answer_y", "truth_x", "truth_y", "miss_cm"};
        for (const std::string& network : layers_networks())
            for (const char* tail : {"_miss_4", "_miss_6", "_miss_here"}) numbers.push_back(layers_key(network) + tail);
        // The pictures' tables of numbers (web/runtime/explainable.js, PICTURE_TABLES). The places (x, y per object;
        // then the answer and the true place) show the worked-out places and repeat these numbers; column −1: the
        // name. The weights (a row per view: each layer's heads averaged, then each head; a column per object)
        // repeat the "layers" table's cells and show each head's weights.
        return {{"tables", {"layers", "misses"}},
                {"numbers", numbers},
                {"printed", true},
                {"pictures", {{"table_layers", {{"inner", "place"}, {"cols", {-1, 0, 1}},
                                                {"after", json::array({json::array({"answer_x", "answer_y"}), json::array({"truth_x", "truth_y"})})}}},
                              {"table_layers_weights", {{"mean", {{"kind", "table"}, {"table", "layers"}}}, {"head", {{"kind", "inner"}, {"name", "head_weight"}}}}}}}};
    }
    const Layers y = layers_of(p);
    if (kind == "param") {
        const long i = ref_index(ref, "row", y.s.objects()), c = ref_index(ref, "col", 2);
        if (ref_text(ref, "name") != "positions" || !y.dragged) throw ParamError("ref", "this demo has no such value you set");
        return Explanation(ref, "a place you set [cm]", "Your setting", "", "").given("param", 0).to_json(y.s.positions_cm(i, c));
    }
    if (kind == "inner") return inner(y, ref);
    if (kind == "number") return number(y, ref);
    if (kind == "printed") return printed_as(ref, printout(y), kLayersStep);
    if (kind != "table") throw ParamError("ref", "this demo has no value of kind \"" + kind + "\"");
    const std::string table = ref_text(ref, "table");
    if (table == "layers") {
        // A row per object, then the request token's weight on itself.
        const long i = ref_index(ref, "row", y.s.objects() + 1), l = ref_index(ref, "col", static_cast<long>(y.looks.size()));
        if (i == y.s.objects()) return mean_weight(y, ref, l, 0, y.looks[l].self);
        return mean_weight(y, ref, l, 1 + i, y.looks[l].mean[i]);
    }
    if (table != "misses") throw ParamError("ref", "this demo has no table called \"" + table + "\"");
    const long m = ref_index(ref, "row", 3), col = ref_index(ref, "col", 4);
    if (col == 0) return explain_parameters(ref, slot_of(m), kMissStep);
    if (col == 3) return miss_here(y, ref, m);
    return explain_measured_miss(ref, slot_of(m), col == 1 ? 4 : 6, kMissStep);
}

}  // namespace attn::lesson_table
