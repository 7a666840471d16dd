#include "nn/network.hpp"

#include <stdexcept>

#include "base/error.hpp"
#include "worlds/table/scene.hpp"
#include "nn/network_table.hpp"

namespace attn::nn {

using table::kKinds;
using table::kTokenWidth;

const std::vector<std::string>& network_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const NetworkEntry& e : network_table())
            if (e.input == NetworkInput::TableScene) out.push_back(e.name);
        return out;
    }();
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
    const NetworkEntry* entry = find_network(name);
    if (!entry || entry->input != NetworkInput::TableScene)
        throw ParamError("model", "unknown model \"" + name + "\" (choose " + network_choices_text() + ")");
    std::unique_ptr<Network<T>> net;
    if constexpr (std::is_same_v<T, float>) net = entry->build_float();
    else net = entry->build_double();
    net->init_default(rng);
    return net;
}

template class Network<float>;
template class Network<double>;
template std::unique_ptr<Network<float>> make_network<float>(const std::string&, Rng&);
template std::unique_ptr<Network<double>> make_network<double>(const std::string&, Rng&);

}  // namespace attn::nn
