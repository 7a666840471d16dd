#pragma once
// The lesson's pretrained networks (lessons/table/weights/*.json), read from the
// repository as the page and `attn run` read them.
#include <string>

#include <nlohmann/json.hpp>

namespace table_test {

// lessons/table/weights/<task>-<model>.json for slot "task/model".
std::string weights_path(const std::string& slot);
std::string weights_text(const std::string& slot);
nlohmann::json weights_doc(const std::string& slot);
// The summary the site build derives from that file (scripts/build-site.mjs, modelSummary).
nlohmann::json summary_doc(const std::string& slot);

// Loads every pretrained network into this process's model store (again, if a test emptied it).
void load_pretrained();

// The six slots the lesson ships.
const char* const kSlots[] = {"find/lookup",    "find/plain-16",         "find/plain-256",
                              "nearest/lookup", "nearest/transformer-1", "nearest/transformer-2"};

}  // namespace table_test
