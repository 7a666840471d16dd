// The lesson's claims, after full training at seed 0 as the lesson trains
// (20,000 scenes of 4 objects, batches of 128, the lesson's rate and epochs),
// each measured on 2,000 new scenes. These take the longest of the suite
// (about a minute and a half together, natively).
#include <cmath>

#include <catch2/catch.hpp>

#include "nn/lookup.hpp"
#include "nn/trainer.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::table;

namespace {

std::unique_ptr<Trainer> trained(const std::string& task, const std::string& model) {
    TrainConfig c;
    c.task = task;
    c.model = model;
    auto t = std::make_unique<Trainer>(c);
    t->advance(t->progress().total_steps);
    REQUIRE(t->progress().done);
    return t;
}

// What a printout rounded to 4 decimals shows.
double printed(double v) { return std::round(v * 1e4) / 1e4; }

}  // namespace

TEST_CASE("claims: lookup finds the requested object within half a centimetre with 4 objects and with 6",
          "[claims]") {
    auto t = trained("find", "lookup");
    const double m4 = miss_cm(t->network(), Task::Find, 4), m6 = miss_cm(t->network(), Task::Find, 6);
    INFO("lookup on find: " << m4 << " cm with 4 objects, " << m6 << " cm with 6");
    CHECK(m4 < 0.5);
    CHECK(m6 < 0.5);
}

TEST_CASE("claims: attention by hand from a trained lookup's weights gives the module's answer to every printed digit",
          "[claims]") {
    auto t = trained("find", "lookup");
    auto& net = dynamic_cast<Lookup<float>&>(t->network());
    Rng rng(5);
    const SceneSet scene = make_scenes(1, 4, rng);
    const Mat<float> module = net.forward(scene.tokens, scene.request, 1, 4);

    // By hand, as the lesson writes it: project, score, softmax, average, then the two output layers.
    const int w = Lookup<float>::kWidth;
    const Mat<float>& in_w = net.attend.in_proj_weight.value;
    const Mat<float>& in_b = net.attend.in_proj_bias.value;
    const Mat<float> objects = (scene.tokens * net.embed_object.weight.value.transpose()).rowwise() +
                               net.embed_object.bias.value.row(0);
    const Mat<float> request = (scene.request * net.embed_request.weight.value.transpose()).rowwise() +
                               net.embed_request.bias.value.row(0);
    const Mat<float> q = (request * in_w.topRows(w).transpose()).rowwise() + in_b.row(0).segment(0, w);
    const Mat<float> k = (objects * in_w.middleRows(w, w).transpose()).rowwise() + in_b.row(0).segment(w, w);
    const Mat<float> v = (objects * in_w.bottomRows(w).transpose()).rowwise() + in_b.row(0).segment(2 * w, w);
    Mat<float> scores = q * k.transpose() / std::sqrt(static_cast<float>(w));  // (1, 4)
    const Mat<float> weights = (scores.array() - scores.maxCoeff()).exp().matrix();
    const Mat<float> mixed = (weights / weights.sum()) * v;  // (1, 16)
    const Mat<float> projected = (mixed * net.attend.out_proj.weight.value.transpose()) + net.attend.out_proj.bias.value;
    const Mat<float> by_hand = (projected * net.out.weight.value.transpose()) + net.out.bias.value;

    for (int c = 0; c < 2; ++c) {
        INFO("coordinate " << c << ": by hand " << by_hand(0, c) << ", module " << module(0, c));
        CHECK(printed(by_hand(0, c)) == printed(module(0, c)));
    }
    CHECK(std::abs(module(0, 0) - scene.find(0, 0)) < 0.01f);  // and it lands on the object
}

TEST_CASE("claims: shuffling the objects leaves a trained lookup's answer unchanged", "[claims]") {
    auto t = trained("find", "lookup");
    Rng rng(5);
    const SceneSet scene = make_scenes(1, 4, rng);
    const Mat<float> first = t->network().forward(scene.tokens, scene.request, 1, 4);
    Mat<float> shuffled(4, kTokenWidth);
    shuffled << scene.tokens.row(2), scene.tokens.row(0), scene.tokens.row(3), scene.tokens.row(1);
    const Mat<float> second = t->network().forward(shuffled, scene.request, 1, 4);
    CHECK((first - second).cwiseAbs().maxCoeff() < 1e-6f);  // only float rounding of a sum in another order
}

TEST_CASE("claims: plain-256 misses a few cm with 4 objects and several times more with 6", "[claims]") {
    auto t = trained("find", "plain-256");
    const double m4 = miss_cm(t->network(), Task::Find, 4), m6 = miss_cm(t->network(), Task::Find, 6);
    INFO("plain-256 on find: " << m4 << " cm with 4 objects, " << m6 << " cm with 6");
    CHECK(m4 > 1.0);
    CHECK(m4 < 6.0);
    CHECK(m6 > 3 * m4);
}

TEST_CASE("claims: plain-16 misses by more than 15 cm", "[claims]") {
    auto t = trained("find", "plain-16");
    const double m4 = miss_cm(t->network(), Task::Find, 4);
    INFO("plain-16 on find: " << m4 << " cm with 4 objects");
    CHECK(m4 > 15.0);
}

TEST_CASE("claims: on nearest, lookup and the 1-layer transformer miss by more than 15 cm", "[claims]") {
    for (const char* model : {"lookup", "transformer-1"}) {
        auto t = trained("nearest", model);
        const double m4 = miss_cm(t->network(), Task::Nearest, 4);
        INFO(model << " on nearest: " << m4 << " cm with 4 objects");
        CHECK(m4 > 15.0);
    }
}

TEST_CASE("claims: on nearest, the 2-layer transformer misses by under 8 cm", "[claims]") {
    auto t = trained("nearest", "transformer-2");
    const double m4 = miss_cm(t->network(), Task::Nearest, 4);
    INFO("transformer-2 on nearest: " << m4 << " cm with 4 objects");
    CHECK(m4 < 8.0);
}
