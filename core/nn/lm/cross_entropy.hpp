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

#include "nn/attention_lanes.hpp"
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
        for (const int t : targets)
            if (t < 0 || t >= V) throw std::invalid_argument("a target is out of the vocabulary");
        ensure_shape(d_, n, V);
        T total = 0;
        Eigen::Index r = 0;
        if constexpr (std::is_same_v<T, float>)  // four rows abreast, row l in lane l: the same bits
            for (; r + 4 <= n; r += 4) {
                const float* l = logits.data() + r * V;
                float* d = d_.data() + r * V;
                const lanes::Float4 top = tops4(l, V);
                for (int k = 0; k < 4; ++k) exps(l + k * V, V, top[k], d + k * V);
                const lanes::Float4 sum = sums4(d, V);
                for (int k = 0; k < 4; ++k)
                    total += finish(l + k * V, V, targets[static_cast<std::size_t>(r + k)], top[k], sum[k], count,
                                    d + k * V);
            }
        for (; r < n; ++r) {
            const T* l = logits.data() + r * V;
            T* d = d_.data() + r * V;
            T top = -std::numeric_limits<T>::infinity();
            for (Eigen::Index v = 0; v < V; ++v) top = std::max(top, l[v]);
            exps(l, V, top, d);
            T sum = 0;
            for (Eigen::Index v = 0; v < V; ++v) sum += d[v];
            total += finish(l, V, targets[static_cast<std::size_t>(r)], top, sum, count, d);
        }
        return total;
    }
    const Mat<T>& d_logits() const { return d_; }

private:
    // d = exp(l - top) along a row of V, the softmax's numerators shifted by the largest logit:
    // four at once in WebAssembly (nn/exp_lanes.hpp).
    static void exps(const T* __restrict l, Eigen::Index V, T top, T* __restrict d) {
        Eigen::Index v = 0;
        if constexpr (std::is_same_v<T, float>)
            for (; v + 4 <= V; v += 4) {
                lanes::Float4 x;
                std::memcpy(&x, l + v, sizeof x);
                const lanes::Float4 e = lanes::exp4(x - top);
                std::memcpy(d + v, &e, sizeof e);
            }
        for (; v < V; ++v) d[v] = std::exp(l[v] - top);
    }

    // The largest logit of four rows of V (row k in lane k), each lane std::max in order of v.
    static lanes::Float4 tops4(const float* l, Eigen::Index V) {
        lanes::Float4 top = lanes::Float4{} - std::numeric_limits<float>::infinity(), c[4];
        Eigen::Index v = 0;
        for (; v + 4 <= V; v += 4) {
            lanes::columns4(l, V, v, c);
            for (int k = 0; k < 4; ++k) top = lanes::larger<float>(top, c[k]);
        }
        for (; v < V; ++v) top = lanes::larger<float>(top, lanes::column4(l + v, V));
        return top;
    }

    // The sums of four rows of V (row k in lane k), each from +0 in order of v.
    static lanes::Float4 sums4(const float* d, Eigen::Index V) {
        lanes::Float4 sum = {}, c[4];
        Eigen::Index v = 0;
        for (; v + 4 <= V; v += 4) {
            lanes::columns4(d, V, v, c);
            for (int k = 0; k < 4; ++k) sum += c[k];
        }
        for (; v < V; ++v) sum += lanes::column4(d + v, V);
        return sum;
    }

    // A row's loss -log p_t, and its gradient from the numerators d: p_v / count - onehot / count.
    static T finish(const T* l, Eigen::Index V, int t, T top, T sum, T count, T* __restrict d) {
        for (Eigen::Index v = 0; v < V; ++v) d[v] = d[v] / sum / count;
        d[t] -= T(1) / count;
        return std::log(sum) - (l[t] - top);
    }

    Mat<T> d_;  // (N, V)
};

}  // namespace attn::nn::lm
