#include <algorithm>
#include <cmath>

#include "lessons/table/common.hpp"
#include "base/error.hpp"
#include "nn/network_table.hpp"
#include "nn/trainer.hpp"
#include "math/python_format.hpp"
#include "math/rng.hpp"

namespace attn::lesson_table {

std::vector<ParamSpec> scene_params(bool with_request, bool with_positions) {
    std::vector<ParamSpec> params = {
        integer_param("seed", kLessonSeed)
            .labelled("Scene")
            .helped("Picks the kinds and places of the objects; the same number gives the same table.")
            .in(0, 1000000)
            .stepped(1),
        integer_param("objects", kLessonObjects)
            .labelled("Objects on the table")
            .helped("From 1 to 8, each of a different kind. The networks trained with 4.")
            .in(1, table::kMaxObjects)
            .stepped(1),
    };
    if (with_request) {
        // The default is whatever the scene asks for, so every scene opens on a
        // request that is on its table.
        std::vector<std::string> kinds = {kSceneRequest}, labels = {"what the scene asks for"};
        kinds.insert(kinds.end(), table::kKindNames.begin(), table::kKindNames.end());
        labels.insert(labels.end(), table::kKindNames.begin(), table::kKindNames.end());
        params.push_back(choice_param("request", kSceneRequest, kinds)
                             .choices_labelled(labels)
                             .labelled("Request")
                             .helped("The kind asked for; another kind must be on the table.")
                             .following({"seed", "objects"}));
    }
    if (with_positions)
        params.push_back(matrix_param("positions", {})
                             .labelled("Positions")
                             .helped("Drag an object, or focus it and use the arrow keys; a new scene starts from its own places.")
                             .following({"seed", "objects"})
                             .from_picture()
                             .measured_in("cm")
                             .length(0, table::kMaxObjects)
                             .columns(2, 2)
                             .rows_named("object")
                             .columns_named({"x [cm]", "y [cm]"})
                             .in(0, table::kTableSize * kCmPerMetre));
    return params;
}

const char* kind_name(int kind) { return table::kKindNames[static_cast<std::size_t>(kind)]; }

std::string object_words(const TableScene& s, long i) {
    return "object " + std::to_string(i) + " (" + kind_name(s.kinds[static_cast<std::size_t>(i)]) + ")";
}

std::string kind_list(const TableScene& s) {
    std::string out = "[";
    for (int i = 0; i < s.objects(); ++i) out += (i ? ", '" : "'") + std::string(kind_name(s.kinds[i])) + "'";
    return out + "]";
}

std::string py_list(const std::vector<double>& values, int decimals) { return python_rounded_list(values, decimals); }

// [snippet:table-scene]
TableScene scene_of(const Params& p) {
    const int n = p.integer("objects");
    Rng rng(static_cast<std::uint64_t>(p.integer("seed")));
    const table::SceneSet drawn = table::make_scenes(1, n, rng);  // the same draw as a training scene

    TableScene s;
    s.kinds = drawn.kinds;
    s.asked = drawn.asked[0];
    s.positions_cm.resize(n, 2);
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < 2; ++c) s.positions_cm(i, c) = kCmPerMetre * drawn.tokens(i, table::kKinds + c);

    const auto& values = p.values();
    if (values.contains("request") && p.choice("request") != kSceneRequest) {  // the learner's replaces the drawn one
        const std::string wanted = p.choice("request");
        s.asked = -1;
        for (int i = 0; i < n; ++i)
            if (wanted == kind_name(s.kinds[i])) s.asked = i;
        if (s.asked < 0) {
            std::string on_table;
            for (int i = 0; i < n; ++i) on_table += (i ? ", " : "") + std::string(kind_name(s.kinds[i]));
            throw ParamError("request", "there is no " + wanted + " on this table; it holds " + on_table);
        }
    }
    if (values.contains("positions")) {  // and dragged objects their drawn places
        const Matrix moved = p.matrix("positions");
        if (moved.rows() > 0) {
            if (moved.rows() != n)
                throw ParamError("positions", "positions needs one row per object: " + std::to_string(n) + " rows (got " +
                                                  std::to_string(moved.rows()) + ")");
            s.positions_cm = moved;
        }
    }

    // The tokens: kind one-hot, then x and y in metres; the request: its kind one-hot.
    s.tokens.setZero(n, table::kTokenWidth);
    s.request.setZero(1, table::kKinds);
    for (int i = 0; i < n; ++i) {
        s.tokens(i, s.kinds[i]) = 1.0f;
        s.tokens(i, table::kKinds) = static_cast<float>(s.positions_cm(i, 0) / kCmPerMetre);
        s.tokens(i, table::kKinds + 1) = static_cast<float>(s.positions_cm(i, 1) / kCmPerMetre);
    }
    s.request(0, s.kinds[s.asked]) = 1.0f;

