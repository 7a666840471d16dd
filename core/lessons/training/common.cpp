#include "lessons/training/common.hpp"

#include "nn/network.hpp"
#include "nn/network_table.hpp"

namespace attn::training {

namespace {

// "Lookup", "Transformer-1": the menu names the networks as the lesson's text does.
std::vector<std::string> network_labels() {
    std::vector<std::string> labels;
    for (const std::string& name : nn::network_names()) labels.push_back(nn::find_network(name)->label);
    return labels;
}

}  // namespace

std::vector<ParamSpec> training_params() {
    return {
        choice_param("task", "find", {"find", "nearest"})
            .labelled("Task")
            .helped("find: where is the requested object? nearest: where is the object nearest to it?"),
        choice_param("model", nn::default_network().name, nn::network_names())
            .choices_labelled(network_labels())
            .labelled("Network")
            .helped("Lookup: one attention layer. Transformer: 1 or 2 encoder layers. Plain: no attention."),
        integer_param("seed", 0)
            .labelled("Seed")
            .helped("Picks the training scenes, the first weights and the shuffles.")
            .in(0, 1000000)
            .stepped(1),
        number_param("lr", 0)
            .labelled("Learning rate (0: the lesson's choice)")
            .helped("Adam's step size. Too large and the loss blows up; too small and it barely moves.")
            .in(0, 1)
            .stepped(0.0001),
        integer_param("epochs", 0)
            .labelled("Epochs (0: the lesson's choice)")
            .helped("Passes over the 20,000 training scenes: 30 for find, 40 for nearest in the lesson.")
            .in(0, nn::kMaxEpochs)
            .stepped(1),
    };
}

nn::TrainConfig config_from(const Params& p) {
    nn::TrainConfig c;
    c.task = p.choice("task");
    c.model = p.choice("model");
    c.seed = static_cast<std::uint64_t>(p.integer("seed"));
    c.lr = p.number("lr");
    c.epochs = p.integer("epochs");
    return c;
}

}  // namespace attn::training
