#pragma once
// Writing one character at a time with a key/value cache: the logits after a growing text, the
// same bits as CharLm::forward over the same window (the last `context` ids), for less work.
//
// Every part of the forward reads each place's row on its own except attention, whose query at
// place i reads the keys and values of places 0..i. So while the text fits the context, a new
// character at place t needs only its own row, once each block keeps the [q k v] rows of places
// 0..t-1 (a (C, 3E) table per block, the cache):
//   x       = tok_emb[id] + pos_emb[t]                          (1, E)
//   per block:
//     [q k v] = ln1(x) Wqkv^T + bqkv                            (1, 3E)  kept as row t
//     o       = attend(q, rows 0..t) per head                    (1, E)   nn/lm/causal_self_attention.hpp
//     r       = x + o Wproj^T + bproj                            (1, E)
//     x       = r + relu(ln2(r) Wfc^T + bfc) Wfc_proj^T + bfc_proj  (1, E)
//   logits  = ln_f(x) Whead^T + bhead                           (1, V)
// Once the text is longer than the context, the window slides by one and every character moves
// to the place before. The position vectors are learned, so every key and value of every block
// changes, and the whole window is run again (no smaller exact update exists). Even then the last
// block needs every place's keys and values but only the last place's output (and the last
// place's query), the head only the last place's logits, and the first block's [q k v] rows,
// which depend on an id and its place alone, are kept for every pair met.
//
// Same bits, no tolerance: each part is the forward's own code (products summing each entry in
// the order of its terms whatever the number of rows, nn/matmul.hpp; layer_norm_row; attend).
#include <algorithm>
#include <vector>

#include "nn/lanes.hpp"
#include "nn/lm/char_lm.hpp"

namespace attn::nn::lm {

template <typename T>
class Decoder {
public:
    // Reads `model`'s embeddings, norms and biases, and copies each weight matrix transposed:
    // build one per set of weights (a later change of the model's weights is not seen by the
    // copies, nor by the first block's rows kept).
    explicit Decoder(const CharLm<T>& model);

    // ids (at least one) -> the logits (V) of the character after them. The window read last
    // and this one may start alike: a place's [q k v] rows depend only on the ids at places 0..t
    // (attention is causal), so the rows of the places they share are kept and only the places
    // from the first that differs are run (at least the last, whose logits are returned).
    const T* start(const std::vector<int>& ids);
    // One more id -> the logits (V) of the character after it. start() first.
    const T* push(int id);

    // The places read now: min(characters so far, context).
    int length() const { return static_cast<int>(window_.size()); }

private:
    struct Kept {                 // one block's transposed weights and its cache
        Mat<T> qkv_t, proj_t;     // (E, 3E), (E, E)
        Mat<T> fc_t, fc_proj_t;   // (E, F), (F, E)
        Mat<T> rows;              // (C, 3E) [q k v] of each place of the window
    };

    // Places from..n-1 of the window (n its length) through every block, places 0..from-1
    // being in the cache already; the logits of place n-1. Afterwards rows 0..n-1 of every
    // block's cache are the window's.
    const T* run(int from);
    void check_id(int id) const;  // std::invalid_argument unless 0 <= id < V
    // The first block's [q k v] rows of places from..n-1, from first_kept_ where met before.
    void first_rows(const Block<T>& b, Kept& k, int from, int n);
    void block(int layer, int from, int n);
    // o_ rows lo..n-1: every head's attention of those places' queries over places 0..i, from a
    // block's [q k v] rows, four heads abreast (one a vector lane).
    void attend_heads(const Mat<T>& rows, int lo, int n);

    const CharLm<T>& model_;
    int E_, C_, F_, V_, dh_;
    std::vector<Kept> kept_;
    Mat<T> head_t_;               // (E, V)
    std::vector<int> window_;     // the ids read, at most C
    Mat<T> x_, h_, xhat_, o_, r_, f_, g_;  // (C, E) each but f_ (C, F): one row per place
    Mat<T> logits_;               // (1, V)
    std::vector<T> rstd_;         // (C) scratch of the norms
    // Scratch of attend_heads, one vector lane a head: the queries, keys and values (C, dh), one
    // query's weights (C) and the outputs (C, dh).
    std::vector<lanes::V<T>> q_lanes_, k_lanes_, v_lanes_, p_lanes_, o_lanes_;
    // The first block's [q k v] row of a place is ln1(tok_emb[id] + pos_emb[place]) Wqkv^T + bqkv:
    // a function of the id and the place alone, which a sliding window meets again at every step
    // (each character passes through every place). Kept for each pair met: the row of (id, place)
    // is first_kept_[first_slot_[id * C + place] * 3E ..] (slot -1 until met).
    std::vector<int> first_slot_;  // (V * C)
    std::vector<T> first_kept_;    // (pairs met, 3E)
};

}  // namespace attn::nn::lm
