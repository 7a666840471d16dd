#pragma once
// A language model as a file: its shape, its characters, how it was trained and
// every float32's bits (base64, little-endian, in named_parameters() order).
// The page downloads the learner's network as one and loads one back; a file
// that comes back is untrusted, so reading it bounds its size first, then checks
// every field and that the weights fill the shape exactly.
//
// {"network": "char-lm", "layers", "heads", "width", "context", "characters": "...",
//  "steps", "text_chars", "validation_loss", "weights": "base64"}
#include <memory>
#include <string>

#include "nn/lm/char_lm.hpp"
#include "nn/lm/corpus.hpp"

namespace attn::nn::lm {

// Above any file the trainer's bounds can make (1.3 M floats at the largest sizes, 6.8 MB of base64).
constexpr std::size_t kMaxWeightsFileBytes = 8u * 1024u * 1024u;

struct LmRecord {
    long steps = 0;               // training steps taken
    long text_chars = 0;          // characters of the text it learnt from
    double validation_loss = 0;   // on that text's last tenth [nats per character]
};

struct LoadedLm {
    std::string characters;       // UTF-8, in id order
    std::unique_ptr<Corpus> vocabulary;
    std::unique_ptr<CharLm<float>> model;
    LmRecord record;
};

std::string weights_file(const CharLm<float>& model, const Corpus& vocabulary, const LmRecord& record);

// ParamError on "weights" in the learner's words when the text is not such a file.
LoadedLm read_weights_file(const std::string& text);

}  // namespace attn::nn::lm
