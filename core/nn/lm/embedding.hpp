#pragma once
// An embedding table, as torch.nn.Embedding(count, width): row i of the table
// is the vector of id i. The language model has two: one row per character
// (the token embedding) and one row per place in the context (the learned
// position embedding).
#include <string>
#include <vector>

#include "math/rng.hpp"
#include "nn/tensor.hpp"

namespace attn::nn::lm {

template <typename T>
class Embedding {
public:
    Embedding() = default;
    // The table is the parameter "<prefix>.weight" (count, width).
    Embedding(const std::string& prefix, int count, int width);

    // PyTorch's default: every entry from N(0, 1).
    void init_default(Rng& rng);

    // ids: (N) each in [0, count) -> out(): (N, width), row r = table row ids[r].
    const Mat<T>& forward(const std::vector<int>& ids);
    // dy: (N, width) -> weight.grad (count, width): row i sums dy's rows whose id
    // was i, in row order (so every build adds in the same order).
    void backward(const Mat<T>& dy);

    const Mat<T>& out() const { return y_; }
    int count() const { return count_; }
    int width() const { return width_; }
    void collect(ParamList<T>& list) { list.push_back(&weight); }

    Param<T> weight;  // (count, width)

private:
    int count_ = 0, width_ = 0;
    const std::vector<int>* ids_ = nullptr;  // the ids of the last forward
    Mat<T> y_;                               // (N, width)
};

}  // namespace attn::nn::lm
