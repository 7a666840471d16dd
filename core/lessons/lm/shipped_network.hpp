#pragma once
// The network the lesson ships: the lesson's default language model (nn/lm/lm_trainer.hpp,
// LmConfig) trained natively on the site's lessons' own text by scripts/make_lm_weights.sh,
// which writes its weights into shipped_network.inc. Compiled into the lesson's module, so
// every demo works before the learner trains anything.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "math/matrix.hpp"
#include "nn/lm/char_lm.hpp"
#include "nn/lm/corpus.hpp"

namespace attn::lesson_lm {

struct ShippedNetwork {
    nn::lm::CharLm<float>& model;
    const nn::lm::Corpus& vocabulary;  // its characters (a Corpus of each character once: ids by code point)
    std::string characters;            // the same characters, UTF-8, in id order
    long steps;                        // training steps taken
    long text_chars;                   // characters of the text it learnt from
    double validation_loss;            // on the text's last 10 % [nats per character]
};

// The network the demos read: the one the lesson ships (built on first use, from
// shipped_network.inc), or the learner's once use_network() has loaded it.
ShippedNetwork& shipped_network();
// The one the lesson ships, whichever is in use.
ShippedNetwork& lesson_network();

// Makes the network in a weights file (nn/lm/lm_weights.hpp) the one the demos read; "" puts the
// lesson's back. ParamError on "weights" (and the network in use unchanged) when the file is refused.
void use_network(const std::string& weights_file);

// The demos' slot, as the page's networks (web/runtime/networks.js) name the network they read.
constexpr const char* kSlot = "next-character/char-lm";

// The ids of `prompt` (ParamError on "prompt" for a character the network has no vector for, or
// none at all) and its last `context` of them, the window the network reads.
std::vector<int> prompt_window(const ShippedNetwork& net, const std::string& prompt);
// How many characters `prompt` has, all of them, however many the window keeps.
std::size_t prompt_characters(const ShippedNetwork& net, const std::string& prompt);

// The prompt's characters as labels: "t", "h", "space", "newline".
std::vector<std::string> char_labels(const ShippedNetwork& net, const std::vector<int>& ids);
std::string char_label(const ShippedNetwork& net, int id);
// A character in a sentence: "space", "newline", or the character in quotes ("the logit of “,”").
std::string char_words(const ShippedNetwork& net, int id);

// One heat map of a heat_maps figure: a label and its rows of values.
nlohmann::json heat_map(const std::string& label, const Matrix& values);
// A heat_maps figure (core/demo/figure_kinds.json): maps over the same rows and columns;
// scale "weights" (0 to 1) or "signed" (around 0).
nlohmann::json heat_maps(const std::string& name, const std::string& title, const std::vector<std::string>& rows,
                         const std::vector<std::string>& cols, nlohmann::json maps, const std::string& scale);

// "the prompt" as a learner would read it in a sentence: “the q”.
std::string quoted(const std::string& text);

}  // namespace attn::lesson_lm
