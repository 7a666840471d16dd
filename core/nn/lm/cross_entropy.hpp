#pragma once
// Cross-entropy over a vocabulary, as torch.nn.functional.cross_entropy:
//   loss_r = -log softmax(logits_r)[target_r] = log sum_v exp(logits_rv) - logits_r,target_r
// for each row (one place of one sequence). The mean over the rows is the
// loss the network trains on; `count` names how many rows the mean is over, so
// that the parts of a batch (nn/batch_parts.hpp) each give their share of the
// whole batch's gradient:
//   d logits_r = (softmax(logits_r) - onehot(target_r)) / count
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "nn/exp_lanes.hpp"
#include "nn/tensor.hpp"

namespace attn::nn::lm {

template <typename T>
class CrossEntropy {
public:
    // logits: (N, V), targets: (N) in [0, V) -> the sum over rows of loss_r
    // (divide by count for the mean); d_logits(): (N, V) as above.
    T forward_sum(const Mat<T>& logits, const std::vector<int>& targets, T count) {
        const Eigen::Index n = logits.rows(), V = logits.cols();
        if (static_cast<Eigen::Index>(targets.size()) != n) throw std::invalid_argument("one target per row");
        ensure_shape(d_, n, V);
        T total = 0;
        for (Eigen::Index r = 0; r < n; ++r) {
            const T* __restrict l = logits.data() + r * V;
            T* __restrict d = d_.data() + r * V;
            const int t = targets[static_cast<std::size_t>(r)];
            if (t < 0 || t >= V) throw std::invalid_argument("a target is out of the vocabulary");
            T top = -std::numeric_limits<T>::infinity();
            for (Eigen::Index v = 0; v < V; ++v) top = std::max(top, l[v]);
            Eigen::Index v = 0;  // softmax shifted by the largest logit: the exps, four at once in WebAssembly
            if constexpr (std::is_same_v<T, float>)
                for (; v + 4 <= V; v += 4) {
                    lanes::Float4 x;
                    std::memcpy(&x, l + v, sizeof x);
                    const lanes::Float4 e = lanes::exp4(x - top);
                    std::memcpy(d + v, &e, sizeof e);
                }
            for (; v < V; ++v) d[v] = std::exp(l[v] - top);
            T sum = 0;  // then their sum in order
            for (v = 0; v < V; ++v) sum += d[v];
            total += std::log(sum) - (l[t] - top);  // -log p_t
            for (Eigen::Index v = 0; v < V; ++v) d[v] = d[v] / sum / count;  // p_v / count
            d[t] -= T(1) / count;                                          // - onehot / count
        }
        return total;
    }
    const Mat<T>& d_logits() const { return d_; }

private:
    Mat<T> d_;  // (N, V)
};

}  // namespace attn::nn::lm
