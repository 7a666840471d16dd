#include "nn/lm/corpus.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "base/error.hpp"
#include "nn/lm/text.hpp"

namespace attn::nn::lm {

namespace {

// The loops over the whole text are small functions of their own ([[gnu::noinline]]): a WebAssembly engine
// compiles a function that has run long again with its optimising compiler, beside the training workers, and
// that costs by the function's size (api/lm.cpp, new_trainer; docs/benchmarks.md, 2026-12-04 15:20).

constexpr char32_t kCodePoints = 0x110000;  // decode_text refuses any code point past Unicode's

// The distinct characters of `characters`, in increasing order: one pass marking each code point seen, then a
// sort of the few distinct ones (not a sort of the whole text).
[[gnu::noinline]] std::vector<char32_t> distinct_characters(const std::vector<char32_t>& characters) {
    std::vector<bool> seen(kCodePoints);
    std::vector<char32_t> distinct;
    for (const char32_t c : characters) {
        if (seen[c]) continue;
        seen[c] = true;
        distinct.push_back(c);
    }
    std::sort(distinct.begin(), distinct.end());
    return distinct;
}

// Each character's id: its place in `chars` (sorted), from a table for ASCII and a search otherwise.
[[gnu::noinline]] std::vector<int> ids_of(const std::vector<char32_t>& characters, const std::vector<char32_t>& chars) {
    std::array<int, 128> ascii;
    ascii.fill(-1);
    for (std::size_t i = 0; i < chars.size() && chars[i] < 128; ++i) ascii[chars[i]] = static_cast<int>(i);
    std::vector<int> ids(characters.size());
    for (std::size_t i = 0; i < characters.size(); ++i) {
        const char32_t c = characters[i];
        if (c < 128) {
            ids[i] = ascii[c];
        } else {
            const auto it = std::lower_bound(chars.begin(), chars.end(), c);
            ids[i] = static_cast<int>(it - chars.begin());
        }
    }
    return ids;
}

}  // namespace

Corpus::Corpus(const std::string& text) {
    const std::vector<char32_t> characters = decode_text(text);
    chars_ = distinct_characters(characters);
    const int distinct = static_cast<int>(chars_.size());
    if (distinct < kMinDistinct)
        throw ParamError("text", "The text uses only " + std::to_string(distinct) + " different character" +
                                     (distinct == 1 ? "" : "s") + "; the model needs at least " +
                                     std::to_string(kMinDistinct) + " to have something to predict.");
    if (distinct > kMaxDistinct)
        throw ParamError("text", "The text uses " + std::to_string(distinct) + " different characters; the model " +
                                     "reads at most " + std::to_string(kMaxDistinct) +
                                     ". Use a text in one language, or a shorter part of it.");
    ids_ = ids_of(characters, chars_);
    train_size_ = static_cast<long>(std::floor(kTrainShare * static_cast<double>(ids_.size())));
}

int Corpus::id_of(char32_t c) const {
    const auto it = std::lower_bound(chars_.begin(), chars_.end(), c);
    return it != chars_.end() && *it == c ? static_cast<int>(it - chars_.begin()) : -1;
}

std::vector<int> Corpus::encode(const std::string& text, const std::string& param) const {
    std::vector<char32_t> characters;
    try {
        characters = decode_text(text);
    } catch (const ParamError& e) {
        throw ParamError(param, e.what());
    }
    std::vector<int> out;
    out.reserve(characters.size());
    for (char32_t c : characters) {
        const int id = id_of(c);
        if (id < 0)
            throw ParamError(param, "The training text never uses " + describe_char(c) +
                                        ", so the model has no vector for it. Leave it out.");
        out.push_back(id);
    }
    return out;
}

std::string Corpus::decode(const std::vector<int>& ids) const {
    std::string out;
    for (int id : ids) out += utf8(chars_.at(static_cast<std::size_t>(id)));
    return out;
}

void Corpus::draw_batch(Rng& rng, int batch, int length, std::vector<long>& starts) const {
    const long choices = train_size_ - length;  // a window needs length + 1 ids
    starts.resize(static_cast<std::size_t>(batch));
    for (int b = 0; b < batch; ++b) starts[static_cast<std::size_t>(b)] = static_cast<long>(rng.below(choices));
}

void Corpus::gather(const std::vector<long>& starts, int first, int n, int length, std::vector<int>& inputs,
                    std::vector<int>& targets) const {
    inputs.resize(static_cast<std::size_t>(n) * length);
    targets.resize(inputs.size());
    for (int b = 0; b < n; ++b) {
        const long start = starts[static_cast<std::size_t>(first + b)];
        for (int t = 0; t < length; ++t) {
            inputs[static_cast<std::size_t>(b) * length + t] = ids_[static_cast<std::size_t>(start + t)];
            targets[static_cast<std::size_t>(b) * length + t] = ids_[static_cast<std::size_t>(start + t + 1)];
        }
    }
}

}  // namespace attn::nn::lm
