#include "explain/explainers.hpp"

#include <map>

namespace attn::explain {
namespace {

// A function's static, so it exists before any lesson.cpp's registration runs.
std::map<std::string, Explainer>& registered() {
    static std::map<std::string, Explainer> by_demo;
    return by_demo;
}

}  // namespace

Explainers::Explainers(std::vector<std::pair<const char*, Explainer>> by_demo) {
    for (const auto& [id, f] : by_demo) registered()[id] = f;
}

Explainer find_explainer(const std::string& demo_id) {
    const auto found = registered().find(demo_id);
    return found == registered().end() ? nullptr : found->second;
}

}  // namespace attn::explain
