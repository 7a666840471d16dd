#include <algorithm>
#include <cmath>

#include "lessons/table/demos.hpp"
#include "lessons/table/layers.hpp"
#include "nn/transformer.hpp"
#include "math/python_format.hpp"

namespace attn::lesson_table {

// [snippet:table-layers]
// Where the request token (place 0 of the sequence) looked in each encoder layer
// during the last forward pass of one scene: row h*L + 0 of that layer's weights.
std::vector<LayerLook> request_looks(const nn::Transformer<float>& net, int objects) {
    const int length = objects + 1;  // the request token, then the objects
    std::vector<LayerLook> looks;
    for (const auto& layer : net.layers) {
        const Mat<float>& p = layer.self_attn.weights();  // (H*L, L) for one scene
        const int heads = layer.self_attn.heads();
        LayerLook look;
        look.mean.assign(objects, 0.0);
        for (int h = 0; h < heads; ++h) {
            std::vector<double> row(objects);
            for (int i = 0; i < objects; ++i) row[i] = p(h * length, 1 + i);
            for (int i = 0; i < objects; ++i) look.mean[i] += row[i] / heads;
            look.self += p(h * length, 0) / heads;
            look.heads.push_back(row);
        }
        looks.push_back(look);
    }
    return looks;
}
// [/snippet]

namespace {

std::size_t top_of(const std::vector<double>& v) {
    return static_cast<std::size_t>(std::max_element(v.begin(), v.end()) - v.begin());
}

// The scene, and the three networks trained for "nearest" on it; the two-layer transformer's answer and
// where its request token looked in each layer.
struct Nearest {
    TableScene s;
    const models::StoredModel* lookup = nullptr;
    const models::StoredModel* shallow = nullptr;
    const models::StoredModel* deep = nullptr;
    std::vector<LayerLook> looks;          // one per layer of the deep network
    double answer_x = 0, answer_y = 0;     // the deep network's answer [cm]
    double truth_x = 0, truth_y = 0;       // the object nearest to the requested one [cm]
};

Nearest nearest_of(const Params& p, const Models& models) {
    Nearest n;
    n.s = scene_of(p);
    const std::vector<std::string> slots = layers_slots();  // lookup, transformer-1, transformer-2
    n.lookup = &models::require_model(models, slots[0]);
    n.shallow = &models::require_model(models, slots[1]);
    n.deep = &models::require_model(models, slots[2]);
    auto& net = dynamic_cast<nn::Transformer<float>&>(*n.deep->net);
    const Mat<float> answer = answer_of(net, n.s);  // also leaves each layer's weights behind
    n.looks = request_looks(net, n.s.objects());
    n.truth_x = n.s.positions_cm(n.s.nearest, 0), n.truth_y = n.s.positions_cm(n.s.nearest, 1);
    n.answer_x = kCmPerMetre * answer(0, 0), n.answer_y = kCmPerMetre * answer(0, 1);
    return n;
}

// Each layer's weights of the request token on the objects: printed, in a table, and for the picture.
json add_layer_looks(Result& r, const Nearest& n) {
    const TableScene& s = n.s;
    r.print("objects: " + kind_list(s) + "  request: " + kind_name(s.kinds[s.asked]) + "  nearest to it: " +
            kind_name(s.kinds[s.nearest]));
    json layers = json::array();
    Matrix table(s.objects() + 1, n.looks.size());  // a row per object, then the request token's weight on itself
    std::vector<std::string> cols;
    for (std::size_t l = 0; l < n.looks.size(); ++l) {
        const LayerLook& look = n.looks[l];
        const std::string label = "layer " + std::to_string(l + 1);
        r.print(label + ", the request token's weights on the objects (mean of the heads): " + py_list(look.mean, 3) +
                "  on itself: " + python_rounded(look.self, 3));
        layers.push_back({{"label", label}, {"weights", look.mean}, {"heads", look.heads}, {"self", look.self}});
        for (int i = 0; i < s.objects(); ++i) table(i, l) = look.mean[i];
        table(s.objects(), l) = look.self;
        cols.push_back(label);
        r.text("layer" + std::to_string(l + 1) + "_top_kind", kind_name(s.kinds[top_of(look.mean)]));
        r.number("layer" + std::to_string(l + 1) + "_weights", look.mean);
    }
    std::vector<std::string> rows;
    for (int i = 0; i < s.objects(); ++i) rows.push_back(kind_name(s.kinds[i]));
    rows.push_back("itself (the request token)");
    r.table("layers", "Where the request token looks in each layer (mean of the 2 heads)", table, rows, cols, true);
    return layers;
}

// The three networks side by side: their misses on new scenes and on this one. Returns each one's answer
// for the picture.
json add_misses(Result& r, const Nearest& n) {
    json others = json::array();
    Matrix misses(3, 4);
    int row = 0;
    for (const models::StoredModel* m : {n.lookup, n.shallow, n.deep}) {
        const Misses miss = misses_of(*m);
        const Mat<float> a = answer_of(*m->net, n.s);
        const double here = std::hypot(kCmPerMetre * a(0, 0) - n.truth_x, kCmPerMetre * a(0, 1) - n.truth_y);
        misses.row(row++) << static_cast<double>(m->net->parameter_count()), miss.four, miss.six, here;
        others.push_back({{"model", m->net->name()}, {"answer", {kCmPerMetre * a(0, 0), kCmPerMetre * a(0, 1)}}});
        const std::string key = layers_key(m->net->name());
        r.number(key + "_miss_4", miss.four).number(key + "_miss_6", miss.six).number(key + "_miss_here", here);
    }
    r.table("misses", "\"Nearest\": mean miss on 2,000 new scenes, and on this one", misses,
            {"Lookup", "Transformer, 1 layer", "Transformer, 2 layers"},
            {"parameters", "miss, 4 objects [cm]", "miss, 6 objects [cm]", "miss here [cm]"}, false)
        .digits(kMissDigits);
    return others;
}

// The deep network's answer against the truth: printed, in the picture (with the layers' weights and the
// other networks' answers), and in the sentences.
void add_answer(Result& r, const Nearest& n, json layers, json others) {
    const TableScene& s = n.s;
    r.print("answer: " + py_list({n.answer_x, n.answer_y}, 1) + " cm  true: " + py_list({n.truth_x, n.truth_y}, 1) + " cm");
    r.figure({{"kind", "table_attention"}, {"name", "layers"}, {"size_cm", table::kTableSize * kCmPerMetre},
              {"objects", objects_json(s)}, {"request", kind_name(s.kinds[s.asked])},
              {"nearest", kind_name(s.kinds[s.nearest])}, {"layers", std::move(layers)}, {"answer", {n.answer_x, n.answer_y}},
              {"truth", {n.truth_x, n.truth_y}}, {"others", std::move(others)}});
    r.text("nearest_kind", kind_name(s.kinds[s.nearest])).text("request", kind_name(s.kinds[s.asked]));
    r.number("answer_x", n.answer_x).number("answer_y", n.answer_y).number("truth_x", n.truth_x).number("truth_y", n.truth_y);
    const double miss = std::hypot(n.answer_x - n.truth_x, n.answer_y - n.truth_y);
    r.number("miss_cm", miss).claim("miss", miss_words(miss));
}

// Where a layer's heaviest weight goes: "itself" when the request token keeps more on itself than it gives any
// object, else "yes" when the object it favours is `wanted`, "no" when it is another.
std::string heaviest_on(const LayerLook& look, int wanted) {
    const std::size_t top = top_of(look.mean);
    if (look.self > look.mean[top]) return "itself";
    return top == static_cast<std::size_t>(wanted) ? "yes" : "no";
}

// What the text says of it: whether there is a neighbour at all (not with one object), whether layer 1 finds
// the request and layer 2 the nearest object, and whether two layers beat one and the Lookup.
void add_claims(Result& r, const Nearest& n) {
    const bool alone = n.s.objects() == 1;
    r.claim("neighbour", alone ? "none" : "yes");
    r.claim("layer1_on_request", heaviest_on(n.looks[0], n.s.asked));
    const std::string second = heaviest_on(n.looks.back(), n.s.nearest);
    r.claim("layer2_on_nearest", alone && second == "yes" ? "only" : second);  // the one object is no neighbour
    const Misses two = misses_of(*n.deep), one = misses_of(*n.shallow), plain = misses_of(*n.lookup);
    r.claim("two_layers_best", two.four < std::min(one.four, plain.four) ? "yes" : "no");
}

// The lesson's steps: the scene and the two-layer network's answer, where its request token looked in each
// layer, the three networks' misses side by side, then the answer against the truth.
json compute(const Params& p, const Models& models) {
    const Nearest n = nearest_of(p, models);
    Result r;
    json layers = add_layer_looks(r, n);
    json others = add_misses(r, n);
    add_answer(r, n, std::move(layers), std::move(others));
    add_claims(r, n);
    return std::move(r).to_json();
}

}  // namespace

Demo table_layers() {
    return Demo{"table_layers", "Two questions in a row: the nearest object", scene_params(true, true), compute,
                {"table-layers", "table-scene"}, "float32", layers_slots()}
        .claiming("miss", miss_word_values())
        .claiming("neighbour", {"yes", "none"})
        .claiming("layer1_on_request", {"yes", "no", "itself"})
        .claiming("layer2_on_nearest", {"yes", "no", "itself", "only"})
        .claiming("two_layers_best", {"yes", "no"});
}

}  // namespace attn::lesson_table
