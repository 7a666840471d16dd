#pragma once
// Demos of the lesson "A language model you can read" (lessons/lm): the shipped character-level
// language model (shipped_network.hpp) on a prompt the learner types, one piece at a time.
#include <string>
#include <vector>

#include "demo/demo.hpp"
#include "lessons/lm/shipped_network.hpp"

namespace attn::lesson_lm {

Demo lm_embed();   // characters -> ids -> token rows + position rows
Demo lm_head();    // one head's learned Q, K, V, scores, causal mask and weights
Demo lm_heads();   // every head of every block as heat maps
Demo lm_next();    // the next character's probabilities, temperature, top-k, seeded sampling
Demo lm_train();   // the settings of a training in the page, and what it will be

// The prompt the learner types: at most 200 characters, each one the network has a vector for.
ParamSpec prompt_param(const std::string& default_prompt);
// The network's forward pass over the prompt's window (its last `context` characters), unless the
// model's last pass read that same window (its layers then hold it already).
void read_prompt(ShippedNetwork& net, const std::vector<int>& ids);
// The rows `which` of a trained table, in double (the token rows of the ids, the position rows of the places).
Matrix rows_of(const Mat<float>& table, const std::vector<int>& which);

}  // namespace attn::lesson_lm
