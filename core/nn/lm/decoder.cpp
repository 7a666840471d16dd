#include "nn/lm/decoder.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "nn/attention_lanes.hpp"
#include "nn/matmul.hpp"

namespace attn::nn::lm {
namespace {

// y = x W^T + b on a block of rows, as Linear::forward computes each row: x (n, in), w_t (in, out).
template <typename X, typename Y, typename T>
void linear(const X& x, const Mat<T>& w_t, const Mat<T>& bias, Y&& y) {
    product_plus(y, x, w_t, bias.row(0));
}

// Rows lo..n-1 of y = norm(x), as LayerNorm::forward computes them (rstd: scratch, a row's 1 / sqrt(var + eps)).
template <typename T>
void norm_rows(const LayerNorm<T>& norm, const Mat<T>& x, Mat<T>& xhat, Mat<T>& y, std::vector<T>& rstd, int lo, int n) {
    const int d = static_cast<int>(x.cols());
    layer_norm_rows(x.data() + lo * d, n - lo, d, norm.weight.value.data(), norm.bias.value.data(), xhat.data() + lo * d,
                    y.data() + lo * d, rstd.data());
}

}  // namespace

template <typename T>
Decoder<T>::Decoder(const CharLm<T>& model)
    : model_(model),
      E_(model.shape().width),
      C_(model.shape().context),
      F_(model.shape().feedforward()),
      V_(model.shape().vocab),
      dh_(model.shape().width / model.shape().heads) {
    kept_.resize(model.blocks.size());
    for (std::size_t l = 0; l < kept_.size(); ++l) {
        const Block<T>& b = model.blocks[l];
        kept_[l].qkv_t = b.attn.qkv.weight.value.transpose();
        kept_[l].proj_t = b.attn.proj.weight.value.transpose();
        kept_[l].fc_t = b.fc.weight.value.transpose();
        kept_[l].fc_proj_t = b.fc_proj.weight.value.transpose();
        kept_[l].rows.setZero(C_, 3 * E_);
    }
    head_t_ = model.head.weight.value.transpose();
    for (Mat<T>* m : {&x_, &h_, &xhat_, &o_, &r_, &g_}) m->setZero(C_, E_);
    f_.setZero(C_, F_);
    logits_.setZero(1, V_);
    for (auto* v : {&q_lanes_, &k_lanes_, &v_lanes_, &o_lanes_}) v->resize(static_cast<std::size_t>(C_ * dh_));
    p_lanes_.resize(static_cast<std::size_t>(C_));
    rstd_.resize(static_cast<std::size_t>(C_));
    window_.reserve(static_cast<std::size_t>(C_));
}

template <typename T>
const T* Decoder<T>::start(const std::vector<int>& ids) {
    if (ids.empty()) throw std::invalid_argument("the decoder starts from at least one id");
    const std::size_t n = std::min(ids.size(), static_cast<std::size_t>(C_));
    const auto first = ids.end() - static_cast<long>(n);
    std::for_each(first, ids.end(), [&](int id) { check_id(id); });  // before the window changes: its rows stay its own
    const auto shared = static_cast<long>(std::min(n, window_.size()));
    const long kept = std::mismatch(window_.begin(), window_.begin() + shared, first).first - window_.begin();
    window_.assign(first, ids.end());
    return run(static_cast<int>(std::min(kept, static_cast<long>(n) - 1)));
}

template <typename T>
const T* Decoder<T>::push(int id) {
    if (window_.empty()) throw std::invalid_argument("the decoder pushes after start()");
    check_id(id);
    if (length() < C_) {  // the text still fits: only the new place is new
        window_.push_back(id);
        return run(length() - 1);
    }
    window_.erase(window_.begin());  // the window slides: every place has moved
    window_.push_back(id);
    return run(0);
}

template <typename T>
void Decoder<T>::check_id(int id) const {
    if (id < 0 || id >= V_) throw std::invalid_argument("an embedding id is out of range");
}

template <typename T>
const T* Decoder<T>::run(int from) {
    const int n = length();
    // x = tok_emb[id] + pos_emb[place], for the new places
    for (int t = from; t < n; ++t) {
        const int id = window_[static_cast<std::size_t>(t)];
        x_.row(t) = model_.tok_emb.weight.value.row(id) + model_.pos_emb.weight.value.row(t);
    }
    for (int l = 0; l < static_cast<int>(kept_.size()); ++l) block(l, from, n);
    // logits = head(ln_f(x)) at the last place only
    norm_rows(model_.ln_f, x_, xhat_, h_, rstd_, n - 1, n);
    linear(h_.middleRows(n - 1, 1), head_t_, model_.head.bias.value, logits_);
    return logits_.data();
}

template <typename T>
void Decoder<T>::block(int layer, int from, int n) {
    const Block<T>& b = model_.blocks[static_cast<std::size_t>(layer)];
    Kept& k = kept_[static_cast<std::size_t>(layer)];
    const bool last = layer + 1 == static_cast<int>(kept_.size());
    // [q k v] = ln1(x) Wqkv^T + bqkv: every new place's, which the later places' queries read
    if (layer == 0) {
        first_rows(b, k, from, n);
    } else if (last && from < n - 1) {
        // The last block's only query is the last place's: the places before it need their keys
        // and values alone (each entry of a product is its own sum, whichever columns are made).
        norm_rows(b.ln1, x_, xhat_, h_, rstd_, from, n);
        product_plus(k.rows.middleRows(from, n - 1 - from).rightCols(2 * E_), h_.middleRows(from, n - 1 - from),
                     k.qkv_t.rightCols(2 * E_), b.attn.qkv.bias.value.row(0).tail(2 * E_));
        linear(h_.middleRows(n - 1, 1), k.qkv_t, b.attn.qkv.bias.value, k.rows.middleRows(n - 1, 1));
    } else {
        norm_rows(b.ln1, x_, xhat_, h_, rstd_, from, n);
        linear(h_.middleRows(from, n - from), k.qkv_t, b.attn.qkv.bias.value, k.rows.middleRows(from, n - from));
    }

    // The rest of the block only where a later block or the head reads it: in the last block,
    // the last place alone.
    const int lo = last ? n - 1 : from, count = n - lo;
    attend_heads(k.rows, lo, n);
    // r = x + o Wproj^T + bproj
    linear(o_.middleRows(lo, count), k.proj_t, b.attn.proj.bias.value, g_.middleRows(lo, count));
    r_.middleRows(lo, count) = x_.middleRows(lo, count) + g_.middleRows(lo, count);
    // x = r + fc_proj(relu(fc(ln2(r))))
    norm_rows(b.ln2, r_, xhat_, h_, rstd_, lo, n);
    linear(h_.middleRows(lo, count), k.fc_t, b.fc.bias.value, f_.middleRows(lo, count));
    f_.middleRows(lo, count) = f_.middleRows(lo, count).cwiseMax(T(0));
    linear(f_.middleRows(lo, count), k.fc_proj_t, b.fc_proj.bias.value, g_.middleRows(lo, count));
    x_.middleRows(lo, count) = r_.middleRows(lo, count) + g_.middleRows(lo, count);
}

// Each lane does attend()'s operations in its order (nn/lm/causal_self_attention.hpp), so each head has
// the bits it had alone; four heads at once take a quarter of the instructions (docs/benchmarks.md,
// 2026-12-04 23:03).
template <typename T>
void Decoder<T>::attend_heads(const Mat<T>& rows, int lo, int n) {
    const int H = E_ / dh_, dh = dh_;
    const lanes::Index row = 3 * static_cast<lanes::Index>(E_);
    const T scale = T(1) / std::sqrt(static_cast<T>(dh));
    for (int h0 = 0; h0 < H; h0 += lanes::kScenes) {
        const int heads = std::min(lanes::kScenes, H - h0);
        const T* q = rows.data() + h0 * dh;  // head h0's columns; the next head's dh further on
        lanes::to_lanes(q_lanes_.data() + lo * dh, q + lo * row, dh, row, n - lo, dh, heads);
        lanes::to_lanes(k_lanes_.data(), q + E_, dh, row, n, dh, heads);
        lanes::to_lanes(v_lanes_.data(), q + 2 * E_, dh, row, n, dh, heads);
        for (int i = lo; i < n; ++i) {
            lanes::V<T>* p = p_lanes_.data();
            lanes::products<T>(p, 0, q_lanes_.data() + i * dh, 0, 1, k_lanes_.data(), 1, dh, 1, dh, i + 1);  // s_j = q_i . k_j
            lanes::softmax(p, i + 1, scale);
            lanes::products<T>(o_lanes_.data() + (i - lo) * dh, 0, p, 0, 1, v_lanes_.data(), dh, 1, 1, i + 1, dh);  // o_i = sum_j p_j v_j
        }
        lanes::from_lanes(o_.data() + lo * E_ + h0 * dh, o_lanes_.data(), dh, E_, n - lo, dh, heads);
    }
}

template <typename T>
void Decoder<T>::first_rows(const Block<T>& b, Kept& k, int from, int n) {
    const int width = 3 * E_;
    if (first_slot_.empty()) first_slot_.assign(static_cast<std::size_t>(V_) * static_cast<std::size_t>(C_), -1);
    for (int t = from; t < n; ++t) {
        int& slot = first_slot_[static_cast<std::size_t>(window_[static_cast<std::size_t>(t)] * C_ + t)];
        if (slot < 0) {
            norm_rows(b.ln1, x_, xhat_, h_, rstd_, t, t + 1);
            linear(h_.middleRows(t, 1), k.qkv_t, b.attn.qkv.bias.value, k.rows.middleRows(t, 1));
            slot = static_cast<int>(first_kept_.size() / static_cast<std::size_t>(width));
            first_kept_.insert(first_kept_.end(), k.rows.data() + t * width, k.rows.data() + (t + 1) * width);
        } else {
            std::copy_n(first_kept_.data() + static_cast<std::size_t>(slot) * static_cast<std::size_t>(width), width,
                        k.rows.data() + t * width);
        }
    }
}

template class Decoder<float>;
template class Decoder<double>;

}  // namespace attn::nn::lm
