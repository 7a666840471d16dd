#include "api/lm_network.hpp"

#include "api/api_json.hpp"
#include "lessons/lm/shipped_network.hpp"

namespace attn {

std::string load_lm_network_json(const std::string& slot, const std::string& weights_file) {
    return api_json::guarded([&] {
        if (slot != lesson_lm::kSlot)
            throw ParamError("slot", "This page has one network, \"" + std::string(lesson_lm::kSlot) + "\", not \"" + slot + "\".");
        lesson_lm::use_network(weights_file);
        const lesson_lm::ShippedNetwork& net = lesson_lm::shipped_network();
        return api_json::json{{"ok", true}, {"parameters", net.model.parameter_count()}, {"vocab", net.vocabulary.vocab_size()}};
    });
}

}  // namespace attn
