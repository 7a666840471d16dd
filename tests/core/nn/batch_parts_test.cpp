// A batch in parts (nn/batch_parts.hpp): the split, the pairwise sum, and the
// facts that let Web Workers share a transformer's steps: the parts' gradients
// add up to the whole batch's, and however the parts are grouped among
// workers, the step's gradient and the whole training come out to the bit.
#include <cmath>
#include <cstring>
#include <vector>

#include <catch2/catch.hpp>

#include "nn/batch_parts.hpp"
#include "nn/trainer.hpp"
#include "worlds/table/scene.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::table;

namespace {

TrainConfig small(const std::string& model, int epochs) {
    TrainConfig c;
    c.task = "nearest";
    c.model = model;
    c.seed = 7;
    c.epochs = epochs;
    c.scenes = 1000;  // 8 steps per epoch: 7 of 128 scenes, then 104
    return c;
}

// The gradient of parts [first, first + count) of `step` as one block.
std::vector<float> block_of(Trainer& t, long step, int first, int count) {
    const ParamList<float>& params = t.network().params();
    std::vector<float> block(static_cast<std::size_t>(block_size(params)));
    export_gradient(params, t.gradient_of_parts(step, first, count), block.data());
    return block;
}

// Trains `config` as `workers` Trainers would in as many Web Workers: each
// computes its share of the parts, all sum the blocks in part order and step.
std::vector<Trainer> train_in_workers(const TrainConfig& config, int workers) {
    std::vector<Trainer> team;
    team.reserve(static_cast<std::size_t>(workers));
    for (int w = 0; w < workers; ++w) team.emplace_back(config);
    const int per = team[0].parts() / workers;
    const long size = block_size(team[0].network().params());
    while (!team[0].progress().done) {
        std::vector<float> blocks;
        for (int w = 0; w < workers; ++w) {
            const std::vector<float> b = block_of(team[w], team[0].progress().step, w * per, per);
            blocks.insert(blocks.end(), b.begin(), b.end());
        }
        for (Trainer& t : team) {
            std::vector<float> mine = blocks;  // sum_pairwise overwrites
            sum_pairwise(mine.data(), workers, size);
            t.take_step(import_gradient(t.network().params(), mine.data()));
        }
    }
    return team;
}

void require_same_weights(Network<float>& a, Network<float>& b) {
    for (std::size_t i = 0; i < a.params().size(); ++i) {
        INFO(a.params()[i]->name);
        REQUIRE(a.params()[i]->value == b.params()[i]->value);  // exactly
    }
}

}  // namespace

TEST_CASE("batch parts: transformers train on 4 parts, the other networks on the whole batch") {
    CHECK(batch_parts("transformer-1") == 4);
    CHECK(batch_parts("transformer-2") == 4);
    for (const char* model : {"lookup", "plain-16", "plain-256"}) CHECK(batch_parts(model) == 1);
}

TEST_CASE("batch parts: the parts cover every scene of a batch once, in order, some empty when scenes are few") {
    for (int n : {128, 104, 32, 5, 3, 1}) {
        int next = 0;
        for (int p = 0; p < 4; ++p) {
            const auto [first, count] = part_scenes(p, 4, n);
            CHECK(first == next);
            CHECK(count >= 0);
            next += count;
        }
        CHECK(next == n);
    }
    CHECK(part_scenes(1, 4, 128) == std::pair<int, int>{32, 32});
    CHECK(part_scenes(0, 4, 3).second == 0);
}

TEST_CASE("batch parts: the pairwise sum of 4 blocks is (0 + 1) + (2 + 3)") {
    // 1e8 + 1 - 1e8 in floats: the grouping decides whether the 1 survives.
    std::vector<float> blocks = {1e8f, 1.0f, -1e8f, 1.0f};
    sum_pairwise(blocks.data(), 4, 1);
    CHECK(blocks[0] == (1e8f + 1.0f) + (-1e8f + 1.0f));
    CHECK_THROWS(sum_pairwise(blocks.data(), 3, 1));
}

