#pragma once
// What every trainable network of the table lesson offers: a forward pass from
// a batch of scenes to (B, 2) answers [m], the backward pass beside it, and its
// parameters in PyTorch's order under PyTorch's names.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "math/rng.hpp"
#include "nn/tensor.hpp"

namespace attn::nn {

// The names of the networks that read table scenes, in the order of the table
// (nn/network_table.cpp): "lookup", "transformer-1", ..., "plain-256".
const std::vector<std::string>& network_names();

template <typename T>
class Network {
public:
    virtual ~Network() = default;
    Network() = default;
    Network(const Network&) = delete;
    Network& operator=(const Network&) = delete;

    // tokens: (B*objects, 10), request: (B, 8) -> (B, 2) answers [m].
    // Both inputs must stay alive until backward().
    virtual const Mat<T>& forward(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects) = 0;
    // The forward of training, where only the answers are read: a network may skip
    // what reaches neither the answers nor any gradient (the transformer's last layer
    // at the objects' places, nn/transformer.hpp). The answers, and every gradient
    // of the backward() that follows, are forward()'s to the bit; the layers'
    // outputs and attention weights may cover fewer places.
    virtual const Mat<T>& forward_for_training(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects) {
        return forward(tokens, request, batch, objects);
    }
    // d_out: (B, 2) gradient of the loss with respect to the answers; sets every
    // parameter's grad. It follows whichever forward ran last.
    virtual void backward(const Mat<T>& d_out) = 0;
    // PyTorch's initialisation, drawn from `rng` in parameter order: by default
    // each layer given to own() in turn.
    virtual void init_default(Rng& rng) {
        for (const auto& init : inits_) init(rng);
    }

    const std::string& name() const { return name_; }
    const ParamList<T>& params() const { return params_; }
    long parameter_count() const;
    // nullptr when there is no parameter of that name.
    Param<T>* find_param(const std::string& name) const;

protected:
    // Throws std::invalid_argument unless tokens is (batch*objects, 10) and request (batch, 8).
    static void check_inputs(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects);

    // For a network that is a list of layers: `name`, then the layers'
    // parameters in order, each initialised in the same order by init_default.
    template <typename... Layers>
    void own(std::string name, Layers&... layers) {
        name_ = std::move(name);
        (layers.collect(params_), ...);
        (inits_.push_back([&layers](Rng& rng) { layers.init_default(rng); }), ...);
    }

    std::string name_;
    ParamList<T> params_;  // filled by the constructor of each network

private:
    std::vector<std::function<void(Rng&)>> inits_;  // own()'s layers, which live as long as the network
};

// A network of the given name with PyTorch's initialisation from `rng`;
// an unknown name is a ParamError on "model".
template <typename T>
std::unique_ptr<Network<T>> make_network(const std::string& name, Rng& rng);

// Copies every parameter value from `from` (same architecture, any scalar type).
template <typename T, typename U>
void copy_weights(const Network<U>& from, Network<T>& to) {
    for (std::size_t i = 0; i < to.params().size(); ++i)
        to.params()[i]->value = from.params()[i]->value.template cast<T>();
}

}  // namespace attn::nn
