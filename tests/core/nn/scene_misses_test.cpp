// The misses measured in pieces (nn/trainer.hpp): the training's workers each measure a range of the
// test scenes, and the ranges side by side must give the one-piece measure to the bit.
#include <cstring>
#include <vector>

#include <catch2/catch.hpp>

#include "nn/trainer.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::table;

namespace {

// A transformer a few steps into its training, so that its answers are neither zero nor alike.
Trainer trained(const std::string& model, const std::string& task = "nearest") {
    TrainConfig c;
    c.task = task;
    c.model = model;
    c.scenes = 1000;
    Trainer t(c);
    t.advance(10);
    return t;
}

// The measure as it was before it came in pieces: one full forward over every scene, distances
// summed in scene order.
double one_forward_miss_cm(Network<float>& net, Task task, int objects) {
    Rng rng(kTestSeed);
    const SceneSet test = make_scenes(kTestScenes, objects, rng);
    const Mat<float>& answer = net.forward(test.tokens, test.request, kTestScenes, objects);
    const Mat<float>& truth = test.answers(task);
    double total = 0;
    for (int i = 0; i < kTestScenes; ++i) total += (answer.row(i) - truth.row(i)).cast<double>().norm();
    return 100.0 * total / kTestScenes;
}

}  // namespace

TEST_CASE("scene misses: miss_cm gives one full forward's mean miss to the bit") {
    for (const char* model : {"transformer-1", "transformer-2", "lookup", "plain-16"}) {
        Trainer t = trained(model, model == std::string("plain-16") ? "find" : "nearest");
        for (int objects : {4, 6}) {
            INFO(model << ", " << objects << " objects");
            CHECK(miss_cm(t.network(), t.task(), objects) == one_forward_miss_cm(t.network(), t.task(), objects));
        }
    }
}

TEST_CASE("scene misses: ranges measured apart, side by side, are the whole set's to the bit") {
    Trainer t = trained("transformer-2");
    for (int objects : {4, 6}) {
        std::vector<double> whole(kTestScenes);
        scene_misses(t.network(), t.task(), objects, 0, kTestScenes, whole.data());
        for (int shares : {2, 3, 4, 7}) {  // 3 and 7: ranges that start inside a chunk and a group of scenes
            INFO(objects << " objects in " << shares << " shares");
            std::vector<double> pieces(kTestScenes, -1.0);
            for (int s = 0; s < shares; ++s) {
                const int first = s * kTestScenes / shares, end = (s + 1) * kTestScenes / shares;
                scene_misses(t.network(), t.task(), objects, first, end - first, pieces.data() + first);
            }
            CHECK(std::memcmp(pieces.data(), whole.data(), whole.size() * sizeof(double)) == 0);
            CHECK(miss_of(pieces.data(), kTestScenes) == miss_cm(t.network(), t.task(), objects));
        }
    }
}

TEST_CASE("scene misses: a range outside the test set is refused") {
    Trainer t = trained("lookup");
    std::vector<double> out(kTestScenes + 1);
    CHECK_THROWS_AS(scene_misses(t.network(), t.task(), 4, -1, 10, out.data()), std::invalid_argument);
    CHECK_THROWS_AS(scene_misses(t.network(), t.task(), 4, 1995, 10, out.data()), std::invalid_argument);
    CHECK_THROWS_AS(scene_misses(t.network(), t.task(), 4, 0, kTestScenes + 1, out.data()), std::invalid_argument);
    CHECK_NOTHROW(scene_misses(t.network(), t.task(), 4, kTestScenes, 0, out.data()));
}
