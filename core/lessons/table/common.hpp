#pragma once
// What the table lesson's demos share (docs/architecture.md, "A lesson's folder"): the
// lesson's scene, declared once as parameters, drawn as the training scenes are, and the
// trained networks' answers, attention by hand and the words the text weighs them with.
#include <cstdint>
#include <string>
#include <vector>

#include "demo/demo.hpp"
#include "demo/result.hpp"
#include "models/model_store.hpp"
#include "nn/lookup.hpp"
#include "nn/network_table.hpp"
#include "nn/tensor.hpp"
#include "worlds/table/scene.hpp"

namespace attn::lesson_table {

constexpr double kCmPerMetre = 100.0;
// A scene of 4 objects, one of them a cup, which the lesson's network is asked for.
constexpr int kLessonSeed = 5;
constexpr int kLessonObjects = 4;
// The request that stands for "whatever the scene asks for".
constexpr const char* kSceneRequest = "scene";

// One scene, as the networks see it and as the page draws it.
struct TableScene {
    std::vector<int> kinds;     // (n) kind index of each object
    Matrix positions_cm;        // (n, 2) x, y [cm]
    int asked = 0;              // the requested object
    int nearest = 0;            // the object nearest to it (itself when alone)
    Mat<float> tokens;          // (n, 10) kind one-hot, x, y [m]
    Mat<float> request;         // (1, 8) the requested kind, one-hot
    int objects() const { return static_cast<int>(kinds.size()); }
};

// seed and objects; then the requested kind (`with_request`) and positions
// that override the drawn ones (`with_positions`).
std::vector<ParamSpec> scene_params(bool with_request, bool with_positions);
// The scene the parameters describe: drawn from Rng(seed) as the training
// scenes are, then the request and positions the learner chose (ParamError on
// "request" when the scene has no such object, on "positions" when the rows
// are not one per object).
TableScene scene_of(const Params& p);

const char* kind_name(int kind);
// "object 2 (cup)": an object as the explanations name it, by its row in the scene's tables and its kind.
std::string object_words(const TableScene& s, long i);
std::string kind_list(const TableScene& s);  // "['cube', 'cup', 'key', 'box']"
// "[0.25, 1.0]": each value as Python prints round(v, decimals).
std::string py_list(const std::vector<double>& values, int decimals);
template <typename M>
std::vector<double> values_of(const M& m) {
    std::vector<double> v;
    for (Eigen::Index i = 0; i < m.size(); ++i) v.push_back(static_cast<double>(m.data()[i]));
    return v;
}

// Attention by hand with a trained Lookup's own layers, as the lesson writes it.
struct HandAttention {
    Mat<float> objects;  // (n, 16) the embedded object tokens
    Mat<float> query;    // (1, 16)
    Mat<float> keys;     // (n, 16)
    Mat<float> values;   // (n, 16)
    Mat<float> scores;   // (1, n) q k / sqrt(16)
    Mat<float> weights;  // (1, n) softmax of the scores
    Mat<float> mixed;    // (1, 16) the weighted average of the values
    Mat<float> answer;   // (1, 2) [m] out(out_proj(mixed))
};
HandAttention lookup_by_hand(const nn::Lookup<float>& net, const TableScene& s);

// The network in `slot` as its own type, or a ComputeError when it is not loaded.
nn::Lookup<float>& stored_lookup(const Models& models, const std::string& slot);
// The misses [cm] with 4 and 6 objects that the store measured or read when it loaded the network.
struct Misses {
    double four = 0, six = 0;
};
inline Misses misses_of(const models::StoredModel& m) { return {m.miss_4_cm, m.miss_6_cm}; }
// A table of misses [cm] prints them to a tenth of a millimetre, not the page's hundredth: the sentences give
// them to a millimetre, and two decimals let the layers demo's table fit a phone beside its networks' names.
constexpr int kMissDigits = 2;

// How a sentence weighs the largest weight: "alone" (≥ 0.99: in effect one object),
// "mostly" (≥ 0.5) or "shared".
const char* dominance_of(double top_weight);
inline std::vector<std::string> dominance_words() { return {"alone", "mostly", "shared"}; }
// How a sentence weighs a miss [cm]: "under_mm" (< 1 mm), "mm" (< 1 cm), "cm" (< 5 cm) or "far".
const char* miss_words(double cm);
inline std::vector<std::string> miss_word_values() { return {"under_mm", "mm", "cm", "far"}; }

// A network's answer for one scene [m], (1, 2).
Mat<float> answer_of(nn::Network<float>& net, const TableScene& s);

// The same scene with its objects listed in `order` (object order[i] goes to place i), and a random
// order of 0 .. n − 1 from `seed` (table_order.cpp).
TableScene reordered(const TableScene& s, const std::vector<int>& order);
std::vector<int> shuffled(int n, std::uint64_t seed);
// Below this the order demo reports a difference as rounding (a micrometre) [m].
constexpr double kRoundingOnly_m = 1e-6;

// The table-scene networks of `table` whose weights the lessons ship for `task`, in the table's order:
// a network the lesson trained and ships is in its demos without being named here.
std::vector<std::string> networks_shipped_for(const std::vector<nn::NetworkEntry>& table, const std::string& task);
// The networks trained for "find" that the comparison sets side by side (those the network table ships
// for "find": Lookup, Plain-16, Plain-256), in its rows' order, their slots ("find/plain-16") and the prefix
// of their numbers on the page ("plain16"): table_compare.cpp and its explanations share them, so the demo
// and what explains it name the same rows.
const std::vector<std::string>& compare_networks();
std::string compare_slot(const std::string& network);
std::string compare_key(std::string network);
// The same for the networks trained for "nearest" that the two-layer demo sets side by side (those the
// table ships for "nearest": Lookup, Transformer-1, Transformer-2, the demo's three rows): slots
// "nearest/transformer-1", numbers "transformer_1_..." (table_layers.cpp and its explanations).
const std::vector<std::string>& layers_networks();
std::vector<std::string> layers_slots();
std::string layers_key(std::string network);

// {"kind", "x", "y"} for each object [cm], plus "weight" when weights are given.
json objects_json(const TableScene& s, const std::vector<double>& weights = {});

}  // namespace attn::lesson_table
