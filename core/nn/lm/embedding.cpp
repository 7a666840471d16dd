#include "nn/lm/embedding.hpp"

#include <cstring>
#include <stdexcept>

namespace attn::nn::lm {

template <typename T>
Embedding<T>::Embedding(const std::string& prefix, int count, int width) : count_(count), width_(width) {
    weight.init(prefix + ".weight", {count, width}, count, width);
}

template <typename T>
void Embedding<T>::init_default(Rng& rng) {
    for (Eigen::Index i = 0; i < weight.value.size(); ++i) weight.value.data()[i] = static_cast<T>(rng.normal());
}

template <typename T>
const Mat<T>& Embedding<T>::forward(const std::vector<int>& ids) {
    ids_ = &ids;
    ensure_shape(y_, static_cast<Eigen::Index>(ids.size()), width_);
    for (std::size_t r = 0; r < ids.size(); ++r) {
        if (ids[r] < 0 || ids[r] >= count_) throw std::invalid_argument("an embedding id is out of range");
        std::memcpy(y_.data() + static_cast<Eigen::Index>(r) * width_,  // out[r] = W[ids[r]]
                    weight.value.data() + static_cast<Eigen::Index>(ids[r]) * width_, sizeof(T) * width_);
    }
    return y_;
}

template <typename T>
void Embedding<T>::backward(const Mat<T>& dy) {
    // out[r] = W[ids[r]]  =>  dW[i] = sum of dy[r] over the rows r with ids[r] == i
    weight.grad.setZero();
    const std::vector<int>& ids = *ids_;
    for (std::size_t r = 0; r < ids.size(); ++r) {
        T* __restrict g = weight.grad.data() + static_cast<Eigen::Index>(ids[r]) * width_;
        const T* __restrict d = dy.data() + static_cast<Eigen::Index>(r) * width_;
        for (int c = 0; c < width_; ++c) g[c] += d[c];
    }
}

template class Embedding<float>;
template class Embedding<double>;

}  // namespace attn::nn::lm
