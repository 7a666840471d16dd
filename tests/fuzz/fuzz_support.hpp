#pragma once
// What every fuzz target checks of an answer of the core's JSON surface: it is
// JSON, it has the documented shape, a refusal is a plain sentence, and an
// ok:true demo result is finite. A broken rule aborts, which libFuzzer reports
// with the input that broke it. (AddressSanitizer and UndefinedBehaviorSanitizer
// catch the rest.)
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "demo/finite_result.hpp"

namespace attn_fuzz {

using json = nlohmann::json;

[[noreturn]] inline void broken(const std::string& rule, const std::string& answer) {
    std::fprintf(stderr, "fuzz rule broken: %s\nanswer: %.600s\n", rule.c_str(), answer.c_str());
    std::abort();
}

// The input split at its first newline: "worked_example\n{...}" -> {"worked_example", "{...}"}.
inline std::pair<std::string, std::string> head_and_body(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::size_t newline = text.find('\n');
    if (newline == std::string::npos) return {"", text};
    return {text.substr(0, newline), text.substr(newline + 1)};
}

// Checks the answer to `input` (its shape, a plain refusal) and returns it parsed.
inline json check_answer(const std::string& answer, const std::string& input = "") {
    if (!json::accept(answer)) broken("the answer is JSON", answer);
    const json j = json::parse(answer);
    if (!j.is_object() || !j.contains("ok") || !j["ok"].is_boolean()) broken("the answer has a boolean ok", answer);
    if (j["ok"] == true) return j;
    if (!j.contains("error") || !j["error"].contains("message") || !j["error"]["message"].is_string())
        broken("a refusal has error.message", answer);
    const std::string message = j["error"]["message"];
    if (message.empty()) broken("a refusal's message is not empty", answer);
    // nlohmann's own text, unless the input itself held it (messages echo what was sent).
    if (message.find("[json.exception.") != std::string::npos && input.find("json.exception") == std::string::npos)
        broken("no nlohmann text in a message", answer);
    if (message.rfind("the request could not be done", 0) == 0) broken("no unexpected exception", answer);
    return j;
}

inline void check_finite_result(const json& answer, const std::string& text) {
    try {
        attn::require_finite_result(answer["result"]);
    } catch (const std::exception& e) {
        broken(std::string("an ok:true result is finite: ") + e.what(), text);
    }
}

inline std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The lesson's six networks, so that the table demos compute rather than refuse.
inline void load_pretrained(std::string (*load)(const std::string&, const std::string&)) {
    for (const char* slot : {"find/lookup", "find/plain-16", "find/plain-256", "nearest/lookup",
                             "nearest/transformer-1", "nearest/transformer-2"}) {
        std::string file = slot;
        file[file.find('/')] = '-';
        const std::string answer = load(slot, read_file(std::string(ATTN_SOURCE_DIR) + "/lessons/table/weights/" + file + ".json"));
        if (json::parse(answer)["ok"] != true) broken("the lesson's weights load", answer);
    }
}

}  // namespace attn_fuzz
