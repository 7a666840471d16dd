#include "nn/network.hpp"

#include <stdexcept>

#include "base/error.hpp"
#include "worlds/table/scene.hpp"
#include "nn/lookup.hpp"
#include "nn/plain.hpp"
#include "nn/transformer.hpp"

namespace attn::nn {

using table::kKinds;
using table::kTokenWidth;

const std::vector<std::string>& network_names() {
    static const std::vector<std::string> names = {"lookup", "transformer-1", "transformer-2", "plain-16",
                                                   "plain-256"};
    return names;
}

template <typename T>
long Network<T>::parameter_count() const {
    long total = 0;
    for (const Param<T>* p : params_) total += static_cast<long>(p->value.size());
    return total;
}

template <typename T>
void Network<T>::check_inputs(const Mat<T>& tokens, const Mat<T>& request, int batch, int objects) {
    if (batch < 1 || objects < 1 || tokens.rows() != static_cast<Eigen::Index>(batch) * objects ||
        tokens.cols() != kTokenWidth || request.rows() != batch || request.cols() != kKinds)
        throw std::invalid_argument("a network needs tokens (scenes*objects, 10) and requests (scenes, 8)");
}

template <typename T>
Param<T>* Network<T>::find_param(const std::string& name) const {
    for (Param<T>* p : params_)
        if (p->name == name) return p;
    return nullptr;
}

template <typename T>
std::unique_ptr<Network<T>> make_network(const std::string& name, Rng& rng) {
    std::unique_ptr<Network<T>> net;
    if (name == "lookup") net = std::make_unique<Lookup<T>>();
    else if (name == "transformer-1") net = std::make_unique<Transformer<T>>(1);
    else if (name == "transformer-2") net = std::make_unique<Transformer<T>>(2);
    else if (name == "plain-16") net = std::make_unique<Plain<T>>(16);
    else if (name == "plain-256") net = std::make_unique<Plain<T>>(256);
    else
        throw ParamError("model", "unknown model \"" + name +
                                      "\" (choose lookup, transformer-1, transformer-2, plain-16 or plain-256)");
    net->init_default(rng);
    return net;
}

template class Network<float>;
template class Network<double>;
template std::unique_ptr<Network<float>> make_network<float>(const std::string&, Rng&);
template std::unique_ptr<Network<double>> make_network<double>(const std::string&, Rng&);

}  // namespace attn::nn
