// This folder's demos, in the lesson's order (demo.hpp, LessonDemos).
#include "lessons/table/demos.hpp"

namespace attn::lesson_table {

const LessonDemos registered(4, "table", [] {
    return std::vector<Demo>{table_tokens(),  table_hand(),   table_lab(), table_compare(),
                             table_order(),   table_layers(), act_sizes()};
});

}  // namespace attn::lesson_table