TEST_CASE("batch parts: the parts' gradients, scaled as the whole batch's mean, add up to the whole batch's gradient") {
    Rng rng(3);
    const SceneSet scenes = make_scenes(16, 4, rng);
    auto whole = make_network<float>("transformer-1", rng);
    MseLoss<float> mse;
    const float loss = mse.forward(whole->forward(scenes.tokens, scenes.request, 16, 4), scenes.nearest);
    whole->backward(mse.d_pred());

    Rng same(0);
    auto parted = make_network<float>("transformer-1", same);
    copy_weights(*whole, *parted);
    std::vector<Mat<float>> sum;
    float squares = 0;
    for (int p = 0; p < 4; ++p) {
        const int rows[4] = {4 * p, 4 * p + 1, 4 * p + 2, 4 * p + 3};
        SceneSet part;
        gather_scenes(scenes, rows, 4, part);
        const Mat<float>& answer = parted->forward(part.tokens, part.request, 4, 4);
        squares += mse.squares(answer, part.nearest, 32.0f);
        parted->backward(mse.d_pred());
        for (std::size_t i = 0; i < parted->params().size(); ++i) {
            if (p == 0) sum.push_back(parted->params()[i]->grad);
            else sum[i] += parted->params()[i]->grad;
        }
    }
    CHECK(squares / 32.0f == Approx(loss).epsilon(1e-5));
    for (std::size_t i = 0; i < sum.size(); ++i) {
        INFO(whole->params()[i]->name);
        const float scale = whole->params()[i]->grad.cwiseAbs().maxCoeff();
        CHECK((sum[i] - whole->params()[i]->grad).cwiseAbs().maxCoeff() <= 1e-5f * scale);
    }
}

TEST_CASE("batch parts: a step's gradient is the same to the bit however its parts are grouped") {
    Trainer t(small("transformer-2", 1));
    const std::vector<float> all = block_of(t, 0, 0, 4);
    std::vector<float> halves = block_of(t, 0, 0, 2);
    const std::vector<float> second = block_of(t, 0, 2, 2);
    halves.insert(halves.end(), second.begin(), second.end());
    std::vector<float> quarters;
    for (int p = 0; p < 4; ++p) {
        const std::vector<float> b = block_of(t, 0, p, 1);
        quarters.insert(quarters.end(), b.begin(), b.end());
    }
    const long size = static_cast<long>(all.size());
    sum_pairwise(halves.data(), 2, size);
    sum_pairwise(quarters.data(), 4, size);
    CHECK(std::vector<float>(halves.begin(), halves.begin() + size) == all);
    CHECK(std::vector<float>(quarters.begin(), quarters.begin() + size) == all);
}

TEST_CASE("batch parts: training a transformer in 1, 2 or 4 workers ends with the bits of advance()") {
    const TrainConfig config = small("transformer-1", 2);
    Trainer alone(config);
    alone.advance(1000);
    REQUIRE(alone.progress().done);
    for (int workers : {1, 2, 4}) {
        INFO(workers << " workers");
        std::vector<Trainer> team = train_in_workers(config, workers);
        for (Trainer& t : team) {
            CHECK(t.progress().epoch_loss == alone.progress().epoch_loss);
            require_same_weights(t.network(), alone.network());
        }
    }
}

TEST_CASE("batch parts: a worker's parts must be an aligned run of 1, 2 or 4") {
    Trainer t(small("transformer-1", 1));
    CHECK_THROWS(t.gradient_of_parts(0, 1, 2));  // not aligned
    CHECK_THROWS(t.gradient_of_parts(0, 0, 3));  // not a power of two
    CHECK_THROWS(t.gradient_of_parts(0, 2, 4));  // past the last part
}

TEST_CASE("batch parts: training's forward, without the last layer at the objects' places, gives forward's answers and "
          "gradients to the bit") {
    for (const char* model : {"transformer-1", "transformer-2"}) {
        INFO(model);
        Rng rng(5);
        const SceneSet scenes = make_scenes(12, 3, rng);
        auto full = make_network<float>(model, rng);
        Rng same(0);
        auto trimmed = make_network<float>(model, same);
        copy_weights(*full, *trimmed);
        MseLoss<float> mse;
        const Mat<float> answer = full->forward(scenes.tokens, scenes.request, 12, 3);
        mse.forward(answer, scenes.nearest);
        full->backward(mse.d_pred());
        const Mat<float>& trimmed_answer = trimmed->forward_for_training(scenes.tokens, scenes.request, 12, 3);
        const auto same_bits = [](const Mat<float>& a, const Mat<float>& b) {
            return a.size() == b.size() && std::memcmp(a.data(), b.data(), sizeof(float) * a.size()) == 0;
        };
        CHECK(same_bits(answer, trimmed_answer));
        trimmed->backward(mse.d_pred());
        for (std::size_t i = 0; i < full->params().size(); ++i) {
            INFO(full->params()[i]->name);
            CHECK(same_bits(full->params()[i]->grad, trimmed->params()[i]->grad));
        }
    }
}
