#pragma once
// Every network the lessons train, one entry each: its name, how it is built,
// the rate the lesson chose for each task, how its batches are cut, its
// PyTorch parity fixture and its shipped weights. The trainer, the model store,
// the `attn` tool (usage text, `attn networks --json`), the demos, the scripts
// (torch_reference.py, make_table_weights.sh) and the tests all read this
// table. A new network is its class plus one entry (docs/networks.md).
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "nn/network.hpp"

namespace attn::nn {

// What a network reads: a batch of table scenes (nn/network.hpp), or text as
// token ids (a language model, with its own class and trainer: no builder here).
enum class NetworkInput { TableScene, Text };

// A task the lesson trained the network for.
struct LessonTraining {
    std::string task;       // "find" or "nearest" (table scenes); "next-character" (text)
    double rate = 0;        // the Adam (AdamW for text) learning rate the lesson chose
    std::string weights;    // the shipped weights, from the repository's root; "" when none is shipped
    bool load_on_request = false;  // the page starts from the weights' summary and loads them when asked
};

template <typename T>
using NetworkBuilder = std::unique_ptr<Network<T>> (*)();

struct NetworkEntry {
    std::string name;        // "transformer-2": as files, slots, links and the command line name it
    std::string label;       // "Transformer-2": as the lessons' text names it
    NetworkInput input = NetworkInput::TableScene;
    std::string class_name;  // "Transformer": the C++ class, and the PyTorch module torch_reference.py builds
    // The constructor's arguments: {2} layers. For text, the lesson's default
    // {layers, heads, width, context} (the vocabulary comes from the text).
    std::vector<int> sizes;
    NetworkBuilder<float> build_float = nullptr;    // the class with these sizes, uninitialised
    NetworkBuilder<double> build_double = nullptr;  // (nullptr for a network that is not a table scene's)
    int batch_parts = 1;     // parts of a training batch (nn/batch_parts.hpp)
    std::string fixture;     // the PyTorch parity fixture, from the repository's root (tests/fixtures/nn/<name>.json)
    std::vector<LessonTraining> trained;  // the tasks the lesson chose a rate for

    // The training for `task`, or nullptr when the lesson chose no rate for it.
    const LessonTraining* training_for(const std::string& task) const;
};

// Every network, in the order the lessons list them.
const std::vector<NetworkEntry>& network_table();

// The entry named `name`, or nullptr.
const NetworkEntry* find_network(const std::string& name);

// The network the lessons, the trainer and the `attn` tool start from when none
// is named: the table's first table-scene entry (Lookup, the lesson's first network).
const NetworkEntry& default_network();

// The language model's entry: the one network that reads text (nn/lm/).
const NetworkEntry& language_model();

// "lookup, transformer-1, transformer-2, plain-16 or plain-256": the table-scene
// networks, for messages that list the choices.
std::string network_choices_text();

// The table as `attn networks --json` prints it: a list of entries with every
// field above (the builder as its class and sizes) and each network's parameter count.
nlohmann::json network_table_json();

}  // namespace attn::nn
