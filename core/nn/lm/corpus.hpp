#pragma once
// A text made ready for the language model: its vocabulary (the distinct
// characters, sorted by code point; a character's id is its place in that
// list), the text as ids, and a fixed split: the first 90 % to train on, the
// rest to validate (never trained on, so its loss shows what was learned
// rather than remembered).
#include <string>
#include <vector>

#include "math/rng.hpp"

namespace attn::nn::lm {

constexpr double kTrainShare = 0.9;

class Corpus {
public:
    // Checks the text (nn/lm/text.hpp) and its distinct characters
    // (kMinDistinct to kMaxDistinct); ParamError on "text" otherwise.
    explicit Corpus(const std::string& text);

    int vocab_size() const { return static_cast<int>(chars_.size()); }
    // id -> character
    const std::vector<char32_t>& chars() const { return chars_; }
    // The id of a character, or -1 when the text never uses it.
    int id_of(char32_t c) const;
    // `text` as ids; ParamError on `param` naming the first character the vocabulary lacks.
    std::vector<int> encode(const std::string& text, const std::string& param) const;
    std::string decode(const std::vector<int>& ids) const;

    const std::vector<int>& ids() const { return ids_; }
    long size() const { return static_cast<long>(ids_.size()); }
    long train_size() const { return train_size_; }  // ids [0, train_size) train
    long valid_size() const { return size() - train_size_; }  // ids [train_size, size) validate

    // `batch` windows of `length` + 1 ids from the training part, each start
    // uniform from `rng` (rng.below), in order: inputs are a window's first
    // `length` ids, targets its last `length` (each place's next character).
    void draw_batch(Rng& rng, int batch, int length, std::vector<long>& starts) const;
    // Inputs and targets of the windows starting at starts[first .. first + n).
    void gather(const std::vector<long>& starts, int first, int n, int length, std::vector<int>& inputs,
                std::vector<int>& targets) const;

private:
    std::vector<char32_t> chars_;
    std::vector<int> ids_;
    long train_size_ = 0;
};

}  // namespace attn::nn::lm
