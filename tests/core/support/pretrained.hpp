#pragma once
// The lesson's pretrained networks (lessons/table/weights/*.json), read from the
// repository as the page and `attn run` read them.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace table_test {

// The shipped weights file of slot "task/model", as the network table names it
// (nn/network_table.cpp); a slot with none is a runtime_error.
std::string weights_path(const std::string& slot);
std::string weights_text(const std::string& slot);
nlohmann::json weights_doc(const std::string& slot);
// The summary the site build derives from that file (scripts/build-site.mjs, modelSummary).
nlohmann::json summary_doc(const std::string& slot);

// Loads every pretrained network into this process's model store (again, if a test emptied it).
void load_pretrained();

// Every slot whose weights the network table ships, in the table's order.
std::vector<std::string> shipped_slots();

}  // namespace table_test
