#pragma once
// The character-level language model (core/nn/lm/), trained and sampled a few
// steps at a time through JSON, as api/training.hpp does for the table
// lesson's networks. Nothing here throws; errors have the shape of
// api/demos.hpp ({"ok": false, "error": {"param", "message"}}).
#include <string>

namespace attn {

// Starts a training on `text` (the learner's text itself, not JSON: up to 2 MB
// of UTF-8, checked by nn/lm/text.hpp), replacing any running one; a refused
// one leaves none.
// settings: {"layers", "heads", "width", "context", "batch", "lr", "weight_decay", "steps", "seed"},
// each optional (nn::lm::LmConfig's defaults).
// -> {"ok": true, "parameters", "vocab", "chars": [each character as a string], "train_chars",
//     "valid_chars", "total_steps", "parts", "block"}
std::string lm_start_json(const std::string& text, const std::string& settings_json);

// Takes up to `steps` more steps. -> {"ok": true, "step", "total_steps", "loss", "done", "failed", "message"}
std::string lm_advance_json(double steps);

// -> {"ok": true, "loss"}: the validation loss [nats per character].
std::string lm_validation_json();

// {"prompt", "temperature" (1), "top_k" (0: all)} -> {"ok": true, "probabilities": [one per character, by id]}
std::string lm_next_json(const std::string& params_json);

// {"prompt", "count" (200), "temperature" (1), "top_k" (0), "seed" (0)} -> {"ok": true, "text"}
std::string lm_generate_json(const std::string& params_json);

// The network trained so far as a weights file (nn/lm/lm_weights.hpp), with its validation loss:
// -> {"ok": true, "file": "<the file's text>", "validation_loss"}
std::string lm_weights_json();

// Training across Web Workers, as api/training.hpp: exchange block `slot` <- the
// gradient of parts [first, first + count) of step `step`, then their summed loss.
std::string lm_parts_gradient_json(double step, double first, double count, double slot);
// Sums the exchange's first `blocks` blocks as the fixed tree and takes the step. -> progress
std::string lm_step_json(double blocks);
float* lm_exchange_data();
long lm_exchange_size();

}  // namespace attn
