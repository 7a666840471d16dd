// Summaries of networks whose weights load on request (models/model_summary.hpp),
// and the comparison that shows their recorded figures until the weights come.
#include <catch2/catch.hpp>

#include <functional>

#include <nlohmann/json.hpp>

#include "api/demos.hpp"
#include "base/error.hpp"
#include "models/model_store.hpp"
#include "support/pretrained.hpp"
#include "api/models.hpp"

using json = nlohmann::json;
using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using namespace attn;

namespace {

// The Plain-256 summary with one change.
std::string edited_summary(const std::function<void(json&)>& edit) {
    json doc = table_test::summary_doc("find/plain-256");
    edit(doc);
    return doc.dump();
}

json compare() {
    const json out = json::parse(run_demo_json("table_compare", "{}"));
    REQUIRE(out["ok"] == true);
    return out["result"];
}

}  // namespace

TEST_CASE("model summary: Plain-256's summary gives the figures its weights file recorded, without the weights") {
    models::ModelStore store;
    const json file = table_test::weights_doc("find/plain-256");
    const models::ModelSummary& s = store.store_summary("find/plain-256", table_test::summary_doc("find/plain-256").dump());
    CHECK(s.model == "plain-256");
    CHECK(s.task == table::Task::Find);
    CHECK(s.parameters == 91138);
    CHECK(s.miss_4_cm == file["misses"]["4"].get<double>());
    CHECK(s.miss_6_cm == file["misses"]["6"].get<double>());
    CHECK(s.training == file["training"]);
    CHECK(store.find_summary("find/plain-256") == &s);
    CHECK(store.find("find/plain-256") == nullptr);
    CHECK(store.slots().empty());
}

TEST_CASE("model summary: a summary without \"training\" is accepted") {
    models::ModelStore store;
    CHECK(store.store_summary("find/plain-256", edited_summary([](json& d) { d.erase("training"); })).training.is_null());
}

TEST_CASE("model summary: a parameter count other than the named network's is refused with both counts") {
    models::ModelStore store;
    CHECK_THROWS_WITH(store.store_summary("find/plain-256", edited_summary([](json& d) { d["parameters"] = 91000; })),
                      Contains("\"parameters\" is 91000 but a plain-256 network has 91138"));
}

TEST_CASE("model summary: a bad summary is refused with a clear message and the slot keeps its summary") {
    models::ModelStore store;
    const models::ModelSummary& before = store.store_summary("find/plain-256", table_test::summary_doc("find/plain-256").dump());
    const double miss_4 = before.miss_4_cm;

    const std::vector<std::pair<std::string, std::string>> bad = {
        {"not JSON", "{\"format\": "},
        {"an empty text", ""},
        {"an array", "[1, 2]"},
        {"another format", edited_summary([](json& d) { d["format"] = "attn-nn-weights"; })},
        {"another version", edited_summary([](json& d) { d["version"] = 2; })},
        {"an unknown field", edited_summary([](json& d) { d["values"] = json::array(); })},
        {"another network", table_test::summary_doc("find/plain-16").dump()},
        {"no model", edited_summary([](json& d) { d.erase("model"); })},
        {"a wrong parameter count", edited_summary([](json& d) { d["parameters"] = 1858; })},
        {"a fractional parameter count", edited_summary([](json& d) { d["parameters"] = 91138.5; })},
        {"a parameter count as text", edited_summary([](json& d) { d["parameters"] = "91138"; })},
        {"no misses", edited_summary([](json& d) { d.erase("misses"); })},
        {"no miss with 6 objects", edited_summary([](json& d) { d["misses"].erase("6"); })},
        {"a negative miss", edited_summary([](json& d) { d["misses"]["4"] = -1; })},
        {"a miss that is not a number", edited_summary([](json& d) { d["misses"]["6"] = "far"; })},
        {"training that is not an object", edited_summary([](json& d) { d["training"] = 30; })},
    };
    for (const auto& [what, text] : bad) {
        INFO(what);
        try {
            store.store_summary("find/plain-256", text);
            FAIL("accepted " << what);
        } catch (const ParamError& e) {
            CHECK(e.param() == "summary");
            CHECK_THAT(e.what(), Contains("cannot load the summary"));
        }
        REQUIRE(store.find_summary("find/plain-256") == &before);
        CHECK(before.miss_4_cm == miss_4);
    }
}