    // The nearest other object, measured on the tokens as the training answers are.
    s.nearest = s.asked;
    double best = INFINITY;
    for (int i = 0; i < n; ++i) {
        if (i == s.asked) continue;
        const double d = std::hypot(s.tokens(i, table::kKinds) - s.tokens(s.asked, table::kKinds),
                                    s.tokens(i, table::kKinds + 1) - s.tokens(s.asked, table::kKinds + 1));
        if (d < best) best = d, s.nearest = i;
    }
    return s;
}
// [/snippet]

// [snippet:table-attention-by-hand]
// The three steps of attention with the Lookup's own layers, in float as the module computes.
HandAttention lookup_by_hand(const nn::Lookup<float>& net, const TableScene& s) {
    const int d = nn::Lookup<float>::kWidth;  // 16 numbers in every query, key and value
    const Mat<float>& w = net.attend.in_proj_weight.value;  // (48, 16): queries, keys, values stacked
    const Mat<float>& b = net.attend.in_proj_bias.value;    // (1, 48)
    HandAttention h;
    h.objects = (s.tokens * net.embed_object.weight.value.transpose()).rowwise() + net.embed_object.bias.value.row(0);
    const Mat<float> asked =
        (s.request * net.embed_request.weight.value.transpose()).rowwise() + net.embed_request.bias.value.row(0);
    h.query = (asked * w.topRows(d).transpose()).rowwise() + b.row(0).segment(0, d);
    h.keys = (h.objects * w.middleRows(d, d).transpose()).rowwise() + b.row(0).segment(d, d);
    h.values = (h.objects * w.bottomRows(d).transpose()).rowwise() + b.row(0).segment(2 * d, d);

    // 1. Score every key against the query, divided by sqrt(d).
    h.scores = h.query * h.keys.transpose() / std::sqrt(static_cast<float>(d));
    // 2. Softmax the scores into weights that add up to 1.
    const Mat<float> e = (h.scores.array() - h.scores.maxCoeff()).exp().matrix();
    h.weights = e / e.sum();
    // 3. Average the values with those weights.
    h.mixed = h.weights * h.values;

    // Then the layer's output projection and the Lookup's last layer turn it into x, y [m].
    const Mat<float> projected = (h.mixed * net.attend.out_proj.weight.value.transpose()) +
                                     net.attend.out_proj.bias.value;
    h.answer = (projected * net.out.weight.value.transpose()) + net.out.bias.value;
    return h;
}
// [/snippet]

nn::Lookup<float>& stored_lookup(const Models& models, const std::string& slot) {
    const models::StoredModel& m = models::require_model(models, slot);
    return dynamic_cast<nn::Lookup<float>&>(*m.net);  // the store checked that the file holds a lookup
}


const char* dominance_of(double top_weight) {
    if (top_weight >= 0.99) return "alone";
    if (top_weight >= 0.5) return "mostly";
    return "shared";
}

const char* miss_words(double cm) {
    if (cm < 0.1) return "under_mm";
    if (cm < 1) return "mm";
    if (cm < 5) return "cm";
    return "far";
}

Mat<float> answer_of(nn::Network<float>& net, const TableScene& s) {
    return net.forward(s.tokens, s.request, 1, s.objects());
}

json objects_json(const TableScene& s, const std::vector<double>& weights) {
    json out = json::array();
    for (int i = 0; i < s.objects(); ++i) {
        json o = {{"kind", kind_name(s.kinds[i])}, {"x", s.positions_cm(i, 0)}, {"y", s.positions_cm(i, 1)}};
        if (!weights.empty()) o["weight"] = weights[static_cast<std::size_t>(i)];
        out.push_back(o);
    }
    return out;
}

std::vector<std::string> networks_shipped_for(const std::vector<nn::NetworkEntry>& table, const std::string& task) {
    std::vector<std::string> names;
    for (const nn::NetworkEntry& e : table) {
        const nn::LessonTraining* t = e.training_for(task);
        if (e.input == nn::NetworkInput::TableScene && t && !t->weights.empty()) names.push_back(e.name);
    }
    return names;
}

const std::vector<std::string>& compare_networks() {
    static const std::vector<std::string> networks = networks_shipped_for(nn::network_table(), "find");
    return networks;
}

std::string compare_slot(const std::string& network) { return "find/" + network; }

std::string compare_key(std::string network) {
    network.erase(std::remove(network.begin(), network.end(), '-'), network.end());
    return network;
}

const std::vector<std::string>& layers_networks() {
    static const std::vector<std::string> networks = networks_shipped_for(nn::network_table(), "nearest");
    return networks;
}

std::vector<std::string> layers_slots() {
    std::vector<std::string> slots;
    for (const std::string& network : layers_networks()) slots.push_back("nearest/" + network);
    return slots;
}

std::string layers_key(std::string network) {
    std::replace(network.begin(), network.end(), '-', '_');
    return network;
}

}  // namespace attn::lesson_table
