// The trainer: progress reports, bad settings, a loss that blows up, and that
// a short training run learns.
#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "base/error.hpp"
#include "nn/trainer.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::table;

namespace {

TrainConfig small(const std::string& task, const std::string& model) {
    TrainConfig c;
    c.task = task;
    c.model = model;
    c.scenes = 1000;  // 8 steps per epoch at batch 128 (7 full, then 104)
    return c;
}

}  // namespace

TEST_CASE("trainer: advances by the steps asked and counts epochs") {
    Trainer t(small("find", "lookup"));
    CHECK(t.steps_per_epoch() == 8);
    CHECK(t.epochs() == 30);
    CHECK(t.progress().total_steps == 240);
    const TrainProgress& p = t.advance(5);
    CHECK(p.step == 5);
    CHECK(p.epoch == 0);
    t.advance(3);
    CHECK(t.progress().epoch == 1);
    CHECK(t.progress().step == 8);
    t.advance(1000);
    CHECK(t.progress().done);
    CHECK(t.progress().step == 240);
    CHECK(t.progress().epoch == 30);
    t.advance(10);  // nothing left to do
    CHECK(t.progress().step == 240);
}

TEST_CASE("trainer: the lesson's rates and epochs are the defaults") {
    // find: the rates this trainer's own sweep chooses (rate_choice_test); nearest: the lesson's
    CHECK(lesson_learning_rate(Task::Find, "lookup") == 0.001);
    CHECK(lesson_learning_rate(Task::Find, "plain-16") == 0.001);
    CHECK(lesson_learning_rate(Task::Find, "plain-256") == 0.003);
    CHECK(lesson_learning_rate(Task::Nearest, "transformer-1") == 0.01);
    CHECK(lesson_learning_rate(Task::Nearest, "transformer-2") == 0.001);
    CHECK(lesson_learning_rate(Task::Nearest, "plain-256") == 0.0003);
    CHECK_THROWS_AS(lesson_learning_rate(Task::Find, "transformer-2"), ParamError);
    CHECK(lesson_epochs(Task::Find) == 30);
    CHECK(lesson_epochs(Task::Nearest) == 40);
}

TEST_CASE("trainer: bad settings are parameter errors naming the setting") {
    auto param_of = [](TrainConfig c) {
        try {
            Trainer t(c);
        } catch (const ParamError& e) {
            return e.param();
        }
        return std::string("none");
    };
    TrainConfig c = small("find", "lookup");
    c.task = "sort";
    CHECK(param_of(c) == "task");
    c = small("find", "rnn");
    CHECK(param_of(c) == "model");
    c = small("find", "lookup");
    c.lr = -0.1;
    CHECK(param_of(c) == "lr");
    c.lr = std::numeric_limits<double>::quiet_NaN();
    CHECK(param_of(c) == "lr");
    c.lr = std::numeric_limits<double>::infinity();
    CHECK(param_of(c) == "lr");
    c = small("find", "lookup");
    c.epochs = kMaxEpochs + 1;
    CHECK(param_of(c) == "epochs");
    c.epochs = -1;
    CHECK(param_of(c) == "epochs");
    c = small("find", "lookup");
    c.objects = 9;
    CHECK(param_of(c) == "objects");
    c = small("find", "transformer-1");  // the lesson chose no rate for it
    CHECK(param_of(c) == "lr");
    c.lr = 0.001;
    CHECK(param_of(c) == "none");
}

TEST_CASE("trainer: a loss that blows up stops training, explains, and keeps the weights from before the bad step") {
    TrainConfig c = small("find", "plain-16");
    c.lr = 1e30;  // the first step throws the weights to ~1e30; the next loss overflows
    Trainer t(c);
    std::vector<std::vector<Mat<float>>> before;  // the weights before each call
    TrainProgress p;
    for (int i = 0; i < 50 && !t.progress().failed; ++i) {
        before.emplace_back();
        for (const Param<float>* q : t.network().params()) before.back().push_back(q->value);
        p = t.advance(1);
    }
    REQUIRE(p.failed);
    REQUIRE(before.size() >= 2);
    CHECK(p.message.find("smaller learning rate") != std::string::npos);
    // The failing call found the previous call's step bad, and undid it.
    const std::vector<Mat<float>>& good = before[before.size() - 2];
    for (std::size_t i = 0; i < good.size(); ++i) {
        CHECK(t.network().params()[i]->value == good[i]);
        CHECK(t.network().params()[i]->value.allFinite());
    }
    CHECK(std::isfinite(miss_cm(t.network(), Task::Find, 4)));
    const long steps = p.step;
    t.advance(5);
    CHECK(t.progress().step == steps);  // stays stopped
}

TEST_CASE("trainer: a finite loss that grows past the declared factor of its first value stops training") {
    TrainConfig c = small("find", "lookup");
    c.lr = 1;  // the second batch's loss is about 660,000 times the first, still finite
    Trainer t(c);
    const TrainProgress& p = t.advance(8);
    REQUIRE(p.failed);
    CHECK(p.step < 8);
    CHECK(p.message.find("more than 100 times its first value") != std::string::npos);
    CHECK(std::isfinite(p.loss));
}

TEST_CASE("trainer: the lesson's rate runs an epoch without tripping the divergence check") {
    Trainer t(small("find", "lookup"));
    CHECK_FALSE(t.advance(8).failed);
}

TEST_CASE("trainer: the same seed trains to the same weights, another seed to others") {
    TrainConfig c = small("nearest", "lookup");
    Trainer a(c), b(c);
    a.advance(20);
    b.advance(20);
    for (std::size_t i = 0; i < a.network().params().size(); ++i)
        CHECK(a.network().params()[i]->value == b.network().params()[i]->value);
    c.seed = 1;
    Trainer other(c);
    other.advance(20);
    CHECK(other.network().params()[0]->value != a.network().params()[0]->value);
}

TEST_CASE("trainer: two epochs of lookup on find at rate 0.01 already miss by under 2 cm") {
    TrainConfig c;  // the lesson's 20,000 scenes, only 2 epochs, at the PyTorch version's rate
    c.epochs = 2;
    c.lr = 0.01;
    Trainer t(c);
    const double untrained = miss_cm(t.network(), Task::Find, 4);
    t.advance(1000);
    REQUIRE(t.progress().done);
    CHECK(untrained > 20.0);
    CHECK(miss_cm(t.network(), Task::Find, 4) < 2.0);
}
