#include <algorithm>
#include <cmath>

#include "lessons/table/demos.hpp"
#include "nn/transformer.hpp"
#include "math/python_format.hpp"

namespace attn::lesson_table {
namespace {

struct LayerLook {
    std::vector<double> mean;               // (n) weight on each object, averaged over heads
    std::vector<std::vector<double>> heads; // (H, n)
    double self = 0;                        // weight the request token puts on itself, averaged
};

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

std::size_t top_of(const std::vector<double>& v) {
    return static_cast<std::size_t>(std::max_element(v.begin(), v.end()) - v.begin());
}

json compute(const Params& p, const Models& models) {
    const TableScene s = scene_of(p);
    const models::StoredModel& deep = models::require_model(models, "nearest/transformer-2");
    const models::StoredModel& lookup = models::require_model(models, "nearest/lookup");
    const models::StoredModel& shallow = models::require_model(models, "nearest/transformer-1");
    auto& net = dynamic_cast<nn::Transformer<float>&>(*deep.net);
    const Mat<float> answer = answer_of(net, s);  // also leaves each layer's weights behind
    const std::vector<LayerLook> looks = request_looks(net, s.objects());
    const double truth_x = s.positions_cm(s.nearest, 0), truth_y = s.positions_cm(s.nearest, 1);
    const double answer_x = kCmPerMetre * answer(0, 0), answer_y = kCmPerMetre * answer(0, 1);

    Result r;
    r.print("objects: " + kind_list(s) + "  request: " + kind_name(s.kinds[s.asked]) + "  nearest to it: " +
            kind_name(s.kinds[s.nearest]));
    json layers = json::array();
    Matrix table(s.objects(), looks.size());
    std::vector<std::string> cols;
    for (std::size_t l = 0; l < looks.size(); ++l) {
        const std::string label = "layer " + std::to_string(l + 1);
        r.print(label + ", the request token's weights on the objects (mean of the heads): " + py_list(looks[l].mean, 3) +
                "  on itself: " + python_rounded(looks[l].self, 3));
        layers.push_back({{"label", label}, {"weights", looks[l].mean}, {"heads", looks[l].heads}, {"self", looks[l].self}});
        for (int i = 0; i < s.objects(); ++i) table(i, l) = looks[l].mean[i];
        cols.push_back(label);
        r.text("layer" + std::to_string(l + 1) + "_top_kind", kind_name(s.kinds[top_of(looks[l].mean)]));
        r.number("layer" + std::to_string(l + 1) + "_weights", looks[l].mean);
    }
    std::vector<std::string> rows;
    for (int i = 0; i < s.objects(); ++i) rows.push_back(kind_name(s.kinds[i]));
    r.table("layers", "Where the request token looks in each layer (mean of the 2 heads)", table, rows, cols, true);

    // The three networks side by side: their misses on new scenes and on this one.
    json others = json::array();
    Matrix misses(3, 4);
    int row = 0;
    for (const models::StoredModel* m : {&lookup, &shallow, &deep}) {
        const Misses miss = misses_of(*m);
        const Mat<float> a = answer_of(*m->net, s);
        const double here = std::hypot(kCmPerMetre * a(0, 0) - truth_x, kCmPerMetre * a(0, 1) - truth_y);
        misses.row(row++) << static_cast<double>(m->net->parameter_count()), miss.four, miss.six, here;
        others.push_back({{"model", m->net->name()}, {"answer", {kCmPerMetre * a(0, 0), kCmPerMetre * a(0, 1)}}});
        std::string key = m->net->name();
        std::replace(key.begin(), key.end(), '-', '_');
        r.number(key + "_miss_4", miss.four).number(key + "_miss_6", miss.six).number(key + "_miss_here", here);
    }
    r.table("misses", "\"Nearest\": mean miss on 2,000 new scenes, and on this one", misses,
            {"Lookup", "Transformer, 1 layer", "Transformer, 2 layers"},
            {"parameters", "miss, 4 objects [cm]", "miss, 6 objects [cm]", "miss here [cm]"}, false);
    r.print("answer: " + py_list({answer_x, answer_y}, 1) + " cm  true: " + py_list({truth_x, truth_y}, 1) + " cm");
    r.figure({{"kind", "table_attention"}, {"name", "layers"}, {"size_cm", table::kTableSize * kCmPerMetre},
              {"objects", objects_json(s)}, {"request", kind_name(s.kinds[s.asked])},
              {"nearest", kind_name(s.kinds[s.nearest])}, {"layers", layers}, {"answer", {answer_x, answer_y}},
              {"truth", {truth_x, truth_y}}, {"others", others}});
    r.text("nearest_kind", kind_name(s.kinds[s.nearest])).text("request", kind_name(s.kinds[s.asked]));
    r.number("answer_x", answer_x).number("answer_y", answer_y).number("truth_x", truth_x).number("truth_y", truth_y);
    const double miss = std::hypot(answer_x - truth_x, answer_y - truth_y);
    r.number("miss_cm", miss).claim("miss", miss_words(miss));
    r.claim("layer1_on_request", top_of(looks[0].mean) == static_cast<std::size_t>(s.asked) ? "yes" : "no");
    r.claim("layer2_on_nearest", top_of(looks.back().mean) == static_cast<std::size_t>(s.nearest) ? "yes" : "no");
    const Misses two = misses_of(deep), one = misses_of(shallow), plain = misses_of(lookup);
    r.claim("two_layers_best", two.four < std::min(one.four, plain.four) ? "yes" : "no");
    return std::move(r).to_json();
}

}  // namespace

Demo table_layers() {
    return Demo{"table_layers", "Two questions in a row: the nearest object", scene_params(true, true), compute,
                {"table-layers", "table-scene"}, "float32", {"nearest/lookup", "nearest/transformer-1", "nearest/transformer-2"}}
        .claiming("miss", miss_word_values())
        .claiming("layer1_on_request", {"yes", "no"})
        .claiming("layer2_on_nearest", {"yes", "no"})
        .claiming("two_layers_best", {"yes", "no"});
}

}  // namespace attn::lesson_table
