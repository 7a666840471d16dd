// The language model trained: a short training on a small fixed text learns it
// (the loss falls below a stated value), every attention row of the trained
// model sums to one with no weight on a later place, and 1, 2 or 4 workers'
// shares of each step give the bits of one.
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "nn/batch_parts.hpp"
#include "nn/lm/lm_trainer.hpp"
#include "nn/lm/sampling.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::nn::lm;

namespace {

// A small fixed text with a little variety: 16 distinct characters, 1,288 in all.
std::string small_text() {
    const char* lines[] = {"the cat sat on the mat.\n", "the dog sat on the log.\n", "a cat and a dog met.\n",
                           "the log is on the mat.\n"};
    std::string text;
    for (int i = 0; i < 56; ++i) text += lines[i % 4];
    return text;
}

LmConfig small_config() {
    LmConfig config;
    config.layers = 1, config.heads = 2, config.width = 32, config.context = 16, config.batch = 8;
    config.lr = 0.01, config.steps = 300, config.seed = 3;
    return config;
}

// Uniform guessing over 16 characters costs log 16 = 2.77 nats a character.
// The text is four sentences in turn: once their words are learnt, little is
// left to guess but which sentence comes next. Measured after 300 steps
// (`attn lm train`, these settings): validation loss 0.191, 0.188, 0.194 at
// seeds 3, 4, 5; the bound leaves room for other builds.
constexpr double kTrainedLoss = 0.4;  // [nats per character]
constexpr double kRowSumTol = 1e-5;   // a float softmax row of up to 16 terms

std::vector<float> weights_of(LmTrainer& t) {
    std::vector<float> out;
    for (const Param<float>* p : t.model().params()) out.insert(out.end(), p->value.data(), p->value.data() + p->value.size());
    return out;
}

}  // namespace

TEST_CASE("lm training: a short training on a small text brings the validation loss below 0.4 nats") {
    LmTrainer trainer(small_text(), small_config());
    const double before = trainer.validation_loss();
    const LmProgress& progress = trainer.advance(small_config().steps);
    REQUIRE(progress.done);
    REQUIRE_FALSE(progress.failed);
    const double after = trainer.validation_loss();
    INFO("validation loss " << before << " -> " << after << " nats; last batch " << progress.loss);
    CHECK(before > 2.0);  // random weights: near log 16 or above
    CHECK(after < kTrainedLoss);
    CHECK(progress.loss < kTrainedLoss);
}

TEST_CASE("lm training: every attention row of the trained model sums to one and puts no weight on a later place") {
    LmTrainer trainer(small_text(), small_config());
    trainer.advance(small_config().steps);
    const std::vector<int> ids = trainer.corpus().encode("the dog sat on t", "prompt");
    trainer.model().forward(ids, 1, static_cast<int>(ids.size()));
    const int length = static_cast<int>(ids.size());
    for (int layer = 0; layer < small_config().layers; ++layer) {
        const Mat<float>& p = trainer.model().attention(layer);
        for (Eigen::Index r = 0; r < p.rows(); ++r) {
            const int i = static_cast<int>(r % length);
            INFO("layer " << layer << ", row " << r);
            CHECK(std::abs(p.row(r).cast<double>().sum() - 1.0) <= kRowSumTol);
            CHECK(p.row(r).tail(length - 1 - i).isZero(0));
        }
    }
}

TEST_CASE("lm training: the trained model writes the text's words") {
    LmTrainer trainer(small_text(), small_config());
    trainer.advance(small_config().steps);
    const std::string sample = generate(trainer.model(), trainer.corpus(), "the ", 40, 0.5, 0, 1);
    INFO("sample: the " << sample);
    CHECK((sample.find("cat") != std::string::npos || sample.find("dog") != std::string::npos ||
           sample.find("log") != std::string::npos || sample.find("mat") != std::string::npos));
}

TEST_CASE("lm training: 1, 2 and 4 workers' shares of each step give the same bits") {
    LmConfig config = small_config();
    config.batch = 10;  // parts of 2, 3, 2, 3 sequences
    const long steps = 5;
    LmTrainer one(small_text(), config);
    one.advance(steps);

    for (int workers : {2, 4}) {
        INFO(workers << " workers");
        std::vector<std::unique_ptr<LmTrainer>> team;
        for (int w = 0; w < workers; ++w) team.push_back(std::make_unique<LmTrainer>(small_text(), config));
        const ParamList<float>& params = team[0]->model().params();
        const long size = block_size(params);
        const int share = kParts / workers;
        std::vector<float> blocks(static_cast<std::size_t>(workers * size));
        for (long s = 0; s < steps; ++s) {
            for (int w = 0; w < workers; ++w) {  // each worker its aligned run of parts
                const float loss = team[w]->gradient_of_parts(s, w * share, share);
                export_gradient(team[w]->model().params(), loss, blocks.data() + w * size);
            }
            sum_pairwise(blocks.data(), workers, size);  // the tree's top levels, as the workers add them
            for (int w = 0; w < workers; ++w)
                team[w]->take_step(import_gradient(team[w]->model().params(), blocks.data()));
        }
        CHECK(weights_of(*team[0]) == weights_of(one));
        CHECK(weights_of(*team[workers - 1]) == weights_of(one));
        CHECK(team[0]->progress().loss == one.progress().loss);
    }
}

TEST_CASE("lm training: the same seed trains the same weights, another seed others") {
    LmConfig config = small_config();
    config.steps = 3;
    LmTrainer a(small_text(), config), b(small_text(), config);
    a.advance(3);
    b.advance(3);
    CHECK(weights_of(a) == weights_of(b));
    config.seed = 4;
    LmTrainer c(small_text(), config);
    c.advance(3);
    CHECK(weights_of(a) != weights_of(c));
}
