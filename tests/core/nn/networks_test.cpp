// The lesson's five networks: their sizes, and every gradient of the whole
// network against finite differences.
#include <catch2/catch.hpp>

#include "base/error.hpp"
#include "nn/mse_loss.hpp"
#include "nn/network.hpp"
#include "worlds/table/scene.hpp"
#include "nn/transformer.hpp"
#include "support/nn_check.hpp"

using namespace attn;
using namespace attn::nn;
using namespace attn::table;
using namespace attn::nn::testing;

TEST_CASE("networks: parameter counts are the lesson's") {
    Rng rng(0);
    CHECK(make_network<float>("lookup", rng)->parameter_count() == 1442);
    CHECK(make_network<float>("transformer-1", rng)->parameter_count() == 9250);
    CHECK(make_network<float>("transformer-2", rng)->parameter_count() == 17794);
    CHECK(make_network<float>("plain-16", rng)->parameter_count() == 1858);
    CHECK(make_network<float>("plain-256", rng)->parameter_count() == 91138);
}

TEST_CASE("networks: an unknown name is a parameter error") {
    Rng rng(0);
    CHECK_THROWS_AS(make_network<float>("lstm", rng), attn::ParamError);
}

TEST_CASE("networks: a transformer's layers start as copies of one another") {
    Rng rng(0);
    auto net = make_network<float>("transformer-2", rng);
    auto& t = dynamic_cast<Transformer<float>&>(*net);
    CHECK(t.layers[0].self_attn.in_proj_weight.value == t.layers[1].self_attn.in_proj_weight.value);
    CHECK(t.layers[0].linear2.weight.value == t.layers[1].linear2.weight.value);
}

TEST_CASE("networks: whole-network gradients match finite differences") {
    for (const std::string& name : network_names()) {
        SECTION(name) {
            Rng rng(20);
            auto net = make_network<double>(name, rng);
            // Move every weight off its initial value so zero biases and unit gammas are tested too.
            for (Param<double>* p : net->params())
                p->value += random_matrix(p->value.rows(), p->value.cols(), rng, 0.05);
            Rng scene_rng(21);
            const SceneSet scenes = make_scenes(3, 4, scene_rng);
            const Mat<double> tokens = scenes.tokens.cast<double>();
            const Mat<double> request = scenes.request.cast<double>();
            const Mat<double> target = scenes.nearest.cast<double>();
            MseLoss<double> mse;
            auto loss = [&] { return mse.forward(net->forward(tokens, request, 3, 4), target); };
            loss();
            net->backward(mse.d_pred());
            for (Param<double>* p : net->params()) {
                const Mat<double> g = p->grad;
                check_gradient(name + " " + p->name, p->value, g, loss, 24);
            }
        }
    }
}

TEST_CASE("networks: inputs of the wrong shape are refused, not read out of bounds") {
    Rng rng(0);
    auto net = make_network<float>("transformer-1", rng);
    const Mat<float> tokens = Mat<float>::Zero(8, 10), request = Mat<float>::Zero(2, 8);
    CHECK_NOTHROW(net->forward(tokens, request, 2, 4));
    CHECK_THROWS_AS(net->forward(tokens, request, 2, 3), std::invalid_argument);
    CHECK_THROWS_AS(net->forward(tokens, request, 3, 4), std::invalid_argument);
    CHECK_THROWS_AS(net->forward(Mat<float>::Zero(8, 11), request, 2, 4), std::invalid_argument);
}