TEST_CASE("model summary: a bad slot name is refused on \"slot\"") {
    models::ModelStore store;
    for (const char* slot : {"plain-256", "fetch/plain-256", "find/resnet", ""}) {
        INFO("slot " << slot);
        try {
            store.store_summary(slot, table_test::summary_doc("find/plain-256").dump());
            FAIL("accepted slot " << slot);
        } catch (const ParamError& e) {
            CHECK(e.param() == "slot");
        }
    }
}

TEST_CASE("load_model_summary_json: answers with the recorded figures, or the error shape") {
    const json ok = json::parse(load_model_summary_json("find/plain-256", table_test::summary_doc("find/plain-256").dump()));
    CHECK(ok["ok"] == true);
    CHECK(ok["slot"] == "find/plain-256");
    CHECK(ok["model"] == "plain-256");
    CHECK(ok["parameters"] == 91138);
    CHECK(ok["misses"]["6"] == table_test::weights_doc("find/plain-256")["misses"]["6"]);

    const json bad = json::parse(load_model_summary_json("find/plain-256", "{}"));
    CHECK(bad["ok"] == false);
    CHECK(bad["error"]["param"] == "summary");
    CHECK(json::parse(load_model_summary_json("nowhere", "{}"))["error"]["param"] == "slot");
    models::model_store().clear();
    table_test::load_pretrained();  // as the other tests expect
}

TEST_CASE("table_compare: with only Plain-256's summary it prints the recorded figures, marked as measured natively") {
    models::ModelStore& store = models::model_store();
    store.clear();
    for (const std::string& slot : table_test::shipped_slots())
        if (slot != "find/plain-256") store.store(slot, table_test::weights_text(slot));
    store.store_summary("find/plain-256", table_test::summary_doc("find/plain-256").dump());
    const json file = table_test::weights_doc("find/plain-256");

    const json recorded = compare();
    const std::vector<std::string> lines = recorded["printed"];
    REQUIRE(lines.size() == 4);
    CHECK_THAT(lines[2], Contains("plain-256") && Contains("91138 parameters") && EndsWith(" *"));
    CHECK(lines[3] == "* measured natively when the weights were made; the weights load on request");
    CHECK(recorded["numbers"]["plain256_miss_4"] == file["misses"]["4"]);
    CHECK(recorded["numbers"]["plain256_miss_6"] == file["misses"]["6"]);
    CHECK(recorded["numbers"]["plain256_parameters"] == 91138);
    json figures = file["training"];
    figures.erase("task");  // a word: the result's numbers hold only the record's figures
    CHECK(recorded["numbers"]["plain256_training"] == figures);
    CHECK(recorded["tables"][0]["row_labels"][2] == "Plain-256 (recorded)");

    SECTION("once the weights are loaded, the same figures come from the network, unmarked") {
        store.store("find/plain-256", table_test::weights_text("find/plain-256"));
        const json live = compare();
        CHECK(live["printed"].size() == 3);
        CHECK(live["printed"][2] == lines[2].substr(0, lines[2].size() - 2));
        CHECK(live["numbers"] == recorded["numbers"]);
        CHECK(live["tables"][0]["row_labels"][2] == "Plain-256");
    }
    store.clear();
    table_test::load_pretrained();
}

TEST_CASE("summarize_weights: a weights file's summary carries its network, count, misses and training, and reads back") {
    for (const std::string& slot : table_test::shipped_slots()) {
        INFO(slot);
        const nlohmann::json made = attn::models::summarize_weights(slot, table_test::weights_text(slot));
        CHECK(made == table_test::summary_doc(slot));  // counted here from the file itself
        const attn::models::ModelSummary back = attn::models::parse_model_summary(slot, made.dump());
        CHECK(back.parameters == made["parameters"].get<long>());
    }
}
