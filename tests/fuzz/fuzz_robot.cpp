// libFuzzer target: the robot of the lesson's Python programs (robot_call_json). Input: up to
// kMaxCalls lines, each "<op> <arguments JSON>", run in order on the one robot (so a connect
// is followed by drives and waits); an op that is no robot command picks one by its first byte,
// so every command is reached. Every answer is checked (fuzz_support.hpp), and a refusal
// of one argument names its range.
#include <cstdint>
#include <sstream>

#include "api/robot_session.hpp"
#include "fuzz_support.hpp"

namespace {

// Bounded work per input: a wait of an hour while driving is 360,000 motion steps.
constexpr int kMaxCalls = 16;
const char* const kOps[] = {"connect", "drive", "stop", "wait", "distance", "position", "heading", "arguments"};
constexpr std::size_t kOpCount = sizeof kOps / sizeof kOps[0];

bool is_op(const std::string& op) {
    for (const char* known : kOps)
        if (op == known) return true;
    return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
    std::string line;
    for (int calls = 0; calls < kMaxCalls && std::getline(lines, line); ++calls) {
        const std::size_t space = line.find(' ');
        std::string op = line.substr(0, space);
        const std::string args = space == std::string::npos ? "" : line.substr(space + 1);
        if (!is_op(op)) op = kOps[(op.empty() ? 0 : static_cast<unsigned char>(op[0])) % kOpCount];
        const std::string answer = attn::robot_call_json(op, args);
        const attn_fuzz::json j = attn_fuzz::check_answer(answer, args);
        if (j["ok"] == false) {
            const std::string message = j["error"]["message"];
            if (!j["error"]["param"].get<std::string>().empty() && message.find(" between ") == std::string::npos)
                attn_fuzz::broken("a refused argument's message names its range", answer);
            continue;
        }
        for (const char* reading : {"time", "cm", "x", "y", "deg"})
            if (j.contains(reading) && !j[reading].is_number()) attn_fuzz::broken("every reading is a number", answer);
    }
    return 0;
}
