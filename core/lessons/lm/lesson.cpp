// This folder's demos, in the lesson's order (demo.hpp, LessonDemos).
#include "lessons/lm/demos.hpp"

namespace attn::lesson_lm {

// The four demos read the network in use (shipped_network.hpp), which a training in the page replaces.
Demo reading_the_network(Demo demo) {
    demo.networks = {kSlot};
    return demo;
}

const LessonDemos registered(6, "lm", [] {
    return std::vector<Demo>{reading_the_network(lm_embed()), reading_the_network(lm_head()),
                             reading_the_network(lm_heads()), reading_the_network(lm_next()), lm_train()};
});

}  // namespace attn::lesson_lm
