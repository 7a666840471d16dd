// The language model's key/value cache (core/nn/lm/decoder): at every step, while the text fits
// the context and after the window slides, its logits are the full forward pass's, to the bit,
// and the text generate() writes with it is the text a full pass per character writes.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "math/rng.hpp"
#include "nn/lm/char_lm.hpp"
#include "nn/lm/corpus.hpp"
#include "nn/lm/decoder.hpp"
#include "nn/lm/sampling.hpp"

using namespace attn;
using namespace attn::nn::lm;

namespace {

// The decoder runs the forward's own arithmetic in the forward's order (products summed in
// order of their terms, layer_norm_row, attend()'s operations in every lane), only on fewer rows:
// no rounding differs.
constexpr double kSameOrder = 0;

constexpr LmShape kShape{11, 8, 16, 2, 2};  // vocab, context, width, heads, layers

std::vector<int> some_ids(int count, std::uint64_t seed) {
    Rng rng(seed);
    std::vector<int> ids;
    for (int i = 0; i < count; ++i) ids.push_back(static_cast<int>(rng.uniform() * kShape.vocab) % kShape.vocab);
    return ids;
}

// The largest difference between the decoder's logits and the full pass's over the last
// `context` of ids[0..n).
template <typename T>
double difference(CharLm<T>& model, const std::vector<int>& ids, std::size_t n, const T* cached) {
    const std::size_t length = std::min(n, static_cast<std::size_t>(kShape.context));
    const std::vector<int> window(ids.begin() + static_cast<long>(n - length), ids.begin() + static_cast<long>(n));
    const Mat<T>& logits = model.forward(window, 1, static_cast<int>(length));
    double largest = 0;
    for (int v = 0; v < kShape.vocab; ++v)
        largest = std::max(largest, std::abs(static_cast<double>(logits(static_cast<Eigen::Index>(length) - 1, v)) -
                                             static_cast<double>(cached[v])));
    return largest;
}

template <typename T>
void check_every_step(std::uint64_t seed, const LmShape& shape = kShape) {
    CharLm<T> model(shape);
    Rng rng(seed);
    model.init_default(rng);
    const std::vector<int> ids = some_ids(3 * kShape.context, seed + 1);  // slides 2 * context times
    Decoder<T> decoder(model);
    const T* cached = decoder.start({ids[0]});
    CHECK(difference(model, ids, 1, cached) <= kSameOrder);
    for (std::size_t n = 2; n <= ids.size(); ++n) {
        cached = decoder.push(ids[n - 1]);
        INFO("after " << n << " ids (the window holds " << decoder.length() << ")");
        CHECK(decoder.length() == std::min<int>(static_cast<int>(n), kShape.context));
        CHECK(difference(model, ids, n, cached) <= kSameOrder);
    }
}

}  // namespace

TEST_CASE("lm decoder: the cached logits are the full pass's at every step, in float and double") {
    check_every_step<float>(3);
    check_every_step<double>(4);
}

TEST_CASE("lm decoder: with 1, 4, 6 and 8 heads (four heads abreast in vector lanes, a last group of fewer) the logits are the full pass's") {
    // kShape's vocabulary and context, which difference() and some_ids() read; heads of 16, 4, 4 and 4 columns.
    for (const LmShape shape : {LmShape{11, 8, 16, 1, 2}, LmShape{11, 8, 16, 4, 2}, LmShape{11, 8, 24, 6, 2}, LmShape{11, 8, 32, 8, 2}}) {
        INFO(shape.heads << " heads");
        check_every_step<float>(7, shape);
        check_every_step<double>(8, shape);
    }
}

TEST_CASE("lm decoder: starting from more ids than the context reads the last context of them") {
    CharLm<float> model(kShape);
    Rng rng(5);
    model.init_default(rng);
    const std::vector<int> ids = some_ids(kShape.context + 5, 6);
    Decoder<float> decoder(model);
    const float* cached = decoder.start(ids);
    CHECK(decoder.length() == kShape.context);
    CHECK(difference(model, ids, ids.size(), cached) <= kSameOrder);
}

TEST_CASE("lm decoder: generate writes the text of a full pass per character") {
    CharLm<float> model(kShape);
    Rng rng(7);
    model.init_default(rng);
    const Corpus corpus("abcdefghij ");  // 11 characters, the model's vocabulary
    REQUIRE(corpus.vocab_size() == kShape.vocab);
    const std::string prompt = "bad cafe";
    for (const int top_k : {0, 3}) {
        // As generate() wrote before the cache: the whole window again for every character.
        std::vector<int> ids = corpus.encode(prompt, "prompt");
        Rng draws(11);
        std::vector<int> written;
        for (int i = 0; i < 30; ++i) {
            written.push_back(pick_char(next_char_probabilities(model, ids, 0.8, top_k), draws));
            ids.push_back(written.back());
        }
        CHECK(generate(model, corpus, prompt, 30, 0.8, top_k, 11) == corpus.decode(written));
    }
}

TEST_CASE("lm decoder: a window that starts as the last one did keeps its rows, and its logits are the full pass's") {
    CharLm<float> model(kShape);
    Rng rng(13);
    model.init_default(rng);
    const std::vector<int> a = some_ids(kShape.context, 14);
    std::vector<int> b = a;  // the same first places, then other characters
    for (std::size_t i = 5; i < b.size(); ++i) b[i] = (b[i] + 1) % kShape.vocab;
    Decoder<float> decoder(model);
    // each window after the one before: longer, shorter, the same, apart from place 5 on, apart
    // from place 0, and one character of a window again
    const std::vector<std::vector<int>> windows = {
        {a.begin(), a.begin() + 6}, a, {a.begin(), a.begin() + 3}, {a.begin(), a.begin() + 3}, a, b, a,
        {b.begin(), b.begin() + 7}, some_ids(kShape.context, 15), {a.begin(), a.begin() + 1}, b};
    for (std::size_t w = 0; w < windows.size(); ++w) {
        INFO("window " << w << " of " << windows[w].size() << " ids");
        const float* cached = decoder.start(windows[w]);
        CHECK(difference(model, windows[w], windows[w].size(), cached) <= kSameOrder);
    }
}

TEST_CASE("lm decoder: no ids, or an id past the vocabulary, is refused") {
    CharLm<float> model(kShape);
    Decoder<float> decoder(model);
    CHECK_THROWS_AS(decoder.start({}), std::invalid_argument);
    CHECK_THROWS_AS(decoder.push(1), std::invalid_argument);
    CHECK_THROWS_AS(decoder.start({kShape.vocab}), std::invalid_argument);
}

TEST_CASE("lm decoder: a refused window leaves the rows of the one before, which the next window shares") {
    CharLm<float> model(kShape);
    Rng rng(16);
    model.init_default(rng);
    Decoder<float> decoder(model);
    const std::vector<int> ids = some_ids(kShape.context, 17);
    decoder.start(ids);
    std::vector<int> refused = ids;  // apart from place 1 on, and refused at place 3
    refused[1] = (refused[1] + 1) % kShape.vocab;
    refused[3] = -1;
    CHECK_THROWS_AS(decoder.start(refused), std::invalid_argument);
    std::vector<int> mended = refused;  // shares places 0..2 with the refused window, 0 with the one before
    mended[3] = 0;
    CHECK(difference(model, mended, mended.size(), decoder.start(mended)) <= kSameOrder);
    CHECK(difference(model, ids, ids.size(), decoder.start(ids)) <= kSameOrder);
}
